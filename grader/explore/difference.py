"""Where a program's session breaks a rule that the reference's session, with the same inputs, keeps:
the reference's session becomes one rule spec per rule of the suite (its outputs the expected lines),
and the judge's own verdicts decide, so a formatting slip is no difference and a broken rule is. A suite
that declares no rules (the guess game's) grades every spec line by line: its game is one spec compared
so, and there a formatting slip is a difference, as it costs points in each of its specs. Pure."""

from __future__ import annotations

from dataclasses import dataclass, replace

from grader.judge.judging import Session, expected_facts, judge
from grader.judge.matching import split_lines
from grader.judge.outcome import Ending
from grader.spec.specs import Line, Spec, Step, Suite


@dataclass(frozen=True)
class Finding:
    """A rule the program broke in one game: the inputs typed (key first), the rule and what it says, the
    judge's words for the first wrong fact, and what the reference and the program printed at that step."""

    inputs: tuple[str, ...]
    rule: str
    description: str
    message: str
    step: int
    expected: str
    got: str


def plays_whole(session: Session, inputs: tuple[str, ...]) -> bool:
    """Whether the reference took every input and then ended cleanly: only such a game is a transcript."""
    return session.end == Ending.EXITED and session.exit_status == 0 and session.signal is None \
        and len(session.outputs) == len(inputs) + 1


def _steps(session: Session, inputs: tuple[str, ...]) -> tuple[Step, ...]:
    """The reference's session as spec steps, cut as `record` cuts them: a last line without its newline is
    the prompt."""
    steps = []
    for index, output in enumerate(session.outputs):
        rows = split_lines(output)
        prompt = rows.pop()[0] if rows and not rows[-1][1] else ""
        last = index == len(session.outputs) - 1
        steps.append(Step(tuple(Line(text) for text, _ in rows), prompt, None if last else inputs[index],
                          session.exit_status if last else None))
    return tuple(steps)


# Facts judged against the program's own earlier answers rather than the reference's: `order` reads how
# the program words each message from the first entry of each kind in the session, which a random game
# does not choose to break one rule alone. Here every entry's message is compared with the reference's
# (the `rejection` fact), which says what the order would.
SELF_CALIBRATED = frozenset({"order"})


# The one spec of a game where the suite declares no rules: what it judges, told as a rule's description.
WHOLE_OUTPUT = "Every line is the reference's, compared as this suite's specs compare them (it declares no rules)."


def rule_specs(reference: Session, inputs: tuple[str, ...], suite: Suite) -> list[Spec]:
    """One spec per rule of the suite that has facts (the presentation rule, judged character by
    character, has none: a formatting slip is not a difference), the reference's session its steps; for a
    suite without rules, one spec of the whole game compared line by line (rule "")."""
    steps = _steps(reference, inputs)
    defaults = suite.defaults
    ignore, labels = tuple(sorted(defaults.get("ignore", ()))), tuple(defaults.get("input_labels", ()))
    if not suite.rules:
        return [Spec(id="explore", name="output", description=WHOLE_OUTPUT, points=1.0, visibility="hidden",
                     steps=steps, timeout=None, path="", ignore=ignore, input_labels=labels)]
    specs = []
    for rule in suite.rules.values():
        facts = tuple(fact for fact in rule.facts if fact not in SELF_CALIBRATED)
        if facts:
            specs.append(Spec(id=f"explore-{rule.name}", name=rule.name, description=rule.description, points=1.0,
                              visibility="hidden", steps=steps, timeout=None, path="", ignore=ignore,
                              input_labels=labels, rule=rule.name, facts=facts,
                              judges_ending=rule.ending, vocabulary=suite.vocabulary))
    return specs


def first_difference(reference: Session, program: Session, inputs: tuple[str, ...], suite: Suite) -> Finding | None:
    """The rule the program breaks first in this game: at the earliest step; of several there, one whose
    name says the kind of message the reference gave at that step (the three message rules judge the
    same fact), else the suite's first. None when it keeps every rule the reference keeps."""
    specs = rule_specs(reference, inputs, suite)
    if not specs or judge(_every_rule(specs), program).passed:
        return None
    found = []
    for order, spec in enumerate(specs):
        verdict = judge(spec, program)
        if not verdict.passed:
            step = verdict.step or 0
            kinds = expected_facts(spec)[step].messages if spec.facts and step < len(spec.steps) else ()
            named = any(kind.replace("_", "-") in spec.rule for kind in kinds)
            found.append((step, not named, order, spec, verdict.message))
    step, _, _, spec, message = min(found, key=lambda item: item[:3])
    return Finding(inputs, spec.rule, spec.description, message, step, _at(reference, step), _at(program, step))


def _every_rule(specs: list[Spec]) -> Spec:
    """One spec judging the facts of every rule at once, and the ending: it passes exactly when each rule's
    spec does (each fact is judged alike whichever rule names it), at the cost of one judgement, not one
    per rule, for the games that show no difference (nearly all of them)."""
    facts = tuple(dict.fromkeys(fact for spec in specs for fact in spec.facts))
    return replace(specs[0], id="explore", rule="", facts=facts, judges_ending=True)


def _at(session: Session, step: int) -> str:
    return session.outputs[step] if step < len(session.outputs) else ""
