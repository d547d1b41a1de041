"""What people read: the terminal report, and each spec's text in the results (which
`grader.grading.results` builds), rendered from verdicts (pure).

Each difference is told once: specs that fail with the same difference are grouped under the first of
them, and a hidden spec is never the one that tells it to a student."""

from __future__ import annotations

import textwrap

from grader.base.wording import count_of
from grader.judge.judging import Verdict, moment, shown_input, total
from grader.spec.web import shown_action
from grader.judge.rendering import program_lines
from grader.report.slips import (Crash, crash_of, digitless, same_crashes, same_differences, shown, slip, told,
                                  unit_groups, wrong_units)

HIDDEN_NOTE = "This is a hidden test: its inputs and expected output are not shown."
RULE_WIDTH = 78
LATER_BUDGET = 14  # lines for the differences after the headline
LATER_CHANGES = 4  # changed lines shown per later difference
OTHER_FACTS = 5  # lines for a rule spec's other wrong facts
INPUTS_ONE_A_LINE = 6  # a game with more inputs lists the earlier ones several to a line
STEPS_NAMED = 5  # steps named one by one where a change recurs; more are a range
REASON_WIDTH = 72  # characters of a wrong fact on a summary line
TRACEBACK_BUDGET = 12  # lines of a crash's traceback
FIRST_STEP_BUDGET = 80  # lines of the whole report of a program that does not do the session's first step


def format_points(value: float) -> str:
    """Points as people write them: 10, 2.5, never 10.0."""
    return f"{float(value):g}"


def _diff(verdict: Verdict) -> list[str]:
    assert verdict.step is not None
    return list(told(verdict, verdict.step, verdict.actual or "").rows)


def failure_details(verdict: Verdict, crash_told_in: Verdict | None = None) -> list[str]:
    """Everything a student needs to see why a spec failed: no guessing left. A rule spec shows what the
    program printed where its first fact went wrong, then its other wrong facts a line each; a spec
    compared line by line shows the diff. A crash's traceback is always shown, or (`crash_told_in`)
    where it was shown."""
    spec = verdict.spec
    lines = [f"What it checks: {spec.description}", f"Problem: {verdict.message}"]
    if verdict.step is None:
        return lines
    lines += inputs_typed(verdict)
    lines.append(f"{'The page' if spec.web else 'Output'} {moment(spec, verdict.step)}:")
    crash = crash_of(verdict)
    if crash and crash.step == verdict.step:
        lines += ["  " + row for row in program_lines(verdict.actual or "", TRACEBACK_BUDGET, traceback=True)]
    elif spec.facts:
        lines += ["  " + row for row in program_lines(verdict.actual or "")]
    else:
        lines += ["  " + row for row in _diff(verdict)]
    lines += other_facts(verdict) if spec.facts else later_differences(verdict, crash)
    return lines + _crash_told(verdict, crash, crash_told_in)


def inputs_typed(verdict: Verdict) -> list[str]:
    """The inputs typed up to the headline, numbered and labelled, the last on a line of its own with
    the pointer; a long game's earlier inputs share lines, so that twelve guesses take three lines."""
    spec = verdict.spec
    typed = [step.input or "" for step in spec.steps[: verdict.step]]
    if not typed:
        return []
    width = len(str(len(typed)))
    shown = [f"{number:>{width}}. {shown_action(text) if spec.web else shown_input(text)}"
             + (f"  ({spec.input_labels[number - 1]})" if number <= len(spec.input_labels) else "")
             for number, text in enumerate(typed, start=1)]
    last = f"  {shown[-1]}  <- the {'page' if spec.web else 'output'} after this one is where it went wrong"
    heading = "Actions, in order:" if spec.web else "Inputs typed, in order:"
    if len(typed) <= INPUTS_ONE_A_LINE:
        return [heading, *(f"  {entry}" for entry in shown[:-1]), last]
    earlier = [""]
    for entry in (entry.strip() for entry in shown[:-1]):
        if earlier[-1] and len(earlier[-1]) + 3 + len(entry) > RULE_WIDTH - 2:
            earlier.append("")
        earlier[-1] += ("   " if earlier[-1] else "") + entry
    return [heading, *(f"  {line}" for line in earlier), last]


def _crash_told(verdict: Verdict, crash: Crash | None, told_in: Verdict | None) -> list[str]:
    """A crash after the headline step: its traceback, or where that was shown."""
    if crash is None or crash.step == verdict.step:
        return []
    where = f"The program crashed {moment(verdict.spec, crash.step)}"
    if told_in is not None:
        return [f"{where}: the same crash as in {told_in.spec.id} ({crash.error})"]
    return [f"{where}:", *("  " + row for row in program_lines(crash.output, TRACEBACK_BUDGET, traceback=True))]


