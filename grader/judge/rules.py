"""A rule spec's verdict from facts: each fact the spec's rule names is judged by one function here, over
the facts of every step (the spec's expected lines and what the program printed), into units of credit.

A unit is right or wrong; a decisive unit (the win, the count, the loss: the step that decides the rule)
takes the whole spec with it when wrong. Facts of other rules are context: they cost this spec nothing.
Behaviour decides whether a fact is there, words only how it is said: the program ending in the step of
the winning guess, with the count of guesses among its last lines, is a win whatever its words (their
words are the `wording` fact's); a program's score lines in other labels are read by what they carry
(grader/judge/behaviour.py). Guards against false passes: a fact must be stated in its own step, exactly
once; the history is the whole ordered list; a line that reads as two messages is wrong; a game that
shows both a win and a loss is wrong; an entry taken as a guess is no rejection."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from grader.judge.behaviour import read_records
from grader.judge.facts import Record, StepFacts, step_facts, tokens
from grader.spec.vocabulary import Vocabulary, is_number

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
        return f"{self.subject}: {_within(self.actual)} {self.versus} {_within(self.expected)}"


SAID_BUDGET = 160


def _within(text: str) -> str:
    if len(text) <= SAID_BUDGET:
        return text
    return f"{text[:SAID_BUDGET]}… ({len(text) - SAID_BUDGET} more characters)"


NOT_REACHED = "never reached (the session ended before)"


HANDOUT = "where the handout says"


@dataclass(frozen=True)
class Context:
    """What a judge knows besides the facts: the inputs typed, and the step after which the program
    ended by itself (exit status 0), if it did."""

    vocabulary: Vocabulary
    inputs: tuple[str, ...]
    ended_at: int | None = None


def _at(actual: Reached, step: int) -> StepFacts | None:
    """The facts of a step the program reached, or None."""
    return actual[step] if step < len(actual) else None


def _values(record: Record | None, vocabulary: Vocabulary) -> str:
    """A record's counts by label; a line read by behaviour is quoted as printed, with how it was read."""
    if record is None:
        return "not shown"
    values = ", ".join(f"{label} {value}" for label, value in zip(vocabulary.labels, record.values))
    return f"{_quoted([record.line])} read as {values}" if record.line else values


def _quoted(lines: Sequence[str]) -> str:
    return " / ".join(repr(line.strip()) for line in lines)


def _listing(records: Sequence[Record]) -> str:
    if not records:
        return "no history"
    return f"{len(records)} line{'s' if len(records) != 1 else ''} ({', '.join(r.guess for r in records)})"


