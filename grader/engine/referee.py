"""Referees: the other player of a game whose transcript cannot be written in advance.

A program that picks a random secret, or plays by itself, answers differently from run to run, so a
spec cannot list its output. A referee spec hands the conversation to a small Python class that lives in
the assignment folder (`referee:` in assignment.yaml) and subclasses `Referee`:

    class Referee(grader.engine.referee.Referee):
        def reply(self, output): ...   # the program waits: the line to type, or a Ruling (the game is over)
        def finish(self, output): ...  # the program ended (exit status 0): the final Ruling

`output` is what the program printed since the last input (line ends as `\\n`). A spec whose rule has
facts (the suite's `rules:`) gives its referee `judged`, the names of those facts, and `vocabulary`, how
they read: such a referee judges those facts only, reading the output with `read()`, the recognisers
every rule spec uses (words and numbers: spacing, punctuation, case, label order and extra lines never
decide), so a formatting slip fails only the exact games. A spec whose rule has no facts (the
presentation) leaves `judged` empty: its referee compares the screen exactly. The referee's own choices
come from `self.rng`, a `random.Random` seeded by the spec's seed and the assignment's key (`referee_random`),
and its settings are the spec's `referee:`
keys besides `seed`, passed as keyword arguments: the same spec always plays the same game against the
same program. `self.parameters` holds the graded variant's parameters (assignment.yaml `parameters:`
as the variant sets them, already there when `__init__` runs), so one referee spec plays every variant.
A Ruling that fails names the output it is about (`step`: 0 is the output before the first input, N the
output after input N; by default the latest) and may say what that output should have been
(`expected`), shown as a diff like any transcript spec's. A reply may say what it is in the game,
`answer(line, "guess 3 of game 2")`, which reports show beside the input; one made with `hidden(line,
what)` must also stay hidden as it is typed (a code read as getpass reads it): a program whose screen
shows it fails the spec, whatever the ruling.
"""

from __future__ import annotations

import hmac
import importlib.util
import random
import secrets
import sys
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Callable, TypeVar

from grader.base.errors import UsageError
from grader.judge.facts import StepFacts, step_facts
from grader.judge.judging import MISMATCH, PASSED, Difference, Session, Verdict, hidden_failure, judge, moment
from grader.judge.matching import split_lines
from grader.judge.units import Unit
from grader.spec.specs import Line, Spec, Step
from grader.spec.vocabulary import Vocabulary

T = TypeVar("T")


@dataclass(frozen=True)
class Ruling:
    """How the game went: passed, or failed with why, where, and what the output should have been.
    `units`: the facts judged one by one (grader/judge/rules.py), for a rule spec that gives credit per
    unit (`scoring: per_step`): the spec then earns the right units' share, as any rule spec does."""

    passed: bool
    message: str
    step: int | None = None
    expected: str | None = None
    units: tuple[Unit, ...] = ()


class Reply(str):
    """A line the referee types, with what it is in the game (`what`, shown beside it in reports) and
    whether it must stay hidden as it is typed."""

    what: str
    hidden: bool

    def __new__(cls, line: str, what: str = "", hidden: bool = False) -> Reply:
        reply = super().__new__(cls, line)
        reply.what, reply.hidden = what, hidden
        return reply


def answer(line: str, what: str = "") -> Reply:
    return Reply(line, what)


def hidden(line: str, what: str = "") -> Reply:
    return Reply(line, what, hidden=True)


def _labels(spec: Spec, replies: list[str]) -> tuple[str, ...]:
    """Each input's name in reports: what the referee said its reply was (else the spec's labels)."""
    said = [reply.what if isinstance(reply, Reply) else "" for reply in replies]
    return tuple(what or "a reply" for what in said) if any(said) else spec.input_labels


def upheld(message: str = "every answer checked") -> Ruling:
    return Ruling(True, message)


