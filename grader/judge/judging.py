"""From what the grader captured to a verdict per spec and a score: pure functions over plain data."""

from __future__ import annotations

import json
import re
import signal
from dataclasses import dataclass, field, replace
from functools import lru_cache

from grader.judge.facts import StepFacts, output_facts, session_facts
from grader.judge.matching import step_matches
from grader.judge.outcome import Ending
from grader.judge.rendering import Told, visible
from grader.judge.rules import judge_facts, share
from grader.judge.units import Context, Unit
from grader.judge.start import first_step
from grader.spec.specs import Spec
from grader.spec.web import shown_action
from grader.base.wording import count_of

PASSED = "passed"
MISMATCH = "output differs"
CRASH = "crashed"
SYNTAX = "syntax error"
HANG = "hung"
EARLY_EXIT = "ended early"
WANTS_INPUT = "asked for more input"
EXIT_STATUS = "wrong exit status"
FLOOD = "too much output"
OVER_LIMIT = "over a limit"
NO_PROGRAM = "no program"
NO_CONTROL = "no such control"


@dataclass(frozen=True)
class Session:
    """What one run produced: the normalised output of every step reached, and how it ended."""

    outputs: tuple[str, ...]
    end: Ending
    exit_status: int | None = None
    signal: int | None = None
    stopped_by: str | None = None  # the limit whose enforcement killed the program, as the sandbox saw it
    timeout: float = 0.0
    output_limit: int = 0
    script: str = field(kw_only=True)  # the program run (the assignment's `program`), named in what is said
    stuck: bool = False  # it printed all the last step expects, then neither ended nor asked for input
    echoed: tuple[bool | None, ...] = ()  # per input typed: the terminal showed it (None: unknown, on pipes)
    note: str = ""  # a web page's session: why it could not go on (it never settled; a control is missing)
    screenshot: bytes = b""  # a web page's session: the page (PNG) at the first step that went wrong


@dataclass(frozen=True)
class Difference:
    """A step whose output is not what the spec expects, with what the program printed there."""

    step: int
    actual: str


@dataclass(frozen=True)
class Verdict:
    """How a spec went. `step`/`actual` are the headline (where it first went wrong); `differences` holds
    it first, then every later step that differs too; `matched_steps` counts the steps that were right."""

    spec: Spec
    kind: str
    message: str
    step: int | None = None
    actual: str | None = None
    differences: tuple[Difference, ...] = ()
    matched_steps: int = 0
    units: tuple[Unit, ...] = ()  # a rule spec's judged facts (none for a spec compared line by line)
    told: dict[int, Told] = field(default_factory=dict, init=False, compare=False, repr=False)  # see report.slips.told
    first_step: str | None = None  # what the program did instead of the session's first step (start.py)
    screenshot: bytes = field(default=b"", compare=False, repr=False)  # a web page at the step that went wrong
    outputs: tuple[str, ...] = field(default=(), compare=False, repr=False)  # every step's output (replay.py)

    @property
    def passed(self) -> bool:
        return self.kind == PASSED

    @property
    def score(self) -> float:
        """All the points on a pass; on a failure, 0, or with `scoring: per_step` the share of steps that
        were right (to the hundredth of a point)."""
        if self.passed:
            return self.spec.points
        if self.spec.facts:
            return round(self.spec.points * share(self.units, self.spec.scoring == "per_step"), 2) if self.units else 0.0
        if self.spec.scoring == "per_step":
            return round(self.spec.points * self.matched_steps / len(self.spec.steps), 2)
        return 0.0


