"""The judges of how a game ends: the win (in any words, see `wins`), its count, its wording, the loss,
and one ending only (pure)."""

from __future__ import annotations

from typing import Callable

from grader.judge.facts import StepFacts, step_facts, tokens
from grader.judge.units import HANDOUT, NOT_REACHED, Context, Reached, Steps, Unit, at, key_of, quoted
from grader.spec.vocabulary import is_number


def _numbers(facts: StepFacts) -> set[str]:
    """The numbers a step's lines show outside its history."""
    return {word for line in facts.others for word in tokens(line) if is_number(word)}


def _counts(facts: StepFacts, want: StepFacts | None) -> list[tuple[str, ...]]:
    """The counts of guesses a step states: in a wording the suite knows, or else (`want`: the expected
    step) the expected count among the numbers of its lines, said in other words."""
    found = facts.found("count")
    if found or want is None:
        return found
    expected = [numbers[0] for numbers in want.found("count") if numbers]
    return [(expected[0],)] if expected and expected[0] in _numbers(facts) else []


def wins(facts: StepFacts, step: int, want: StepFacts | None, context: Context) -> int:
    """How often a step states the win: its win phrases, or else once if the program ended there by
    itself with the count of guesses (when one is expected) among its lines: a win in other words."""
    said = len(facts.found("won"))
    if said or step != context.ended_at:
        return said
    return int(want is None or not want.found("count") or bool(_counts(facts, want)))


Read = Callable[[StepFacts, int, "StepFacts | None"], str]


def _phrase_units(name: str, subject: str, expected: Steps, actual: Reached, shown: Read,
                  right_at: Callable[[StepFacts, StepFacts, int], bool], context: Context) -> list[Unit]:
    """The units of a decisive phrase: right in each step that should state it, and never stated with a
    win in a step that should not. `shown(facts, step, want)` says what a step states, `want` being the
    expected step when `facts` is the program's."""
    units = []
    for step, want in enumerate(expected):
        if not want.found(name):
            continue
        got = at(actual, step)
        if got is None:
            units.append(Unit(name, step, False, True, subject, shown(want, step, None), NOT_REACHED))
        else:
            units.append(Unit(name, step, right_at(want, got, step), True, subject, shown(want, step, None),
                              shown(got, step, want)))
    stated = {step for step, want in enumerate(expected) if want.found(name)}
    early = next((step for step, got in enumerate(actual) if got is not None and got.found(name) and step not in stated
                  and got.found("won")), None)  # a count beside no win ("12 guesses to find it") claims nothing
    if early is not None:
        units.append(Unit(name, early, False, True, subject, "not here",
                          f"{shown(actual[early], early, None)} here"))  # type: ignore[arg-type]
    return units


def won(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """The win, stated once in the step of the winning guess (in any words: see `_wins`), and never
    elsewhere."""
    def shown(facts: StepFacts, step: int, want: StepFacts | None) -> str:
        times = wins(facts, step, want, context)
        return "no win" if not times else "the win" if times == 1 else f"the win said {times} times"

    def right_at(want: StepFacts, got: StepFacts, step: int) -> bool:
        return wins(got, step, want, context) == 1

    return _phrase_units("won", "win", expected, actual, shown, right_at, context)


def _key_after_win(facts: StepFacts, context: Context) -> bool:
    """A line showing the key after the step's first line of a win: a loss line (the key's own score
    line, in words the suite does not know, comes before the win)."""
    lines = [step_facts([line], context.vocabulary, key_of(context)) for line in facts.others]
    first = next((at for at, line in enumerate(lines) if line.found("won")), None)
    return first is not None and any(line.key_shown for line in lines[first:])


def one_ending(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """A game ends one way: no step shows both a win and a loss."""
    both = next((step for step, got in enumerate(actual) if got is not None and got.found("won") and got.key_shown
                 and _key_after_win(got, context)), None)
    if both is None:
        return []
    return [Unit("one_ending", both, False, False, "the end of the game", "a win or a loss", "a win and a loss together")]


def count(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """The number of valid guesses the win states: in a wording the suite knows, or as a number among
    the win's lines."""
    def shown(facts: StepFacts, step: int, want: StepFacts | None) -> str:
        numbers = _counts(facts, want)
        if not numbers:
            return "no count of guesses"
        return " and ".join(f"{n[0] if n else '?'} guesses" for n in numbers)

    def right_at(want: StepFacts, got: StepFacts, step: int) -> bool:
        return _counts(got, want) == want.found("count")

    return _phrase_units("count", "win", expected, actual, shown, right_at, context)


def _wordy(line: str) -> tuple[str, ...]:
    """A line's words, its numbers aside: a wrong count is the count's, not the wording's."""
    return tuple(word for word in tokens(line) if not is_number(word))


def wording(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """The ending (the win's lines, the loss's line) in the handout's words, each expected line's words
    in order among the program's (case, punctuation, symbols and numbers aside): what a win or a loss in
    other words costs, and all it costs."""
    units = []
    for step, want in enumerate(expected):
        if not (want.found("won") or want.key_shown):
            continue
        got = at(actual, step)
        lines = [line for line in want.others if tokens(line)]
        subject = "the win's words" if want.found("won") else "the loss's words"
        if got is None:
            units.append(Unit("wording", step, False, False, subject, quoted(lines), NOT_REACHED))
            continue
        printed = [line for line in got.others if tokens(line)]
        said = iter(_wordy(line) for line in printed)
        right = all(any(_wordy(line) == other for other in said) for line in lines)
        units.append(Unit("wording", step, right, False, subject, quoted(lines),
                          f"printed {quoted(printed)}" if printed else "nothing", HANDOUT))
    return units


def lost(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """The loss: a line that shows the key, in the step of the last guess, and no win there."""
    units = []
    key = key_of(context)
    for step, want in enumerate(expected):
        if not want.key_shown:
            continue
        got = at(actual, step)
        if got is None:
            found, right = NOT_REACHED, False
        elif got.found("won"):
            found, right = "a win", False
        else:
            right = got.key_shown > 0
            found = "a line showing the key" if right else f"no line showing the key {key}"
        units.append(Unit("lost", step, right, True, "loss", f"a line showing the key {key}", found))
    return units