def objection(message: str, step: int | None = None, expected: str | None = None,
              units: tuple[Unit, ...] = ()) -> Ruling:
    return Ruling(False, message, step, expected, units)


NO_WORDS = Vocabulary((), (), ())


class Referee:
    """The base class of an assignment's referee (see the module's docstring)."""

    judged: tuple[str, ...] = ()  # the facts its spec's rule judges; none: the screen is compared exactly
    parameters: dict[str, Any] = {}  # the graded variant's (assignment.yaml `parameters:`), such as {"rows": 8}
    vocabulary: Vocabulary = NO_WORDS

    def __init__(self, rng: random.Random, **settings: Any) -> None:
        if settings:
            raise TypeError(f"unknown referee setting(s): {', '.join(sorted(settings))}")
        self.rng = rng

    def read(self, output: str) -> StepFacts:
        """The facts an output states, recognised as a rule spec recognises them (grader/judge/facts.py)."""
        return step_facts([text for text, _ in split_lines(output)], self.vocabulary, None)

    def reply(self, output: str) -> str | Ruling:
        """The program waits for input after printing `output`: the next line, or a Ruling to end."""
        raise NotImplementedError

    def finish(self, output: str) -> Ruling:
        """The program ended normally after printing `output`: was the whole game right?"""
        raise NotImplementedError


class RefereeError(UsageError):
    """A referee that cannot be loaded or set up: names the file and the reason."""


KEY_FILE = "referee.key"  # beside the referee: the assignment's hidden key to its randomness (`referee_random`)


def referee_random(seed: int, key: bytes) -> random.Random:
    """The referee's generator for a spec's `seed`. The program's own `random` starts from that seed too (a
    secret of its own is the same on every grade), and seeds are small and shown in visible specs: a
    program that copied its own generator, or tried seed after seed, drew the referee's secret and guessed
    it first. So the seed goes through a keyed hash with the assignment's `key`, which no run can read; no
    key (a handout's check, an assignment never recorded) leaves the seed as it is."""
    if not key:
        return random.Random(seed)
    return random.Random(hmac.new(key, str(seed).encode(), "sha256").digest())


@cache
def referee_key(path: Path) -> bytes:
    """The key kept beside the referee `path` (KEY_FILE), b"" where there is none; read once per process."""
    try:
        return path.with_name(KEY_FILE).read_bytes().strip()
    except FileNotFoundError:
        return b""
    except OSError as error:
        raise RefereeError(f"{path.with_name(KEY_FILE)}: cannot read the referee's key: {error.strerror}") from None


def make_referee_key(path: Path) -> Path | None:
    """Make the key beside the referee `path` once (readable by its owner alone); the new file, or None where
    there is one already: a key made again would change every game its specs were validated with."""
    key = path.with_name(KEY_FILE)
    try:
        with open(key, "x", encoding="ascii") as file:
            key.chmod(0o600)
            file.write(secrets.token_hex(32) + "\n")
    except FileExistsError:
        return None
    referee_key.cache_clear()
    return key


@cache
def referee_class(path: Path) -> type[Referee]:
    """The class `Referee` of the referee file: imported once per process, under a private name."""
    name = f"_referee_{abs(hash(str(path)))}"
    try:
        loader = importlib.util.spec_from_file_location(name, path)
        if loader is None or loader.loader is None:
            raise RefereeError(f"{path}: not a Python file")
        module = importlib.util.module_from_spec(loader)
        sys.modules[name] = module
        loader.loader.exec_module(module)
    except RefereeError:
        raise
    except Exception as error:  # noqa: BLE001 - any error in the instructor's file is named, not a traceback
        raise RefereeError(f"{path}: cannot load the referee: {type(error).__name__}: {error}") from None
    found = getattr(module, "Referee", None)
    if not (isinstance(found, type) and issubclass(found, Referee)):
        raise RefereeError(f"{path}: defines no class `Referee` based on grader.engine.referee.Referee")
    return found


