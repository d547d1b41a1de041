#!/usr/bin/env python3
"""What a program that never ends costs, against a correct one: the wall time of a whole `check` (every
spec, as a student or CI runs it) on the reference and on the corpus's two hangers, side by side.

  correct   `python -m grader check reference`
  busy      `python -m grader check tests/submissions/hang-busy-loop-after-win` (busy loop after the last line)
  asleep    `python -m grader check tests/submissions/hang-sleeps-after-last-line` (sleeps after the last line)

    .venv/bin/python bench/hang_cost.py [--repetitions 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REFERENCE, ROOT, SUBMISSIONS, emit, interleaved, median  # noqa: E402

VARIANTS = {
    "correct": REFERENCE,
    "busy": SUBMISSIONS / "hang-busy-loop-after-win",
    "asleep": SUBMISSIONS / "hang-sleeps-after-last-line",
}


def check(folder: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "grader", "check", str(folder)], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"check {folder} could not grade (exit {done.returncode})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repetitions", type=int, default=3)
    args = parser.parse_args()
    times = interleaved({name: (lambda folder=folder: check(folder)) for name, folder in VARIANTS.items()},
                        args.repetitions)
    medians = {name: median(values) for name, values in times.items()}
    for name, seconds in medians.items():
        print(f"{name:8} {seconds:7.2f} s   {seconds / medians['correct']:5.1f}x correct")
    emit({"seconds": medians, "busy_over_correct": medians["busy"] / medians["correct"],
          "asleep_over_correct": medians["asleep"] / medians["correct"]})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
