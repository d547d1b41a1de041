"""What people read: the terminal report and the results, rendered from verdicts (pure).

Each difference is told once: specs that fail with the same difference are grouped under the first of
them, and a hidden spec is never the one that tells it to a student."""

from __future__ import annotations

import textwrap

from grader.judge.judging import Verdict, moment, shown_input, total
from grader.judge.rendering import Told, tell
from grader.report.results import Failure, Results, TestResult

HIDDEN_NOTE = "This is a hidden test: its inputs and expected output are not shown."
RULE_WIDTH = 78
LATER_BUDGET = 14  # lines for the differences after the headline
LATER_CHANGES = 4  # changed lines shown per later difference


def format_points(value: float) -> str:
    """Points as people write them: 10, 2.5, never 10.0."""
    return f"{float(value):g}"


def told(verdict: Verdict, step: int, actual: str) -> Told:
    """A step's difference as rendered, computed once per step of a verdict: the report, the results and
    the JUnit file all tell the same differences, and aligning a flood is the costly part."""
    if step not in verdict.told:
        verdict.told[step] = tell(verdict.spec, step, actual)
    return verdict.told[step]


def _diff(verdict: Verdict) -> list[str]:
    assert verdict.step is not None
    return list(told(verdict, verdict.step, verdict.actual or "").rows)


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
            label = f"  ({spec.input_labels[number - 1]})" if number <= len(spec.input_labels) else ""
            pointer = "  <- the output after this one is where it went wrong" if number == len(typed) else ""
            lines.append(f"  {number:>{width}}. {shown_input(text)}{label}{pointer}")
    lines.append(f"Output {moment(spec, verdict.step)}:")
    return lines + ["  " + row for row in _diff(verdict)] + later_differences(verdict)


def _after_inputs(steps: list[int]) -> str:
    """`after input 3`, `after inputs 2, 3 and 5` (later differences come after some input)."""
    names = [str(step) for step in steps]
    return f"after input {names[0]}" if len(names) == 1 else f"after inputs {', '.join(names[:-1])} and {names[-1]}"


def later_differences(verdict: Verdict) -> list[str]:
    """The steps after the headline that differ too, told compactly: each distinct change once, with
    the steps where it occurs, within a budget."""
    later = [d for d in verdict.differences if d.step != verdict.step]
    if not later:
        return []
    changes: dict[tuple[str, ...], list[int]] = {}
    for difference in later:
        changed = told(verdict, difference.step, difference.actual).changed_lines(LATER_CHANGES)
        changes.setdefault(changed, []).append(difference.step)
    lines = []
    for changed, steps in changes.items():
        lines += [f"  {_after_inputs(steps)}:", *(f"    {line}" for line in changed)]
    if len(lines) > LATER_BUDGET:
        lines = lines[: LATER_BUDGET - 1] + [f"  ... {len(lines) - LATER_BUDGET + 1} more lines"]
    count = f"{len(later)} more step{'s' if len(later) > 1 else ''}"
    return [f"Later differences ({count}, - expected, + actual):", *lines]


def _shown(verdict: Verdict, reveal_hidden: bool) -> bool:
    return not verdict.passed and (reveal_hidden or not verdict.spec.hidden)


def spec_feedback(verdict: Verdict, reveal_hidden: bool) -> list[str]:
    if verdict.passed:
        return []
    return failure_details(verdict) if _shown(verdict, reveal_hidden) else [HIDDEN_NOTE]


def _difference(verdict: Verdict) -> tuple[str, ...]:
    """What two failures must share to be the same difference (the inputs that led there may differ)."""
    if verdict.step is None:
        return (verdict.kind, verdict.message)
    return (verdict.kind, *_diff(verdict), *later_differences(verdict))


def same_differences(verdicts: list[Verdict], reveal_hidden: bool) -> dict[str, list[Verdict]]:
    """For each failure told in full (by spec id), the later specs that fail with the same difference."""
    leaders: dict[tuple[str, ...], Verdict] = {}
    groups: dict[str, list[Verdict]] = {}
    for verdict in verdicts:
        if not _shown(verdict, reveal_hidden):
            continue
        leader = leaders.setdefault(_difference(verdict), verdict)
        groups.setdefault(leader.spec.id, [])
        if leader is not verdict:
            groups[leader.spec.id].append(verdict)
    return groups


