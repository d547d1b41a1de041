"""What `grade` prints at the end: the class mean and median, each spec's pass rate (under it, the
cause half the class or more shares, or under a spec most students fail the most common one, in words:
see `diagnosis`; a spec nobody passed for no shared reason is flagged, usually a bad spec), the
students the grader failed on, and where the files went; and, for a class graded by each student's
variant, the line that counts them."""

from __future__ import annotations

import statistics
from pathlib import Path

from grader.batch.students import ERROR_LOG, FEEDBACK, GRADEBOOK, JUNIT, REPORT, RESULTS, STUDENTS, Outcome, student_folder
from grader.base.escaping import safe_name
from grader.report.diagnosis import diagnose
from grader.spec.specs import Spec


def summary(outcomes: list[Outcome], specs: list[Spec], out: Path, seconds: float, jobs: int) -> str:
    graded = [o for o in outcomes if o.status != "error"]
    errors = [o for o in outcomes if o.status == "error"]
    fresh = sum(o.status == "graded" for o in outcomes)
    maximum = sum(spec.points for spec in specs)
    lines = [f"Graded {len(graded)} of {len(outcomes)} student(s) in {seconds:.1f} s with {jobs} job(s) "
             f"({fresh} graded now, {len(graded) - fresh} unchanged since their last results)."]
    if graded:
        scores = [o.results.score for o in graded]
        mean, median = statistics.mean(scores), statistics.median(scores)
        percent = (lambda v: f" ({100 * v / maximum:.0f}%)") if maximum else (lambda v: "")
        lines.append(f"Class mean {mean:.2f}/{maximum:g}{percent(mean)}, median {median:g}/{maximum:g}{percent(median)}.")
        lines += ["", "Spec (points)  passed by"]
        width = max(len(f"{spec.id} ({spec.points:g})") for spec in specs)
        by_student = {o.student: o.results for o in graded}
        for spec in sorted(specs, key=lambda spec: spec.id):
            passed = sum(o.results.passed(spec.id) for o in graded)
            common = diagnose(by_student, spec.id)
            flag = "   <- nobody passed: check this spec" if passed == 0 and common is None else ""
            hidden = " [hidden]" if spec.hidden else ""
            lines.append(f"  {spec.id + f' ({spec.points:g})':<{width}}  {passed}/{len(graded)} "
                         f"({100 * passed / len(graded):.0f}%){hidden}{flag}")
            if common is not None:
                lines.append(f"      {common.text}")
    refused = [o for o in outcomes if o.problem is not None]
    if refused:
        lines += ["", f"NOT RUN ({len(refused)}): their submission could not be run, so they got 0 (their feedback says why):"]
        lines += [f"  {o.student}: {o.problem}" for o in refused]
    if errors:
        lines += ["", f"NOT GRADED ({len(errors)}): the grader failed on these; they get an empty score and are retried next run:"]
        lines += [f"  {o.student}: {o.error}  (details: {student_folder(out, o.student) / ERROR_LOG})" for o in errors]
    lines += ["", f"Wrote {out / GRADEBOOK}, {out / REPORT} (open it in a browser) and "
              f"{out / STUDENTS}/<student>/{{{RESULTS},{FEEDBACK},{JUNIT}}}."]
    return "\n".join(lines) + "\n"


def variants_said(outcomes: list[Outcome]) -> str:
    """One line for the console: how many students each variant has, and who looks written for another's."""
    counts: dict[str, int] = {}
    for outcome in outcomes:
        counts[outcome.results.variant or "?"] = counts.get(outcome.results.variant or "?", 0) + 1
    flagged = [f"{safe_name(o.student)} ({o.results.looks_like[0]})" for o in outcomes if o.results.looks_like]
    return (f"variants: {', '.join(f'{name} {count}' for name, count in counts.items())} student(s); "
            f"{len(flagged)} look written for another variant's rules" + (f": {', '.join(flagged)}" if flagged else ""))
