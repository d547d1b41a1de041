#!/usr/bin/env python3
"""The wall time of a whole `check` (every spec, as a student or CI runs it), side by side with what it is
judged against: per spec, against one cold piped run of the reference (the floor), and for a program that
never ends or floods, against a correct one.

  correct   `python -m grader check reference`
  busy      `python -m grader check tests/submissions/hang-busy-loop-after-win` (busy loop after the last line)
  asleep    `python -m grader check tests/submissions/hang-sleeps-after-last-line` (sleeps after the last line)
  flood     `python -m grader check tests/hostile/report_flood` (24,000 alternating short lines at every step,
            up to the 1 MB output limit: every step of every spec differs by a flood the report must tell)
  floor     the reference run cold, `python3 mastermind.py` with each spec's inputs piped in, one spec after
            another (reported per spec: the total over the number of specs)

    .venv/bin/python bench/hang_cost.py [--repetitions 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REFERENCE, ROOT, SPECS, SUBMISSIONS, emit, floor_run, interleaved, median  # noqa: E402

from grader.spec.specs import load_specs  # noqa: E402

VARIANTS = {
    "correct": REFERENCE,
    "busy": SUBMISSIONS / "hang-busy-loop-after-win",
    "asleep": SUBMISSIONS / "hang-sleeps-after-last-line",
    "flood": ROOT / "tests" / "hostile" / "report_flood",
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
    specs = [spec for spec in load_specs(SPECS) if not spec.referee]
    variants = {name: (lambda folder=folder: check(folder)) for name, folder in VARIANTS.items()}
    variants["floor"] = lambda: [floor_run(REFERENCE, spec.inputs) for spec in specs]
    times = interleaved(variants, args.repetitions)
    medians = {name: median(values) for name, values in times.items()}
    for name in VARIANTS:
        print(f"{name:8} {medians[name]:7.2f} s   {medians[name] / medians['correct']:5.1f}x correct")
    floor, check_per_spec = medians["floor"] / len(specs), medians["correct"] / len(specs)
    print(f"check on the reference: {check_per_spec * 1000:.1f} ms per spec ({len(specs)} specs), one cold piped "
          f"run {floor * 1000:.1f} ms: {check_per_spec / floor:.2f}x the floor")
    emit({"seconds": medians, "busy_over_correct": medians["busy"] / medians["correct"],
          "asleep_over_correct": medians["asleep"] / medians["correct"],
          "flood_over_correct": medians["flood"] / medians["correct"], "specs": len(specs),
          "floor_ms": floor * 1000, "check_ms_per_spec": check_per_spec * 1000})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
