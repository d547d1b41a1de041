#!/usr/bin/env python3
"""How long `similar` takes on a class of 200 (the budget is 30 s, import and HTML report included).

Builds the class by cycling through tests/submissions/* (bench/common.py: over a hundred programs, most
of them variants of one reference, so hundreds of near-identical pairs: the slow case, every match
marked), then runs `python -m grader similar CLASS --out report.html` once and prints the wall time.
Exits 1 over budget. Not part of `make test`.

    .venv/bin/python bench/similarity.py [--students 200]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, build_class  # noqa: E402

BUDGET_SECONDS = 30


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        class_dir = Path(folder) / "class"
        build_class(class_dir, args.students, hangers=True)
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "grader", "similar", str(class_dir), "--out",
                               str(Path(folder) / "similar.html")], cwd=ROOT, capture_output=True, text=True)
        seconds = time.monotonic() - started
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 1
        pairs = args.students * (args.students - 1) // 2
        print(f"similar: {args.students} students, {pairs} pairs, {seconds:.1f} s (budget {BUDGET_SECONDS} s); "
              f"{done.stdout.splitlines()[0]}")
    return 0 if seconds <= BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
