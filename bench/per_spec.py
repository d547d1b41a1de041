#!/usr/bin/env python3
"""Per-spec cost against the floor, mismatch cost, and sandbox overhead, measured side by side.

For every spec of the suite, each repetition runs, in a shuffled order:
  floor      the reference as a fresh `python3 mastermind.py` with the spec's inputs piped to its stdin
  grade      grading the reference (runner.run_spec + judge), isolation on, the default fork launch
  grade-off  the same with isolation off (as under GRADER_SANDBOX=off)
  grade-plain grading the reference with isolation on and the plain launch (`--launch plain`)
  wrong      grading bug-prompt-no-trailing-space (every prompt wrong), isolation on
and reports medians per spec, the median of the per-spec ratios, and the suite totals.

    .venv/bin/python bench/per_spec.py [--repetitions 5] [--specs DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REFERENCE, SPECS, WRONG_PROMPTS, emit, floor_run, interleaved, isolation_off, median  # noqa: E402

from grader.judge.judging import judge  # noqa: E402
from grader.engine.runner import Options, run_spec  # noqa: E402
from grader.sandbox.isolated import PLAIN  # noqa: E402
from grader.sandbox.protections import protections  # noqa: E402
from grader.spec.specs import load_specs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--specs", type=Path, default=SPECS)
    args = parser.parse_args()
    specs = load_specs(args.specs)
    options = Options()
    plain = Options(launch=PLAIN)
    print(protections().describe())
    if not protections().full:
        print("WARNING: isolation is not available here: 'grade' is the fallback too")

    def grade(folder: Path, spec, expect_pass: bool | None, launched: Options = options):
        def action():
            verdict = judge(spec, run_spec(folder, spec, launched))
            if expect_pass is not None and verdict.passed != expect_pass:
                raise SystemExit(f"{folder.name} / {spec.id}: unexpected verdict {verdict.kind}: {verdict.message}")
        return action

    def grade_off(spec):
        def action():
            with isolation_off():
                grade(REFERENCE, spec, True)()
        return action

    rows = []
    print(f"{'spec':42} {'floor':>7} {'grade':>7} {'plain':>7} {'off':>7} {'wrong':>7}   grade/floor plain/floor  "
          f"off/floor  wrong/grade  grade/off")
    for spec in specs:
        times = interleaved({
            "floor": lambda: floor_run(REFERENCE, spec.inputs),
            "grade": grade(REFERENCE, spec, True),
            "grade-plain": grade(REFERENCE, spec, True, plain),
            "grade-off": grade_off(spec),
            "wrong": grade(WRONG_PROMPTS, spec, None),  # rule specs that ignore prompts pass it: cost only
        }, args.repetitions)
        m = {name: median(values) for name, values in times.items()}
        rows.append((spec.id, m))
        print(f"{spec.id:42} {m['floor']*1000:6.1f}ms {m['grade']*1000:6.1f}ms {m['grade-plain']*1000:6.1f}ms "
              f"{m['grade-off']*1000:6.1f}ms {m['wrong']*1000:6.1f}ms   {m['grade']/m['floor']:10.2f}x "
              f"{m['grade-plain']/m['floor']:10.2f}x {m['grade-off']/m['floor']:9.2f}x "
              f"{m['wrong']/m['grade']:11.2f}x {m['grade']/m['grade-off']:9.2f}x", flush=True)
    total = {name: sum(m[name] for _, m in rows) for name in ("floor", "grade", "grade-plain", "grade-off", "wrong")}
    result = {
        "specs": len(rows),
        "repetitions": args.repetitions,
        "median_grade_over_floor": median([m["grade"] / m["floor"] for _, m in rows]),
        "median_plain_over_floor": median([m["grade-plain"] / m["floor"] for _, m in rows]),
        "median_grade_over_plain": median([m["grade"] / m["grade-plain"] for _, m in rows]),
        "median_off_over_floor": median([m["grade-off"] / m["floor"] for _, m in rows]),
        "median_wrong_over_grade": median([m["wrong"] / m["grade"] for _, m in rows]),
        "median_grade_over_off": median([m["grade"] / m["grade-off"] for _, m in rows]),
        "total_ms": {name: value * 1000 for name, value in total.items()},
        "per_spec_ms": {spec: {name: value * 1000 for name, value in m.items()} for spec, m in rows},
        "isolation": protections().full,
    }
    print(f"suite totals: floor {total['floor']:.2f}s, grade {total['grade']:.2f}s, grade without isolation "
          f"{total['grade-off']:.2f}s, wrong prompts {total['wrong']:.2f}s")
    print(f"median per-spec ratio grade/floor {result['median_grade_over_floor']:.2f}x (isolation on), "
          f"{result['median_off_over_floor']:.2f}x (off); suite total {total['grade']/total['floor']:.2f}x")
    print(f"mismatch: wrong-prompt submission / reference: median per spec {result['median_wrong_over_grade']:.2f}x, "
          f"suite total {total['wrong']/total['grade']:.2f}x")
    print(f"plain launch: median per spec {result['median_plain_over_floor']:.2f}x the floor; the fork launch "
          f"{result['median_grade_over_plain']:.2f}x the plain one, {(total['grade-plain']-total['grade'])/len(rows)*1000:+.1f} "
          f"ms per spec saved (suite mean)")
    print(f"sandbox: isolation on / off: median per spec {result['median_grade_over_off']:.2f}x, "
          f"+{(total['grade']-total['grade-off'])/len(rows)*1000:.1f} ms per spec (suite mean)")
    emit(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
