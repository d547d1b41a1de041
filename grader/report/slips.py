"""Telling each slip once (pure): what two failures must share to be told as one, and a rule spec's
wrong facts grouped the same way.

Two failures are the same slip when their change has the same shape, values aside: the same missing
space before `:` in history lines that hold other guesses, the same win count one too low for another
key. A crash is the same crash when its traceback is, line numbers, paths and the values in its message
aside; what went wrong before a crash is part of the slip, what follows from it (the steps it left
unreached) is not."""

from __future__ import annotations

import re
from dataclasses import dataclass

from grader.judge.judging import MISMATCH, PASSED, Difference, Verdict, moment
from grader.judge.rendering import Told, tell
from grader.judge.units import NOT_REACHED, Unit

TRACEBACK = "Traceback (most recent call last):"
_DIGITS = re.compile(r"\d+")
_PATH = re.compile(r'File "(?:[^"]*/)?([^"/]*)"')
CRASH = "crash"  # the first item of a crash's slip


def told(verdict: Verdict, step: int, actual: str) -> Told:
    """A step's difference as rendered, computed once per step of a verdict: the report, the results and
    the JUnit file all tell the same differences, and aligning a flood is the costly part."""
    if step not in verdict.told:
        verdict.told[step] = tell(verdict.spec, step, actual)
    return verdict.told[step]


def digitless(text: str) -> str:
    """Text with every run of digits as `#`: the shape of a line whatever its numbers."""
    return _DIGITS.sub("#", text)


def traceback_lines(output: str) -> list[str]:
    """The last traceback in a step's output, from its first line to the end of the output."""
    at = output.rfind(TRACEBACK)
    return output[at:].rstrip("\n").split("\n") if at >= 0 else []


@dataclass(frozen=True)
class Crash:
    """Where a verdict's session crashed, and the traceback it printed there."""

    step: int
    output: str
    traceback: tuple[str, ...]

    @property
    def shape(self) -> tuple[str, ...]:
        """The traceback with paths, numbers and the exception's message aside: the same bug, whatever the
        input that set it off or the folder the program ran in."""
        *frames, error = self.traceback
        return (*(digitless(_PATH.sub(r'File "\1"', line)) for line in frames), error.split(":")[0])

    @property
    def error(self) -> str:
        return self.traceback[-1].strip()


def crash_of(verdict: Verdict) -> Crash | None:
    """The crash that ended a verdict's session, if its last step reached ends in a traceback."""
    if verdict.step is None:
        return None
    step, output = max(((d.step, d.actual) for d in verdict.differences), default=(verdict.step, verdict.actual or ""))
    lines = traceback_lines(output)
    return Crash(step, output, tuple(lines)) if len(lines) > 1 else None


def wrong_units(verdict: Verdict) -> list[Unit]:
    """A rule spec's wrong facts that are slips of their own: not those a crash left unreached, nor those
    of the step it crashed in, nor those the session's wrong ending decided (the ending is told itself)."""
    crash = crash_of(verdict)
    return [unit for unit in verdict.units if not unit.right and unit.actual != NOT_REACHED
            and (crash is None or unit.step < crash.step)
            and not (unit.actual.startswith("the program ") and unit.actual in verdict.message)]


def ending_shape(verdict: Verdict) -> tuple[str, ...]:
    """How the session ended, when that is the failure (it hung, ended with another status, wanted more
    input...), without where: the same ending in every spec is one slip."""
    if verdict.kind in (MISMATCH, PASSED) or verdict.step is None:
        return ()
    said = verdict.message.rsplit("; ", 1)[-1].removeprefix("later, ").removesuffix(" (its output is below)")
    return ("ending", digitless(said.replace(moment(verdict.spec, verdict.step), "")))


def unit_shape(unit: Unit) -> tuple[str, str, str]:
    """What a wrong fact says, without what it is about or its values: `win: # guesses instead of #`."""
    return unit.fact, digitless(unit.actual), digitless(unit.expected)


@dataclass(frozen=True)
class Slip:
    """What went wrong in one failure, values aside: `head` how (the kind, the ending, or the crash),
    `shapes` each distinct change or wrong fact."""

    head: tuple[str, ...]
    shapes: frozenset[str] = frozenset()

    @property
    def crash(self) -> bool:
        return self.head[:1] == (CRASH,)

    def covers(self, other: "Slip") -> bool:
        """Whether telling this slip tells `other` too: the same how, and no change it lacks."""
        return self.head == other.head and other.shapes <= self.shapes