def shown_input(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def moment(spec: Spec, step: int) -> str:
    """Where in the session a step's output comes from, named by the input that caused it."""
    if spec.web:
        return f"after action {step} ({shown_action(spec.steps[step - 1].input or '')})" if step else "at load"
    if step == 0:
        return "at start-up, before any input"
    return f"after input {step} ({shown_input(spec.steps[step - 1].input or '')})"


def _ended(session: Session) -> str:
    if session.signal is not None:
        try:
            name = signal.Signals(session.signal).name
        except ValueError:
            name = "an unknown signal"
        return f"was killed by {name} ({session.signal}), not by the grader nor by a limit of the run"
    return f"ended with exit status {session.exit_status}"


_TRACEBACK = "Traceback (most recent call last):"


def _syntax_error(output: str, script: str) -> str | None:
    """Python's own report that the script does not compile: `File ".../script", line N`, then the
    error as the last line; or, for a file that is not UTF-8 (cp1252, UTF-16), that one line alone,
    naming `file .../script on line N`. Returned made visible, since it is the program's output."""
    lines = output.rstrip("\n").split("\n")
    where = re.search(rf'^  File "[^"\n]*/{re.escape(script)}", line (\d+)$', output, re.MULTILINE)
    if len(lines) == 1:
        where = re.match(rf"SyntaxError: Non-UTF-8 code .* in file \S*/{re.escape(script)} on line (\d+),", lines[0])
    error = re.fullmatch(r"(SyntaxError|IndentationError|TabError): .*", lines[-1])
    if not where or not error or _TRACEBACK in output:
        return None
    return f"{visible(error.group(0), False, False)} at line {where.group(1)}"


def _crash_kind(session: Session, step: int, spec: Spec) -> tuple[str, str]:
    output = session.outputs[step] if session.outputs else ""
    syntax = _syntax_error(output, session.script) if step == 0 and session.exit_status == 1 else None
    if syntax:
        return SYNTAX, f"{session.script} cannot run: {syntax}"
    return CRASH, f"the program crashed {moment(spec, step)}: it {_ended(session)}"


def _ending(spec: Spec, session: Session, step: int) -> tuple[str, str]:
    """Name how the session ended at `step`, when that ending is the failure."""
    last = step == len(spec.steps) - 1
    if session.note:  # a web page that could not go on: it never settled, lacked a control, or crashed
        kind = {Ending.TIMEOUT: HANG, Ending.BLOCKED: NO_CONTROL}.get(session.end, CRASH)
        return kind, f"{moment(spec, step)}, {session.note}"
    if session.end == Ending.OUTPUT_LIMIT:
        return FLOOD, f"the program printed more than {session.output_limit} bytes {moment(spec, step)}"
    if session.end == Ending.TIMEOUT and session.stuck:
        return HANG, (f"the program printed what was expected {moment(spec, step)} but did not end: it went on "
                      "running (or sleeping) after its last line")
    if session.end == Ending.TIMEOUT:
        doing = "ended" if last else "asked for input"
        return HANG, f"the program neither {doing} nor did anything else within {session.timeout:g} s {moment(spec, step)}"
    if session.end == Ending.WAITING:
        return WANTS_INPUT, f"the program asked for more input {moment(spec, step)}, where the spec expects it to end"
    if session.stopped_by is not None:
        return OVER_LIMIT, f"the program was stopped {moment(spec, step)}: it went over {session.stopped_by}"
    crashed = _crashed(session, step)
    if last and not crashed:
        expected = spec.steps[step].exit
        return EXIT_STATUS, f"the program ended {moment(spec, step)} with exit status {session.exit_status}; expected {expected}"
    if session.signal is not None or session.exit_status != 0:
        return _crash_kind(session, step, spec)
    remaining = len(spec.inputs) - step
    return EARLY_EXIT, f"the program ended {moment(spec, step)}, but the spec still had {count_of(remaining, 'input')} to type"


def _status_ok(spec: Spec, session: Session) -> bool:
    return session.signal is None and session.exit_status == spec.steps[-1].exit


def _crashed(session: Session, step: int) -> bool:
    return session.signal is not None or _TRACEBACK in session.outputs[step]


@lru_cache(maxsize=256)
def expected_facts(spec: Spec) -> tuple[StepFacts, ...]:
    """The facts of every step of a rule spec, from its expected lines (a `regex` line states none). The
    same for every submission: read once per spec, not once per run (about half of what judging a run took)."""
    assert spec.vocabulary is not None
    key = spec_key(spec)
    return tuple(session_facts([[line.text for line in step.lines if line.kind != "regex"] + [step.prompt]
                                for step in spec.steps], spec.vocabulary, key))


def spec_key(spec: Spec) -> str | None:
    """The key a rule spec types (its vocabulary's key input, spaces around it removed)."""
    index = spec.vocabulary.key_input if spec.vocabulary is not None else None
    return spec.inputs[index].strip() if index is not None and index < len(spec.inputs) else None


def _revealed(spec: Spec, session: Session) -> list[int]:
    """The steps whose input was to stay hidden and that the terminal showed as it was typed."""
    return [step for step, shown in enumerate(session.echoed)
            if shown and step < len(spec.steps) and spec.steps[step].hidden and step + 1 < len(session.outputs)]


def _as_shown(spec: Spec, session: Session) -> Session:
    """The session as its screen showed it: each input that was to stay hidden and showed is a line of
    its own at the start of the output that follows it, where a line-by-line comparison sees it."""
    outputs = list(session.outputs)
    for step in _revealed(spec, session):
        outputs[step + 1] = f"{spec.steps[step].input}\n{outputs[step + 1]}"
    return replace(session, outputs=tuple(outputs))


def _hidden_said(spec: Spec, session: Session) -> str:
    shown = _revealed(spec, session)
    if not shown:
        return ""
    which = ", ".join(f"input {step + 1} ({shown_input(spec.steps[step].input or '')})" for step in shown)
    return f"{which} was to stay hidden as it was typed, but the screen showed it (read it as getpass does)"


def hidden_failure(spec: Spec, session: Session) -> Verdict | None:
    """A session that showed an input that was to stay hidden, as a failure at the first such step."""
    shown = _as_shown(spec, session)
    steps = [step + 1 for step in _revealed(spec, session)]
    if not steps:
        return None
    return Verdict(spec, MISMATCH, _hidden_said(spec, session), steps[0],
                   shown.outputs[steps[0]], tuple(Difference(step, shown.outputs[step]) for step in steps))


def _hidden_units(spec: Spec, session: Session) -> list[Unit]:
    return [Unit("hidden", step + 1, False, True, f"input {step + 1}", "hidden as it is typed", "shown on the screen")
            for step in _revealed(spec, session)]


def _judge_facts(spec: Spec, session: Session, expected: tuple[StepFacts, ...] | None = None) -> Verdict:
    """A rule spec: its facts judged unit by unit. Where the rule includes how the session ends (the
    win, the loss), a wrong ending makes the last step's decisive units wrong; elsewhere the ending only
    matters through the steps it left unreached."""
    assert spec.vocabulary is not None
    key = spec_key(spec)
    actual = [output_facts(output, spec.vocabulary, key) for output in session.outputs]
    last = len(session.outputs) - 1
    ended_well = last == len(spec.steps) - 1 and session.end == Ending.EXITED and _status_ok(spec, session)
    ending = None if ended_well else _ending(spec, session, last)
    judged = ending if spec.judges_ending else None
    by_itself = session.end == Ending.EXITED and session.exit_status == 0 and not _crashed(session, last)
    context = Context(spec.vocabulary, spec.inputs, last if by_itself else None, tuple(s.prompt for s in spec.steps))
    units = judge_facts(spec.facts, expected or expected_facts(spec), actual, context)
    units = sorted(units + _hidden_units(spec, session), key=lambda unit: unit.step)
    if judged is not None:
        units = [Unit(u.fact, u.step, False, True, u.subject, u.expected, judged[1]) if u.decisive and u.step == last
                 and u.right else u for u in units]
    wrong = [unit for unit in units if not unit.right]
    matched = sum(unit.right for unit in units)
    if not wrong and judged is None:
        return Verdict(spec, PASSED, "passed", matched_steps=matched, units=tuple(units))
    if wrong and (judged is None or wrong[0].step < last):
        head = min(wrong[0].step, last)
        # A crash in the step that went wrong is why it went wrong (its traceback is that step's output).
        kind, message = (ending[0] if ending and (wrong[0].step > last or ending[0] == CRASH) else MISMATCH), \
            f"{moment(spec, wrong[0].step)}, {wrong[0].said()}"
        if ending:
            message += f"; {ending[1]}"
    else:
        head, (kind, message) = last, judged or (MISMATCH, wrong[0].said())
    steps = sorted({min(unit.step, last) for unit in wrong} | ({last} if judged else set()))
    steps = [head] + [step for step in steps if step > head]
    return Verdict(spec, kind, message, head, session.outputs[head],
                   tuple(Difference(step, session.outputs[step]) for step in steps), matched, tuple(units))


def judge(spec: Spec, session: Session) -> Verdict:
    """The verdict for one spec, from the captured session alone: every step the program reached is
    compared (a rule spec: its facts); the first difference (or the wrong ending) is the headline. A
    failure says too whether the program did the session's first step (see `start.first_step`)."""
    verdict = replace(_judged(spec, session), outputs=session.outputs)
    if verdict.passed:
        return verdict
    return replace(verdict, first_step=first_step(spec, session.outputs), screenshot=session.screenshot)


def judge_against(spec: Spec, session: Session, expected: tuple[StepFacts, ...]) -> Verdict:
    """A rule spec's verdict against facts other than its own expected lines' (a replay's, rescored
    against the program's own secret: see replay.py)."""
    return replace(_judge_facts(spec, session, expected), outputs=session.outputs)


def _judged(spec: Spec, session: Session) -> Verdict:
    if session.end == Ending.MISSING:
        return Verdict(spec, NO_PROGRAM, f"there is no {session.script} in the submission folder")
    if spec.facts:
        return _judge_facts(spec, session)
    hidden = _hidden_said(spec, session) and f"; {_hidden_said(spec, session)}"
    session = _as_shown(spec, session)
    last = len(session.outputs) - 1
    ended_well = last == len(spec.steps) - 1 and session.end == Ending.EXITED and _status_ok(spec, session)
    differing = [step for step, actual in enumerate(session.outputs) if not step_matches(spec, step, actual)]
    matched = len(session.outputs) - len(differing) - (not ended_well and last not in differing)
    if not differing and ended_well:
        return Verdict(spec, PASSED, "passed", matched_steps=matched)
    ending = None if ended_well else _ending(spec, session, last)
    if differing and (differing[0] < last or ended_well):
        head = differing[0]
        what = "the page" if spec.web else "the output"
        kind, message = MISMATCH, f"{what} {moment(spec, head)}{',' if head == 0 else ''} is not what was expected"
        message += hidden
        if ending:
            message += f"; later, {ending[1]}"
    elif differing:  # it went wrong only where it ended, and ended wrongly
        assert ending is not None
        head, (kind, message) = last, ending
        message += " (its output is below)"
    else:
        assert ending is not None  # no difference and not passed: the ending is what went wrong
        head, (kind, message) = last, ending
    steps = [head] + [step for step in differing if step > head]
    return Verdict(spec, kind, message, head, session.outputs[head],
                   tuple(Difference(step, session.outputs[step]) for step in steps), matched)


def total(verdicts: list[Verdict]) -> tuple[float, float]:
    return sum(v.score for v in verdicts), sum(v.spec.points for v in verdicts)