def history(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """After each valid guess, every guess so far, oldest first: the whole ordered list of guesses. Their
    counts are the scoring rule's, so a scoring bug costs the history nothing."""
    units = []
    for step, want in enumerate(expected):
        got = _at(actual, step)
        if not want.records and (got is None or not got.records):
            continue
        if got is None:
            units.append(Unit("history", step, False, False, "history", _listing(want.records), NOT_REACHED))
            continue
        wanted, shown = [r.guess for r in want.records], [r.guess for r in got.records]
        right = shown == wanted
        found = _listing(got.records)
        if not right and shown == wanted[::-1]:
            found += ", newest first"
        elif not right and sorted(shown) == sorted(wanted):
            found += ", in another order"
        units.append(Unit("history", step, right, False, "history", _listing(want.records), found))
    return units


def scores(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """Each wrong guess's counts: right wherever the program shows that guess (from its own step on), and
    shown."""
    units, seen = [], {_key(context)}  # the key's counts (0 and 4) are the win's, whatever the history shows
    for step, want in enumerate(expected):
        for record in want.records:
            if record.guess in seen:
                continue
            seen.add(record.guess)
            shown = [r for facts in actual[step:] if facts is not None for r in facts.records if r.guess == record.guess]
            right = bool(shown) and all(r.values == record.values for r in shown)
            wrong = next((r for r in shown if r.values != record.values), None)
            found = _values(wrong, context.vocabulary) if wrong else ("not shown" if step < len(actual) else NOT_REACHED)
            units.append(Unit("scores", step, right, False, f"scoring of {record.guess}",
                              _values(record, context.vocabulary), found))
    return units


def _new_guesses(steps: Reached, step: int) -> set[str]:
    before = {r.guess for facts in steps[:step] if facts is not None for r in facts.records}
    now = steps[step]
    return {r.guess for r in now.records} - before if now is not None else set()


def accepted(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """A valid entry (spaces around it removed) is taken as the guess it spells: its history line shows
    from its own step on (a history shown only later still shows it was taken), or, for the key, the win
    does (where the history is shown is the history rule's)."""
    units = []
    for step in range(len(expected)):
        for guess in sorted(_new_guesses(expected, step)):
            got = _at(actual, step)
            won = guess == _key(context) and got is not None and _wins(got, step, expected[step], context) > 0  # the win too
            right = got is not None and (won or any(guess in {r.guess for r in facts.records}
                                                    for facts in actual[step:] if facts is not None))
            found = NOT_REACHED if got is None else ("taken" if right else "not taken as a guess")
            units.append(Unit("accepted", step, right, False, f"the entry {_typed(context, step)}",
                              f"taken as the guess {guess}", found))
    return units


def _key(context: Context) -> str:
    index = context.vocabulary.key_input
    return context.inputs[index].strip() if index is not None and index < len(context.inputs) else ""


def _typed(context: Context, step: int) -> str:
    return repr(context.inputs[step - 1]) if 0 < step <= len(context.inputs) else "at start-up"


def rejected(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """An invalid entry is refused: answered with a line before the next prompt, and no guess spent,
    whatever the line's words (a program that only asks again says nothing)."""
    units = []
    for step, want in enumerate(expected):
        if not want.messages:
            continue
        got = _at(actual, step)
        taken = got is not None and _taken(actual, step, context)
        right = got is not None and not taken and _printed(got) != NO_MESSAGE
        found = NOT_REACHED if got is None else "refused" if right else "taken as a guess" if taken else NO_MESSAGE
        units.append(Unit("rejected", step, right, False, f"the entry {_typed(context, step)}", "refused", found))
    return units


def _taken(actual: Reached, step: int, context: Context) -> bool:
    """The entry typed before a step was taken as a guess: a new guess shows, or a line that echoes the
    entry (`١٢٣٤ : exist: 0, position: 0`) holds two numbers besides (`Attempt 1/12` scores nothing)."""
    entry = context.inputs[step - 1].strip().casefold() if 0 < step <= len(context.inputs) else ""
    got = actual[step]
    return bool(_new_guesses(actual, step)) or (got is not None and len(entry) >= 3 and any(
        entry in words and sum(is_number(word) and word != entry for word in words) >= 2
        for words in map(tokens, got.others[:-1])))


def _printed(facts: StepFacts) -> str:
    """What a step printed before its prompt (its last line), quoted as printed, when it said no message;
    a traceback is no message (the crash is told on its own)."""
    lines = facts.message_lines or facts.others[:-1]
    if not lines or any(line.startswith(TRACEBACK) for line in lines):
        return NO_MESSAGE
    return f"printed {_quoted(lines)}"


TRACEBACK = "Traceback (most recent call last):"
NO_MESSAGE = "no message"


def rejection(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """Which message each entry gets: exactly the expected one, in its own words, once. Where no message
    is expected, only the messages this spec is about count: another message there is its own rule's."""
    units = []
    kinds = {kind for want in expected for kind in want.messages}
    for step, want in enumerate(expected):
        got = _at(actual, step)
        if not want.messages and (got is None or not kinds & set(got.messages)):
            continue
        expected_text = _quoted(want.message_lines) if want.messages else "no message"
        if got is None:
            units.append(Unit("rejection", step, False, False, f"the entry {_typed(context, step)}",
                              expected_text, NOT_REACHED))
            continue
        right = got.messages == want.messages and not got.clashes
        found = f"a line that reads as two messages ({got.clashes[0].strip()!r})" if got.clashes else \
            "taken as a guess" if _taken(actual, step, context) else _printed(got)
        units.append(Unit("rejection", step, right, False, f"the entry {_typed(context, step)}", expected_text, found,
                          HANDOUT if want.messages else "instead of"))
    return units


def _said(facts: StepFacts) -> tuple[str, ...]:
    """What a step says when it refuses an entry: its messages, or else its own lines' words."""
    return tuple(facts.messages) if facts.messages else tuple(" ".join(words) for words in facts.notes)


def order(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """For an entry that breaks several rules, the message of the first rule broken, as this program words
    it: each kind's first entry in the spec (which breaks that rule alone) shows the program's own message
    for it, so a reworded message costs its own spec, not this one."""
    own: dict[str, tuple[str, ...]] = {}
    calibration = set()
    for step, want in enumerate(expected):
        if len(want.messages) == 1 and want.messages[0] not in own:
            got = _at(actual, step)
            own[want.messages[0]] = _said(got) if got is not None and not _new_guesses(actual, step) else ()
            calibration.add(step)
    distinct = len(set(own.values())) == len(own) and all(own.values())
    units = []
    for step, want in enumerate(expected):
        if not want.messages or step in calibration:
            continue
        got = _at(actual, step)
        wanted = own.get(want.messages[0], ())
        right = got is not None and distinct and _said(got) == wanted and not _new_guesses(actual, step)
        found = NOT_REACHED if got is None else "taken as a guess" if _new_guesses(actual, step) else \
            (" / ".join(_said(got)) or "no message")
        expect = f"the {want.messages[0].replace('_', '-')} message ({' / '.join(wanted) or 'none shown'})"
        if not distinct:
            expect += ", told apart from the other messages"
        units.append(Unit("order", step, right, False, f"the entry {_typed(context, step)}", expect, found))
    return units


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


def _wins(facts: StepFacts, step: int, want: StepFacts | None, context: Context) -> int:
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
        got = _at(actual, step)
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
        times = _wins(facts, step, want, context)
        return "no win" if not times else "the win" if times == 1 else f"the win said {times} times"

    def right_at(want: StepFacts, got: StepFacts, step: int) -> bool:
        return _wins(got, step, want, context) == 1

    return _phrase_units("won", "win", expected, actual, shown, right_at, context)


def _key_after_win(facts: StepFacts, context: Context) -> bool:
    """A line showing the key after the step's first line of a win: a loss line (the key's own score
    line, in words the suite does not know, comes before the win)."""
    lines = [step_facts([line], context.vocabulary, _key(context)) for line in facts.others]
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
        got = _at(actual, step)
        lines = [line for line in want.others if tokens(line)]
        subject = "the win's words" if want.found("won") else "the loss's words"
        if got is None:
            units.append(Unit("wording", step, False, False, subject, _quoted(lines), NOT_REACHED))
            continue
        printed = [line for line in got.others if tokens(line)]
        said = iter(_wordy(line) for line in printed)
        right = all(any(_wordy(line) == other for other in said) for line in lines)
        units.append(Unit("wording", step, right, False, subject, _quoted(lines),
                          f"printed {_quoted(printed)}" if printed else "nothing", HANDOUT))
    return units


def lost(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """The loss: a line that shows the key, in the step of the last guess, and no win there."""
    units = []
    key = _key(context)
    for step, want in enumerate(expected):
        if not want.key_shown:
            continue
        got = _at(actual, step)
        if got is None:
            found, right = NOT_REACHED, False
        elif got.found("won"):
            found, right = "a win", False
        else:
            right = got.key_shown > 0
            found = "a line showing the key" if right else f"no line showing the key {key}"
        units.append(Unit("lost", step, right, True, "loss", f"a line showing the key {key}", found))
    return units


JUDGES: dict[str, Callable[[Steps, Reached, Context], list[Unit]]] = {
    "history": history, "scores": scores, "accepted": accepted, "rejected": rejected, "rejection": rejection,
    "order": order, "won": won, "count": count, "lost": lost, "one_ending": one_ending, "wording": wording,
}


def stated(name: str, expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """A phrase of the suite's own (not one of the judges above): each step that should state it states
    it with the same numbers, as often; a step that states it where none is expected is wrong too."""
    def shown(facts: StepFacts) -> str:
        found = facts.found(name)
        return f"no {name}" if not found else " and ".join(f"{name} {' '.join(n)}".strip() for n in found)

    units = []
    for step, want in enumerate(expected):
        got = actual[step] if step < len(actual) else None
        if not want.found(name) and (got is None or not got.found(name)):
            continue
        right = got is not None and got.found(name) == want.found(name)
        units.append(Unit(name, step, right, False, name.replace("_", " "), shown(want),
                          NOT_REACHED if got is None else shown(got)))
    return units


def judge_facts(facts: Sequence[str], expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """Every unit of the named facts, in the order of the steps that carry them: a judge above, or else a
    phrase of the suite's vocabulary, judged as `stated`."""
    if context.vocabulary.labels and context.vocabulary.code is None:
        actual = read_records(expected, actual, context.inputs, len(context.vocabulary.labels), _key(context))
    units = [unit for name in facts for unit in
             (JUDGES[name](expected, actual, context) if name in JUDGES else stated(name, expected, actual, context))]
    return sorted(units, key=lambda unit: unit.step)


def share(units: Sequence[Unit], per_unit: bool) -> float:
    """The share of a spec's points its units earn: none when a decisive unit is wrong; else every unit
    right, or with `per_unit` the right ones' share."""
    if not units:
        return 1.0
    if any(unit.decisive and not unit.right for unit in units):
        return 0.0
    right = sum(unit.right for unit in units)
    if per_unit:
        return right / len(units)
    return 1.0 if right == len(units) else 0.0
