#!/usr/bin/env python3
"""The whole corpus (tests/submissions) run on every spec with the plain launch and with the fork launch:
prints every run whose session (everything the program printed at each step, how it ended, its exit
status or signal) or verdict differs, and exits 1 if any does, 0 if all are identical.

    .venv/bin/python bench/launch_equivalence.py [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import emit  # noqa: E402

from grader.judge.judging import Session, Verdict, judge  # noqa: E402
from grader.grading.corpus import load_corpus, specs_for  # noqa: E402
from grader.sandbox.protections import protections  # noqa: E402
from grader.engine.runner import Options, run_spec  # noqa: E402
from grader.sandbox.isolated import FORK, PLAIN  # noqa: E402
from grader.spec.specs import Spec, load_specs  # noqa: E402


def run(folder: Path, spec: Spec, launch: str) -> tuple[Session, Verdict]:
    session = run_spec(folder, spec, Options(launch=launch))
    return session, judge(spec, session)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(protections().describe())
    if not protections().isolated:
        raise SystemExit("nothing to compare: without isolation both launches are the same exec")
    entries, specs = load_corpus(ROOT / "tests" / "submissions"), load_specs(ROOT / "specs")
    work = [(entry, spec) for entry in entries for spec in specs_for(entry, specs) if not spec.referee]

    def both(pair):
        entry, spec = pair
        return entry.name, spec.id, run(entry.path, spec, PLAIN), run(entry.path, spec, FORK)

    differing = 0
    with ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        for name, spec_id, (plain_session, plain), (forked_session, forked) in pool.map(both, work):
            if (plain_session, plain) != (forked_session, forked):
                differing += 1
                print(f"{name} / {spec_id}: plain {plain.kind} ({plain.message!r}, ended {plain_session.end}, "
                      f"{plain_session.outputs!r}), fork {forked.kind} ({forked.message!r}, ended {forked_session.end}, "
                      f"{forked_session.outputs!r})")
    print(f"{len(entries)} submissions, {len(work)} spec runs each way: {differing} differ in output, ending or verdict")
    emit({"submissions": len(entries), "runs": len(work), "differing": differing})
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
