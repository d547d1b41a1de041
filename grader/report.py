"""What people read: the terminal report and the results file, rendered from verdicts (pure)."""

from __future__ import annotations

from typing import Any

from grader.judging import Verdict, moment, shown_input, total
from grader.matching import render_diff

HIDDEN_NOTE = "This is a hidden test: its inputs and expected output are not shown."


def format_points(value: float) -> str:
    """Points as people write them: 10, 2.5, never 10.0."""
    return f"{float(value):g}"


def failure_details(verdict: Verdict) -> list[str]:
    """Everything a student needs to see why a spec failed: no guessing left."""
    spec = verdict.spec
    lines = [f"What it checks: {spec.description}", f"Problem: {verdict.message}"]
    if verdict.step is None:
        return lines
    typed = [step.input or "" for step in spec.steps[: verdict.step]]
    if typed:
        lines.append("Inputs typed, in order:")
        width = len(str(len(typed)))
        for number, text in enumerate(typed, start=1):
            pointer = "  <- the output after this one is where it went wrong" if number == len(typed) else ""
            lines.append(f"  {number:>{width}}. {shown_input(text)}{pointer}")
    lines.append(f"Output {moment(spec, verdict.step)}:")
    lines += ["  " + row for row in render_diff(spec, verdict.step, verdict.actual or "")]
    return lines


def spec_feedback(verdict: Verdict, reveal_hidden: bool) -> list[str]:
    if verdict.passed:
        return []
    if verdict.spec.hidden and not reveal_hidden:
        return [HIDDEN_NOTE]
    return failure_details(verdict)


def render_text(verdicts: list[Verdict], title: str, reveal_hidden: bool = True) -> str:
    """The report `grader check` prints: a summary line per spec, then each failure in full."""
    score, maximum = total(verdicts)
    id_width = max((len(v.spec.id) for v in verdicts), default=0)
    out = [title, ""]
    for verdict in verdicts:
        status = "PASS" if verdict.passed else "FAIL"
        points = f"{format_points(verdict.score)}/{format_points(verdict.spec.points)}"
        reason = "" if verdict.passed else f"  ({verdict.kind})"
        out.append(f"{status}  {verdict.spec.id:<{id_width}}  {points:>7}  {verdict.spec.name}{reason}")
    for verdict in verdicts:
        details = spec_feedback(verdict, reveal_hidden)
        if details:
            header = f"FAIL: {verdict.spec.name} [{verdict.spec.id}, 0/{format_points(verdict.spec.points)}]"
            out += ["", "=" * 8 + " " + header + " " + "=" * max(8, 70 - len(header)), *details]
    passed = sum(v.passed for v in verdicts)
    out += ["", f"Score: {format_points(score)}/{format_points(maximum)}  ({passed} of {len(verdicts)} specs passed)"]
    return "\n".join(out) + "\n"


def results_json(verdicts: list[Verdict]) -> dict[str, Any]:
    """Gradescope's results.json: hidden specs keep their name and points, never their details."""
    score, maximum = total(verdicts)
    tests = []
    for verdict in verdicts:
        spec = verdict.spec
        output = "Passed." if verdict.passed else "\n".join(spec_feedback(verdict, reveal_hidden=False))
        tests.append({
            "name": spec.name,
            "tags": [spec.id],
            "score": verdict.score,
            "max_score": spec.points,
            "status": "passed" if verdict.passed else "failed",
            "output": output,
            "visibility": "visible",
        })
    return {"score": score, "max_score": maximum, "output_format": "text", "tests": tests}
