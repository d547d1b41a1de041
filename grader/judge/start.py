"""Whether a program does the session's first step at all, said in words: a program that never asks for
the key, or asks for something else first, fails every spec for that one reason, and a student should
read that reason once rather than a hundred differences (pure)."""

from __future__ import annotations

from grader.judge.facts import step_facts, tokens
from grader.judge.matching import split_lines
from grader.spec.specs import Spec


def first_step(spec: Spec, outputs: tuple[str, ...]) -> str | None:
    """What the program does instead of the spec's first step, if it plainly does something else:
    it takes the first input (the key) as a guess, or it asks for something else and only then for the
    key. None when it does the first step, or when that cannot be told."""
    if spec.vocabulary is None or len(spec.steps) < 2 or len(outputs) < 2 or not spec.inputs:
        return None
    first, label = spec.inputs[0].strip(), (spec.input_labels[:1] or ("the first input",))[0]
    after = step_facts([text for text, _ in split_lines(outputs[1])], spec.vocabulary, None)
    if first and any(record.guess == first for record in after.records):
        return f"the program never asked for {label}: it took {label} ({first}) as its first guess"
    asked = _asked_for(spec)
    if asked and not asked & set(tokens(outputs[0])) and asked & set(tokens(outputs[1])):
        prompt = _last_line(outputs[0])
        return (f"the program asks for something else first ({prompt!r}), and for {label} only after the first "
                f"input: every input then lands one place off")
    return None


def _asked_for(spec: Spec) -> set[str]:
    """The words of the first prompt that the second does not share: what the first step asks for
    (`Enter key:` against `Enter guess:` gives {"key"})."""
    return set(tokens(spec.steps[0].prompt)) - set(tokens(spec.steps[1].prompt))


def _last_line(output: str) -> str:
    lines = [text for text, _ in split_lines(output) if text.strip()]
    return lines[-1].strip() if lines else ""


