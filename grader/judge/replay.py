"""A program that never reads the key, told and graded as it plays (pure).

Every spec types the key first. A program that takes it as its first guess, or asks another question
first, gets every later input one place off, and every spec fails from its first step. Its behaviour in
the specs as typed tells which (`program_start`): it scored the key as a guess; or its scores fit the
second input (the first guess) as the key, so the first input answered a question of its own; or they
fit a secret of its own; or it asked its first question again after the key. Its rule specs are then
replayed the way it plays (`replay_inputs`, `spec_frame`) and judged against the secret its own scores fit
(`judge_replayed`): messages, the guess limit, the win and its count earn their share; reading the typed
key earns nothing. A program whose behaviour does not say so clearly is graded as typed."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Sequence

from grader.judge.behaviour import guess_places
from grader.judge.facts import Record, StepFacts, output_facts, tokens
from grader.judge.judging import (MISMATCH, Difference, Session, Verdict, expected_facts, judge_against, moment,
                                  spec_key)
from grader.judge.matching import TextLines
from grader.judge.secret import PROBES, fits, fitting, fitting_places, label_order, only, rescored, swapped
from grader.judge.units import Unit
from grader.spec.specs import Spec

SCORED_KEY = "scored the key"  # the key's history line follows it: taken as the first guess
ASKED_FIRST = "asked first"  # its scores fit the first guess as the key: the key answered another question
OWN_AFTER_QUESTION = "own secret after a question"  # the key answered a question; its scores fit neither input
ASKED_AGAIN = "asked again"  # after the key it printed something and asked its first question again
READS = "reads the key"  # its scores fit the typed key
TELLING = 3  # sessions that must show the same first step before a program is said not to read the key
ANSWERS = ("10", "1", "y")  # typed to its own first question, in turn, while it asks that question again


@dataclass(frozen=True)
class Played:
    """How one spec was replayed: the answer the program took to its own question ("" for none), how many
    answers were typed, and whether the key line was left out."""

    answer: str
    answers: int
    keyless: bool

    def first_input(self, label: str) -> str:
        """What the first input of a replayed spec was, for the list of inputs typed in its report."""
        if self.keyless:
            return f"{label}, not typed: the program does not play it"
        return f"{label}, typed after the answer {self.answer!r} to its own question" if self.answer else label


@dataclass(frozen=True)
class Start:
    """How the program starts instead of reading the key: `question` is its own first question (its
    first prompt, quoted) when it may have asked something else first; `keyless` when it never asks for
    the key at all; `secret` the secret its scores fit in the first spec that names one, and that spec's
    typed `key`; `label` what the first input is called."""

    kind: str
    question: str
    keyless: bool
    secret: str = ""
    key: str = ""
    label: str = "the key"

    def played(self, answer: str, answers: int, guess_next: bool = False) -> Played:
        """A replay's course, once the program took an answer (or none): a program that asked its first
        question again and took none of the answers, or took one and then asks for a guess (`guess_next`),
        takes its entries as guesses, and needs no key line."""
        return Played(answer, answers, self.keyless or (self.kind == ASKED_AGAIN and (not answer or guess_next)))


def asks_for_guess(spec: Spec, prompt: str) -> bool:
    """Whether a prompt asks for a guess rather than the key, by the words the spec's first two prompts
    do not share (`Enter guess:` against `Enter key:`): a program whose answer to its own question led
    straight to its guesses plays a secret of its own."""
    if len(spec.steps) < 2:
        return False
    key, guess, asked = (set(tokens(text)) for text in (spec.steps[0].prompt, spec.steps[1].prompt, prompt))
    return bool(asked & (guess - key)) and not asked & (key - guess)


def last_line(output: str) -> str:
    """A step's last non-blank line: the question it waits on."""
    return next((line.strip() for line in reversed(TextLines(output).texts()) if line.strip()), "")


def _facts(spec: Spec, outputs: Sequence[str]) -> list[StepFacts]:
    assert spec.vocabulary is not None
    return [output_facts(output, spec.vocabulary, None) for output in outputs]


def _records(facts: Sequence[StepFacts | None]) -> list[Record]:
    return [record for step in facts if step is not None for record in step.records]


def scoring_order(specs: Sequence[Spec]) -> tuple[int, ...] | None:
    """Which count each of the suite's labels holds, from every rule spec's expected history."""
    return label_order([(spec_key(spec) or "", record) for spec in specs if spec.facts
                        for record in _records(expected_facts(spec))])


def own_secret(spec: Spec, outputs: Sequence[str], order: Sequence[int] | None) -> str | None:
    """The one secret the program's scores fit in this session, if exactly one does."""
    key = spec_key(spec)
    if order is None or not key:
        return None
    return only(fitting(_records(_facts(spec, outputs)), len(key), order))


def probe_guesses(spec: Spec) -> tuple[str, ...]:
    """The guesses typed to learn the program's own secret in this spec's run (see secret.PROBES)."""
    return PROBES.get(len(spec_key(spec) or ""), ())