def _after_inputs(steps: list[int], word: str = "input") -> str:
    """`after input 3`, `after inputs 2, 3 and 5`, `at start-up` (for step 0); a web page's are actions."""
    names = [str(step) for step in steps if step]
    start = ["at load" if word == "action" else "at start-up"] if 0 in steps else []
    if not names:
        return start[0]
    if len(names) > STEPS_NAMED:
        said = f"after {len(names)} {word}s from {names[0]} to {names[-1]}"
    else:
        said = f"after {word} {names[0]}" if len(names) == 1 else f"after {word}s {', '.join(names[:-1])} and {names[-1]}"
    return " and ".join(start + [said])


def other_facts(verdict: Verdict) -> list[str]:
    """A rule spec's wrong facts after the first, a line each: those of the same shape (another guess,
    the same slip) as one line, with where they occur; within a budget."""
    head = next((unit for unit in verdict.units if not unit.right), None)
    rest = [unit for unit in wrong_units(verdict) if unit is not head]
    if not rest:
        return []
    lines = []
    for group in unit_groups(rest):
        more = f" (and {len(group) - 1} more like it)" if len(group) > 1 else ""
        lines.append(f"  {_after_inputs(sorted({unit.step for unit in group}))}: {group[0].said()}{more}")
    if len(lines) > OTHER_FACTS:
        lines = lines[: OTHER_FACTS - 1] + [f"  ... and {len(lines) - OTHER_FACTS + 1} more kinds of wrong fact"]
    return [f"Also wrong ({count_of(len(rest), 'more fact')}):", *lines]


def later_differences(verdict: Verdict, crash: Crash | None = None) -> list[str]:
    """The steps after the headline that differ too, told compactly: each distinct change once (its
    numbers aside), with the steps where it occurs, within a budget. The step a crash ended is told
    apart, with its traceback."""
    later = [d for d in verdict.differences if d.step != verdict.step and (crash is None or d.step != crash.step)]
    if not later:
        return []
    changes: dict[frozenset[str], tuple[tuple[str, ...], list[int]]] = {}
    for difference in later:
        changed = told(verdict, difference.step, difference.actual).changed_lines(LATER_CHANGES)
        changes.setdefault(frozenset(map(digitless, changed)), (changed, []))[1].append(difference.step)
    lines: list[str] = []
    for shown_so_far, (changed, steps) in enumerate(changes.values()):
        block = [f"  {_after_inputs(steps, 'action' if verdict.spec.web else 'input')}:", *(f"    {line}" for line in changed)]
        if len(lines) + len(block) > LATER_BUDGET - 1:
            lines.append(f"  ... and {count_of(len(changes) - shown_so_far, 'other change')}")
            break
        lines += block
    count = f"{len(later)} more step{'s' if len(later) > 1 else ''}"
    return [f"Later differences ({count}, - expected, + actual):", *lines]


def spec_feedback(verdict: Verdict, reveal_hidden: bool) -> list[str]:
    if verdict.passed:
        return []
    return failure_details(verdict) if shown(verdict, reveal_hidden) else [HIDDEN_NOTE]


def _same_in(leader: Verdict, followers: list[Verdict], by_name: bool = False, crash: bool = False) -> list[str]:
    if not followers:
        return []
    ids = ", ".join(shown_input(v.spec.name) if by_name else v.spec.id for v in followers)
    count = f"{len(followers)} more spec{'s' if len(followers) > 1 else ''}"
    said = f"The same crash ended {count}" if crash else f"The same difference in {count}"
    return textwrap.wrap(f"{said}: {ids}", RULE_WIDTH, subsequent_indent="  ", break_on_hyphens=False)


def leader_lines(verdict: Verdict, groups: dict[str, list[Verdict]], crashes: dict[str, tuple[Verdict, list[Verdict]]],
          by_name: bool = False) -> list[str]:
    """A leader's failure in full, then the specs that fail the same way, then (once) those its crash ended."""
    teller, ended = crashes.get(verdict.spec.id, (None, []))
    lines = failure_details(verdict, teller if teller is not verdict else None)
    own = slip(verdict)
    followers = [v for v in groups[verdict.spec.id] if own.covers(slip(v))]
    if own.crash:
        every = sorted({v.spec.id: v for v in followers + ended}.values(), key=lambda v: v.spec.id)
        return lines + _same_in(verdict, every, by_name, crash=True)
    lines += _same_in(verdict, followers, by_name) + _same_in(verdict, ended, by_name, crash=True)
    return lines + _same_output(verdict, [v for v in groups[verdict.spec.id] if v not in followers], by_name)