def slip(verdict: Verdict) -> Slip:
    """What two failures must share to be told once: the shape of what went wrong (the inputs that led
    there, and the values, may differ). A crash with nothing wrong before it is the crash; what went
    wrong before a crash is the slip, and the crash is told with the others like it (`crash_of`)."""
    if verdict.step is None:
        return Slip((verdict.kind, verdict.message))
    crash = crash_of(verdict)
    if verdict.spec.facts:
        shapes = frozenset("\0".join(unit_shape(unit)) for unit in wrong_units(verdict))
    else:
        steps = verdict.differences or (Difference(verdict.step, verdict.actual or ""),)
        before = [d for d in steps if crash is None or d.step < crash.step]
        shapes = frozenset(digitless(line) for d in before for line in told(verdict, d.step, d.actual).changed_lines())
    if crash is not None and not shapes:
        return Slip((CRASH, *crash.shape))
    return Slip((MISMATCH,) if crash else (verdict.kind, *ending_shape(verdict)), shapes)


def unit_groups(units: list[Unit]) -> list[list[Unit]]:
    """Wrong facts grouped by shape, in the order of their first occurrence."""
    groups: dict[tuple[str, str, str], list[Unit]] = {}
    for unit in units:
        groups.setdefault(unit_shape(unit), []).append(unit)
    return list(groups.values())


def shown(verdict: Verdict, reveal_hidden: bool) -> bool:
    """A failure the reader may see in full (a hidden spec's only with `reveal_hidden`)."""
    return not verdict.passed and (reveal_hidden or not verdict.spec.hidden)


def same_differences(verdicts: list[Verdict], reveal_hidden: bool) -> dict[str, list[Verdict]]:
    """For each failure told in full (by spec id), the other specs of its rule whose slip it tells (see
    `Slip`): the same how, and none of their changes missing; the same crash or wrong ending (a hang, an
    early end), whatever the rule. A slip is told where the fewest inputs lead to it."""
    order = {id(v): index for index, v in enumerate(verdicts)}
    slips = {id(v): slip(v) for v in verdicts if shown(v, reveal_hidden)}
    alike: list[tuple[Slip, str | None, list[Verdict]]] = []
    for verdict in sorted((v for v in verdicts if id(v) in slips), key=lambda v: (-len(slips[id(v)].shapes), order[id(v)])):
        home = next((members for owner, rule, members in alike  # a wrong fact under its own rule; an ending once
                     if (rule == verdict.spec.rule or owner.head[:1] != (MISMATCH,)) and owner.covers(slips[id(verdict)])),
                    None)
        if home is None:
            alike.append((slips[id(verdict)], verdict.spec.rule, [verdict]))
        else:
            home.append(verdict)
    leaders: list[tuple[Verdict, list[Verdict]]] = []
    for owner, _, members in alike:
        leader = min((v for v in members if slips[id(v)] == owner), key=lambda v: (v.step or 0, order[id(v)]))
        leaders.append((leader, [v for v in members if v is not leader]))
    groups: dict[str, list[Verdict]] = {}
    by_output: dict[tuple[str | None, str], str] = {}
    for leader, followers in sorted(leaders, key=lambda pair: order[id(pair[0])]):
        shape = output_shape(leader)
        filed = (leader.spec.rule, shape) if shape is not None else None
        if filed is not None and filed in by_output:  # another fact of the same output in its rule: told there
            groups[by_output[filed]] += [leader, *followers]
            continue
        by_output.setdefault(filed, leader.spec.id) if filed is not None else None
        groups[leader.spec.id] = list(followers)
    return {spec_id: sorted(followers, key=lambda v: order[id(v)]) for spec_id, followers in groups.items()}


def output_shape(verdict: Verdict) -> str | None:
    """A rule spec failure whose wrong facts all lie in its headline step: that step's output, numbers
    aside. Another spec of the same rule failing on the same output is the same mistake seen through
    another fact."""
    wrong = wrong_units(verdict) if verdict.spec.facts and verdict.kind == MISMATCH else []
    if not wrong or crash_of(verdict) is not None or any(unit.step != verdict.step for unit in wrong):
        return None
    return digitless(verdict.actual or "")


def same_crashes(verdicts: list[Verdict], groups: dict[str, list[Verdict]]) -> dict[str, tuple[Verdict, list[Verdict]]]:
    """For each spec told in full whose session crashed: the spec whose report shows that crash (the
    first told with it), and, for that one, every other shown spec the same crash ended."""
    shown = [v for v in verdicts if v.spec.id in groups or any(v in followers for followers in groups.values())]
    tellers: dict[tuple[str, ...], Verdict] = {}
    ended: dict[tuple[str, ...], list[Verdict]] = {}
    for verdict in shown:
        crash = crash_of(verdict)
        if crash is None:
            continue
        if verdict.spec.id in groups and (crash.shape not in tellers or slip(verdict).crash > slip(tellers[crash.shape]).crash):
            tellers[crash.shape] = verdict  # a crash with nothing before it shows its traceback anyway
        ended.setdefault(crash.shape, []).append(verdict)
    told = {}
    for verdict in verdicts:
        crash = crash_of(verdict) if verdict.spec.id in groups else None
        if crash is not None and crash.shape in tellers:
            teller = tellers[crash.shape]
            told[verdict.spec.id] = (teller, [v for v in ended[crash.shape] if v is not teller] if teller is verdict else [])
    return told
