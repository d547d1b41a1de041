#!/usr/bin/env python3
"""How much faster `grade` is with two jobs than with one, on a class built from the corpus.

Builds a class of N submissions (default 60) in a temporary folder by cycling through
tests/submissions/* (correct, buggy, crashing, hanging, not compiling), then runs
`python -m grader grade CLASS --force --jobs 1` and `--jobs 2` one after the other in the same run and
prints both wall times and the ratio. It also checks both runs wrote the same gradebook. Not part of
`make test`: it takes minutes (every hanging submission costs its timeout in every spec).

    .venv/bin/python bench/batch_speedup.py [--students 60] [--specs DIR] [--jobs 1 2]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, build_class  # noqa: E402
from grader.spec.specs import spec_files  # noqa: E402


def run(class_dir: Path, out: Path, jobs: int, specs: str) -> float:
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "grader", "grade", str(class_dir), "--out", str(out), "--jobs", str(jobs),
         "--force", "--specs", specs],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    seconds = time.monotonic() - started
    if done.returncode not in (0, 1):
        sys.exit(f"grade --jobs {jobs} failed with status {done.returncode}:\n{done.stdout}")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--specs", default=str(ROOT / "specs"))
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="batch-bench-") as temporary:
        class_dir = Path(temporary) / "class"
        class_dir.mkdir()
        kinds = build_class(class_dir, args.students, hangers=True)
        specs = len(spec_files(Path(args.specs)))
        print(f"class: {args.students} submissions ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}), "
              f"{specs} specs, {os.cpu_count()} cores")
        times, books = {}, {}
        for jobs in args.jobs:
            out = Path(temporary) / f"out-{jobs}"
            times[jobs] = run(class_dir, out, jobs, args.specs)
            books[jobs] = (out / "gradebook.csv").read_text()
            print(f"grade --jobs {jobs}: {times[jobs]:7.1f} s wall", flush=True)
        first = args.jobs[0]
        for jobs in args.jobs[1:]:
            same = "same gradebook" if books[jobs] == books[first] else "GRADEBOOKS DIFFER"
            print(f"speed-up --jobs {jobs} over --jobs {first}: {times[first] / times[jobs]:.2f}x ({same})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