def probed_secret(spec: Spec, outputs: Sequence[str], guesses: Sequence[str], order: Sequence[int] | None) -> str | None:
    """The one secret a probe's scores fit (`outputs`: its start-up, then what followed each of `guesses`):
    read by the suite's labels where it shows them, else by the places its own lines hold numbers in."""
    if spec.vocabulary is None or not guesses:
        return None
    facts = _facts(spec, outputs)
    if _records(facts):
        return only(fitting(_records(facts), len(guesses[0]), order)) if order is not None else None
    return only(fitting_places(guess_places(facts, guesses, len(guesses[0])), len(guesses[0])))


def pooled_secret(verdicts: Sequence[Verdict], order: Sequence[int] | None) -> str | None:
    """The one secret every rule spec's scores fit together (a fixed secret, or one random secret on
    every run), for the specs whose own guesses are too few to name it."""
    keys = {spec_key(v.spec) or "" for v in verdicts if v.spec.facts and v.spec.vocabulary is not None}
    if order is None or len({len(key) for key in keys}) != 1:
        return None
    records = [record for v in verdicts if v.spec.facts and v.spec.vocabulary is not None
               for record in _records(_facts(v.spec, v.outputs))]
    return only(fitting(records, len(keys.pop()), order))


def spec_start(spec: Spec, outputs: Sequence[str], order: Sequence[int] | None) -> str:
    """What one session as typed shows of the program's first step: READS when its scores fit the typed
    key, one of the other kinds above, or "" when nothing tells."""
    key, inputs = spec_key(spec), spec.inputs
    if spec.vocabulary is None or not key or len(outputs) < 3 or len(inputs) < 2:
        return ""
    facts = _facts(spec, outputs)
    if any(record.guess == key for record in facts[1].records):
        return SCORED_KEY
    records = _records(facts)
    if order is not None and records:
        if fits(records, key, order):
            return READS
        if fits(records, inputs[1].strip(), order):
            return ASKED_FIRST
        if any(sorted(secret) != sorted(key) for secret in fitting(records, len(key), order)):
            return OWN_AFTER_QUESTION  # the key's own digits in another order: the key, scored wrongly
    answered = [line for line in TextLines(outputs[1]).texts() if line.strip()][:-1]
    return ASKED_AGAIN if answered and last_line(outputs[0]) and last_line(outputs[1]) == last_line(outputs[0]) else ""


def program_start(verdicts: Sequence[Verdict]) -> Start | None:
    """The program's first step, when most of its rule specs that tell show it never reads the key
    first (at least TELLING of them); None when it reads it (then it is graded as typed, whatever else
    it does wrong) or too few tell."""
    rule = [v for v in verdicts if v.spec.facts and v.spec.vocabulary is not None and not v.spec.web]
    order = scoring_order([v.spec for v in rule])
    kinds = Counter(kind for v in rule if (kind := spec_start(v.spec, v.outputs, order)))
    kind, most = kinds.most_common(1)[0] if kinds else (READS, 0)
    if kind == READS or most < TELLING or 2 * most <= sum(kinds.values()):
        return None
    named = next(((secret, spec_key(v.spec) or "") for v in rule
                  if (secret := own_secret(v.spec, v.outputs, order)) and secret != spec_key(v.spec)), ("", ""))
    pooled = pooled_secret(rule, order) if not named[0] else None
    named = next(((pooled, key) for v in rule if pooled and (key := spec_key(v.spec) or "") != pooled), named)
    question = "" if kind == SCORED_KEY else last_line(next(v.outputs[0] for v in rule if v.outputs))
    label = next((v.spec.input_labels[0] for v in rule if v.spec.input_labels), "the key")
    return Start(kind, question, kind in (SCORED_KEY, OWN_AFTER_QUESTION), *named, label)


def _tested(entry: str) -> set[str]:
    """What an entry tests besides its digits: spaces around it, a leading 0."""
    return {test for test, held in (("spaces", entry != entry.strip()), ("zero", entry.strip().startswith("0")))
            if held}


def replayable(spec: Spec, keyless: bool) -> bool:
    """A rule spec is replayed; not a presentation spec (the screen must be the handout's, key prompt and
    all), nor, for a program that never reads the key, a spec whose key alone is the test (spaces around
    it, a leading zero, that none of its guesses has): reading the typed key earns nothing. Where its
    guesses test the same, they earn their share (see `unread_key`)."""
    guesses = set().union(*map(_tested, spec.inputs[1:]))
    return bool(spec.facts) and spec.vocabulary is not None and not spec.web and (
        not keyless or _tested(spec.inputs[0] if spec.inputs else "") <= guesses)


