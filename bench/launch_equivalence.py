#!/usr/bin/env python3
"""The whole corpus (tests/submissions) graded on every spec with the plain launch and with the fork launch
(`--launch fork`): prints every verdict that differs and exits 1 if any does, 0 if all are identical.

    .venv/bin/python bench/launch_equivalence.py [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.mutants import grade_corpus, load_corpus  # noqa: E402
from grader.protections import protections  # noqa: E402
from grader.runner import Options  # noqa: E402
from grader.sandbox import FORK, PLAIN  # noqa: E402
from grader.specs import load_specs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(protections().describe())
    if not protections().isolated:
        raise SystemExit("nothing to compare: without isolation both launches are the same exec")
    entries, specs = load_corpus(ROOT / "tests" / "submissions"), load_specs(ROOT / "specs")
    verdicts = {launch: grade_corpus(entries, specs, Options(launch=launch), jobs=args.jobs) for launch in (PLAIN, FORK)}
    differing = [(name, plain, forked) for name, plains in verdicts[PLAIN].items()
                 for plain, forked in zip(plains, verdicts[FORK][name]) if plain != forked]
    for name, plain, forked in differing:
        print(f"{name} / {plain.spec.id}: plain {plain.kind} ({plain.message!r}), fork {forked.kind} ({forked.message!r})")
    runs = sum(len(plains) for plains in verdicts[PLAIN].values())
    print(f"{len(entries)} submissions, {runs} spec runs each way: {len(differing)} verdicts differ")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
