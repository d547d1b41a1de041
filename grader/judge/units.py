"""What a rule's judges share: a judged unit of credit, what a judge knows besides the facts, and the
small readings every judge uses (pure)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from grader.judge.facts import StepFacts
from grader.spec.vocabulary import Vocabulary

Steps = Sequence[StepFacts]
Reached = Sequence["StepFacts | None"]  # None: the program never reached that step


@dataclass(frozen=True)
class Unit:
    """One judged fact: where (the step whose output states it), about what, expected and found, in words."""

    fact: str
    step: int
    right: bool
    decisive: bool
    subject: str
    expected: str
    actual: str
    versus: str = "instead of"  # between what was found and what was expected

    def said(self) -> str:
        """The unit's failure in one line: `win: 0 guesses instead of 1`, each side within SAID_BUDGET
        characters (what a flood of lines says must not make a message large)."""
        return f"{self.subject}: {within(self.actual)} {self.versus} {within(self.expected)}"


SAID_BUDGET = 160


def within(text: str) -> str:
    if len(text) <= SAID_BUDGET:
        return text
    return f"{text[:SAID_BUDGET]}… ({len(text) - SAID_BUDGET} more characters)"


NOT_REACHED = "never reached (the session ended before)"


HANDOUT = "where the handout says"


@dataclass(frozen=True)
class Context:
    """What a judge knows besides the facts: the inputs typed, the step after which the program ended by
    itself (exit status 0), if it did, and the spec's prompts."""

    vocabulary: Vocabulary
    inputs: tuple[str, ...]
    ended_at: int | None = None
    prompts: tuple[str, ...] = ()  # the spec's prompt of each step


def at(actual: Reached, step: int) -> StepFacts | None:
    """The facts of a step the program reached, or None."""
    return actual[step] if step < len(actual) else None



def quoted(lines: Sequence[str]) -> str:
    return " / ".join(repr(line.strip()) for line in lines)



def key_of(context: Context) -> str:
    index = context.vocabulary.key_input
    return context.inputs[index].strip() if index is not None and index < len(context.inputs) else ""