def unread_key(verdict: Verdict, spec: Spec) -> Verdict:
    """A keyless replay of a spec whose key is typed with spaces around it or a leading 0 (`spec` as
    written, before the replay typed the program's secret for the key): one more unit, wrong, for that
    key, which the program never reads; its guesses earn the rest of the spec's share."""
    key = spec.inputs[0] if spec.inputs else ""
    if not _tested(key):
        return verdict
    label = spec.input_labels[0] if spec.input_labels else "the first input"
    unit = Unit("key", 1, False, False, f"{label} {key!r}", "read as typed", "never asked for: the program reads no key")
    if not verdict.passed:
        return replace(verdict, units=(unit, *verdict.units))
    actual = verdict.outputs[1] if len(verdict.outputs) > 1 else ""
    return replace(verdict, kind=MISMATCH, message=f"{moment(spec, 1)}, {unit.said()}", step=1, actual=actual,
                   differences=(Difference(1, actual),), units=(unit, *verdict.units))


def replay_inputs(spec: Spec, keyless: bool, secret: str | None) -> tuple[str, ...]:
    """The spec's inputs the way the program plays: without the key line when it never reads one, and
    the program's own secret typed wherever the key is typed as a guess (spaces around it kept)."""
    key = spec_key(spec)
    inputs = spec.inputs[1:] if keyless else spec.inputs
    if not secret or not key:
        return inputs
    return tuple(_typed_swapped(typed, key, secret) for typed in inputs)


def _typed_swapped(typed: str, key: str, secret: str) -> str:
    """An input as the replay types it: the key and the secret exchanged (see secret.swapped), the spaces
    around it kept."""
    guess = typed.strip()
    return typed.replace(guess, swapped(guess, key, secret)) if guess else typed


def spec_frame(outputs: Sequence[str], answers: int, keyless: bool) -> tuple[str, ...]:
    """The replay's outputs in the spec's steps: everything before the key's place (start-up and the
    answers to the program's own question) as step 0, and an empty step where the key is left out."""
    start = "".join(outputs[:answers + 1])
    return (start, *([""] if keyless and len(outputs) > answers + 1 else []), *outputs[answers + 1:])


def judge_replayed(spec: Spec, session: Session, secret: str | None, order: Sequence[int] | None) -> Verdict:
    """A rule spec's verdict on a replay, its session already in the spec's steps: against the secret
    the program's scores fit (the spec's history rescored, its key typed as that secret); with no secret
    or no known scoring, against the typed key, where scoring earns nothing."""
    key = spec_key(spec)
    if not secret or not key or order is None:
        return judge_against(spec, session, expected_facts(spec))
    steps = tuple(replace(step, input=_typed_swapped(step.input, key, secret)) if step.input is not None else step
                  for step in spec.steps)
    expected = tuple(replace(facts, records=tuple(rescored(record, key, secret, order) for record in facts.records))
                     for facts in expected_facts(spec))
    return judge_against(replace(spec, steps=steps), session, expected)


def _cause(start: Start, played: Played) -> str:
    """What the program does instead of reading the key, in words."""
    own = (f"plays a secret of its own: its scores fit {start.secret}, not the {start.key} typed"
           if start.secret else "")
    if not played.answer:
        return (f"the program never asks for {start.label}: it takes {start.label} typed as its first guess"
                + (f" and {own}" if own else ""))
    if played.keyless and own:  # whether its first question asked for the key or not, it plays another secret
        return f"the program asks {start.question!r} first, then {own}"
    if played.keyless:
        return f"the program asks something else first ({start.question!r}) and never asks for {start.label}"
    return (f"the program asks something else first ({start.question!r}) and for {start.label} only after it: "
            "every input typed lands one place off")


def replay_said(start: Start, played: Sequence[Played], replayed: Sequence[str], verdicts: Sequence[Verdict],
                probed: int = 0) -> str:
    """The notice said once at the top of the report: the cause, then how the rule specs were replayed
    (in `probed` of them, against a secret learnt from a run of probing guesses) and what the others (the
    presentation, reading the key) cost."""
    if not played:
        return _cause(start, start.played("", 0))
    course = Counter(played).most_common(1)[0][0]
    how = [f"answering {course.answer!r} to its question"] if course.answer else []
    how += ["without the key line"] if course.keyless else []
    how += ["its scores judged against the secret they fit"] if course.keyless and (start.secret or probed) else []
    how += [f"in {probed} of them a secret of each run's own, learnt from a run of guesses that tell every "
            "secret apart"] if course.keyless and probed else []
    others = [v for v in verdicts if v.spec.id not in replayed]
    lost = sum(v.spec.points - v.score for v in others)
    said = (f"{_cause(start, course)}. So {len(replayed)} rule specs were replayed the way it plays "
            f"({', '.join(how)})")
    if others:
        about = " and ".join(dict.fromkeys("the presentation" if not v.spec.facts else f"reading {start.label}"
                                           for v in others))
        said += (f"; the {len(others)} others ({', '.join(v.spec.id for v in others)}: {about}) were graded as "
                 f"typed and cost {lost:g} points")
    return said