def _same_in(followers: list[Verdict], by_name: bool = False) -> list[str]:
    if not followers:
        return []
    ids = ", ".join(shown_input(v.spec.name) if by_name else v.spec.id for v in followers)
    count = f"{len(followers)} more spec{'s' if len(followers) > 1 else ''}"
    return textwrap.wrap(f"The same difference in {count}: {ids}", RULE_WIDTH, subsequent_indent="  ", break_on_hyphens=False)


def _heading(verdict: Verdict) -> str:
    spec = verdict.spec
    header = f"FAIL: {spec.name} [{spec.id}, {format_points(verdict.score)}/{format_points(spec.points)}]"
    return "=" * 8 + " " + header + " " + "=" * max(8, RULE_WIDTH - 10 - len(header))


def render_text(verdicts: list[Verdict], title: str, reveal_hidden: bool = True) -> str:
    """The report `grader check` prints: a summary line per spec, then each difference once, in full."""
    score, maximum = total(verdicts)
    id_width = max((len(v.spec.id) for v in verdicts), default=0)
    out = [title, ""]
    for verdict in verdicts:
        status = "PASS" if verdict.passed else "FAIL"
        points = f"{format_points(verdict.score)}/{format_points(verdict.spec.points)}"
        reason = "" if verdict.passed else f"  ({verdict.kind})"
        out.append(f"{status}  {verdict.spec.id:<{id_width}}  {points:>7}  {verdict.spec.name}{reason}")
    groups = same_differences(verdicts, reveal_hidden)
    for verdict in verdicts:
        if verdict.spec.id in groups:
            out += ["", _heading(verdict), *failure_details(verdict), *_same_in(groups[verdict.spec.id])]
        elif not verdict.passed and not _shown(verdict, reveal_hidden):
            out += ["", _heading(verdict), HIDDEN_NOTE]
    passed = sum(v.passed for v in verdicts)
    out += ["", f"Score: {format_points(score)}/{format_points(maximum)}  ({passed} of {len(verdicts)} specs passed)"]
    return "\n".join(out) + "\n"


def failure_data(verdict: Verdict) -> Failure:
    """A failure as data, for the class summary and report."""
    if verdict.step is None:
        return Failure(verdict.kind)
    return Failure(verdict.kind, verdict.step, moment(verdict.spec, verdict.step),
                   told(verdict, verdict.step, verdict.actual or "").changed_lines(),
                   tuple(d.step for d in verdict.differences) or (verdict.step,))


def build_results(verdicts: list[Verdict], reveal_hidden: bool = False) -> Results:
    """The results of one submission. A hidden spec shows a student only its name and points; its
    failure data is kept only with `reveal_hidden` (results the instructor keeps)."""
    score, maximum = total(verdicts)
    groups = same_differences(verdicts, reveal_hidden=False)
    told_in = {follower.spec.id: leader for leader in verdicts for follower in groups.get(leader.spec.id, [])}
    tests = []
    for verdict in verdicts:
        spec = verdict.spec
        if verdict.passed:
            output = "Passed."
        elif spec.id in told_in:
            leader = told_in[spec.id].spec
            output = "\n".join([f"What it checks: {spec.description}", f"Problem: {verdict.message}",
                                f"The same difference as in {shown_input(leader.name)} [{leader.id}]: see there."])
        else:
            output = "\n".join(spec_feedback(verdict, reveal_hidden=False) + _same_in(groups.get(spec.id, []), True))
        keep = not verdict.passed and (reveal_hidden or not spec.hidden)
        tests.append(TestResult(spec.id, spec.name, verdict.score, spec.points, verdict.passed, output,
                                spec.hidden, failure_data(verdict) if keep else None))
    return Results(score, maximum, tuple(tests))