def referee_call(path: str, method: Callable[[str], T], output: str) -> T:
    """Call the referee; its own failure is the instructor's to fix (a RefereeError naming the file),
    never a student's result and never a bare traceback."""
    try:
        return method(output)
    except Exception as error:  # noqa: BLE001 - any error in the instructor's code
        raise RefereeError(f"{path}: the referee failed: {type(error).__name__}: {error}") from error


def start_referee(path: Path, seed: int, settings: dict[str, Any], judged: tuple[str, ...] = (),
                  vocabulary: Vocabulary | None = None, parameters: dict[str, Any] | None = None) -> Referee:
    """A fresh referee for one run, its generator seeded by the spec and the assignment's key, told the facts
    its rule judges and the parameters of the variant graded (before its __init__ runs, which may use them)."""
    cls = referee_class(path)
    rng = referee_random(seed, referee_key(path))
    try:
        referee = cls.__new__(cls)
        referee.parameters = dict(parameters or {})
        referee.__init__(rng, **settings)
    except Exception as error:  # noqa: BLE001 - bad settings, or any error in the instructor's code
        raise RefereeError(f"{path}: cannot start the referee with {settings}: {error}") from None
    if judged:
        referee.judged, referee.vocabulary = tuple(judged), vocabulary or NO_WORDS
    return referee


def transcript(spec: Spec, session: Session, replies: list[str], ruling: Ruling | None = None,
               unfinished: bool = False) -> Spec:
    """The referee's game written down as a transcript spec: what the program printed at each step and
    the reply typed after it, ending with exit status 0; where a ruling objects with the output it
    expected, that output instead. `unfinished`: the referee had not ruled yet, so the game goes on
    after the last output (an ending there is early, a crash or a compile error). Judged and reported
    like any spec, line by line and all or nothing (what the program printed is all there is to judge
    it against: only the referee judges facts, and only its units earn a share), it reads like any
    failure."""
    objected = _objected_step(session, ruling) if ruling and ruling.expected is not None else None
    steps = []
    for step, output in enumerate(session.outputs):
        shown = ruling.expected if ruling and step == objected else output
        rows = split_lines(shown or "")
        ends_open = bool(rows) and not rows[-1][1]
        lines = tuple(Line(text) for text, _ in (rows[:-1] if ends_open else rows))
        last = step == len(session.outputs) - 1
        reply = replies[step] if step < len(replies) else ("" if unfinished else None)
        steps.append(Step(lines, rows[-1][0] if ends_open else "", reply, None if unfinished or not last else 0,
                          step < len(replies) and isinstance(replies[step], Reply) and replies[step].hidden))
    if unfinished:
        steps.append(Step((), "", None, 0))
    return replace(spec, steps=tuple(steps), facts=(), scoring="all_or_nothing", input_labels=_labels(spec, replies))


def _objected_step(session: Session, ruling: Ruling) -> int:
    last = len(session.outputs) - 1
    return last if ruling.step is None else min(max(ruling.step, 0), last)


def referee_verdict(spec: Spec, session: Session, replies: list[str], ruling: Ruling | None) -> Verdict:
    """The verdict of a referee spec: the ruling, or, without one, how the program failed (judged on
    the transcript of what it did)."""
    script = transcript(spec, session, replies, ruling, unfinished=ruling is None)
    if ruling is None:
        return judge(script, session)
    if ruling.passed:
        return hidden_failure(script, session) or Verdict(script, PASSED, "passed")
    step = _objected_step(session, ruling)
    judged = replace(script, facts=spec.facts, scoring=spec.scoring) if ruling.units else script  # units earn a share
    return Verdict(judged, MISMATCH, f"the referee objected to the output {moment(script, step)}: {ruling.message}",
                   step, session.outputs[step], (Difference(step, session.outputs[step]),),
                   sum(unit.right for unit in ruling.units), ruling.units)