def _same_output(verdict: Verdict, others: list[Verdict], by_name: bool) -> list[str]:
    """The specs that fail on the same output as `verdict` through another fact: a line each."""
    if not others:
        return []
    named = [f"{shown_input(v.spec.name) if by_name else v.spec.id}, {moment(v.spec, v.step or 0)}: "
             f"{wrong_units(v)[0].said()}" for v in others]
    return ["The same output costs other specs too:", *(f"  {line}" for line in named)]


def _heading(verdict: Verdict) -> str:
    spec = verdict.spec
    header = f"FAIL: {spec.name} [{spec.id}, {format_points(verdict.score)}/{format_points(spec.points)}]"
    return "=" * 8 + " " + header + " " + "=" * max(8, RULE_WIDTH - 10 - len(header))


def _reason(verdict: Verdict, reveal_hidden: bool) -> str:
    """Why a spec failed, on its summary line: a rule spec's first wrong fact and where; else the kind."""
    wrong, crash = wrong_units(verdict), crash_of(verdict)
    if not shown(verdict, reveal_hidden):
        return verdict.kind
    if wrong:
        said = wrong[0].said()
        said = said if len(said) <= REASON_WIDTH else said[: REASON_WIDTH - 1] + "…"
        return f"{f'input {wrong[0].step}' if wrong[0].step else 'start-up'}: {said}"
    return f"crashed {moment(verdict.spec, crash.step)}" if crash else verdict.kind


def first_step_problem(verdicts: list[Verdict], reveal_hidden: bool) -> str | None:
    """What the program does instead of the session's first step, from the first spec (that the reader
    may see) where it shows: one reason for every failure, said once."""
    return next((v.first_step for v in verdicts if v.first_step and (reveal_hidden or not v.spec.hidden)), None)


def first_step_said(problem: str) -> str:
    return (f"Before anything else: {problem}. Every spec starts with that step, so most failures below "
            "follow from it.")


def _within_budget(blocks: list[list[str]], budget: int) -> list[str]:
    """The failures told in full while they fit `budget` lines, then one line for the rest: a program
    that does not do the first step fails for that one reason, told at the top, and its report must fit
    a screen."""
    out: list[str] = []
    for told_so_far, block in enumerate(blocks):
        if len(out) + len(block) > budget - 2:
            rest = len(blocks) - told_so_far
            return out + ["", f"({count_of(rest, 'more failure')} not told in full: see their summary lines above)"]
        out += block
    return out


def render_text(verdicts: list[Verdict], title: str, reveal_hidden: bool = True) -> str:
    """The report `grader check` prints: a summary line per spec, then each difference once, in full."""
    score, maximum = total(verdicts)
    id_width = max((len(v.spec.id) for v in verdicts), default=0)
    out = [title, ""]
    first = first_step_problem(verdicts, reveal_hidden)
    if first:
        out += [*textwrap.wrap(first_step_said(first), RULE_WIDTH), ""]
    for verdict in verdicts:
        status = "PASS" if verdict.passed else "FAIL"
        points = f"{format_points(verdict.score)}/{format_points(verdict.spec.points)}"
        reason = "" if verdict.passed else f"  ({_reason(verdict, reveal_hidden)})"
        out.append(f"{status}  {verdict.spec.id:<{id_width}}  {points:>7}  {verdict.spec.name}{reason}")
    groups = same_differences(verdicts, reveal_hidden)
    crashes = same_crashes(verdicts, groups)
    blocks = []
    for verdict in verdicts:
        if verdict.spec.id in groups:
            blocks.append(["", _heading(verdict), *leader_lines(verdict, groups, crashes)])
        elif not verdict.passed and not shown(verdict, reveal_hidden):
            blocks.append(["", _heading(verdict), HIDDEN_NOTE])
    out += _within_budget(blocks, FIRST_STEP_BUDGET - len(out) - 2) if first else [line for b in blocks for line in b]
    passed = sum(v.passed for v in verdicts)
    out += ["", f"Score: {format_points(score)}/{format_points(maximum)}  ({passed} of {len(verdicts)} specs passed)"]
    return "\n".join(out) + "\n"


def follower_lines(verdict: Verdict, leader: Verdict) -> list[str]:
    """A failure told under another spec's (`leader`), in the results: what it checks, its problem, and
    where the same crash, difference or output is told in full."""
    spec, said = verdict.spec, leader.spec
    same = "crash" if slip(verdict).crash else "difference" if slip(leader).covers(slip(verdict)) else "output"
    return [f"What it checks: {spec.description}", f"Problem: {verdict.message}",
            f"The same {same} as in {shown_input(said.name)} [{said.id}]: see there."]
