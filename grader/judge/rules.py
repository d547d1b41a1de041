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

from typing import Callable, Sequence

from grader.judge.behaviour import read_records
from grader.judge.endings import count, lost, one_ending, wins, won, wording
from grader.judge.facts import Record, StepFacts, tokens
from grader.judge.units import HANDOUT, NOT_REACHED, Context, Reached, Steps, Unit, at, key_of, quoted
from grader.spec.vocabulary import Vocabulary, is_number


def _values(record: Record | None, vocabulary: Vocabulary) -> str:
    """A record's counts by label; a line read by behaviour is quoted as printed, with how it was read."""
    if record is None:
        return "not shown"
    values = ", ".join(f"{label} {value}" for label, value in zip(vocabulary.labels, record.values))
    return f"{quoted([record.line])} read as {values}" if record.line else values



def _listing(records: Sequence[Record]) -> str:
    if not records:
        return "no history"
    return f"{len(records)} line{'s' if len(records) != 1 else ''} ({', '.join(r.guess for r in records)})"


def history(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """After each valid guess, every guess so far, oldest first: the whole ordered list of guesses. Their
    counts are the scoring rule's, so a scoring bug costs the history nothing."""
    units = []
    for step, want in enumerate(expected):
        got = at(actual, step)
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
    units, seen = [], {key_of(context)}  # the key's counts (0 and 4) are the win's, whatever the history shows
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
            got = at(actual, step)
            won = guess == key_of(context) and got is not None and wins(got, step, expected[step], context) > 0  # the win too
            right = got is not None and (won or any(guess in {r.guess for r in facts.records}
                                                    for facts in actual[step:] if facts is not None))
            found = NOT_REACHED if got is None else ("taken" if right else "not taken as a guess")
            units.append(Unit("accepted", step, right, False, f"the entry {_typed(context, step)}",
                              f"taken as the guess {guess}", found))
    return units



def _typed(context: Context, step: int) -> str:
    return repr(context.inputs[step - 1]) if 0 < step <= len(context.inputs) else "at start-up"


def rejected(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """An invalid entry is refused: answered with a line before the next prompt, and no guess spent,
    whatever the line's words (a program that only asks again says nothing)."""
    units = []
    for step, want in enumerate(expected):
        if not want.messages:
            continue
        got = at(actual, step)
        taken = got is not None and _taken(actual, step, context)
        right = got is not None and not taken and _printed(got, step, actual, context) != NO_MESSAGE \
            and _answered(got, step, actual, context)
        found = NOT_REACHED if got is None else "refused" if right else "taken as a guess" if taken else NO_MESSAGE
        units.append(Unit("rejected", step, right, False, f"the entry {_typed(context, step)}", "refused", found))
    return units


def _taken(actual: Reached, step: int, context: Context) -> bool:
    """The entry typed before a step was taken as a guess: a new guess shows, or a line echoes it beside
    two numbers (`١٢٣٤ : exist: 0, position: 0`; `Attempt 1/12` after the entry `1` scores nothing)."""
    entry = context.inputs[step - 1].strip().casefold() if 0 < step <= len(context.inputs) else ""
    got = actual[step]
    return bool(_new_guesses(actual, step)) or (got is not None and len(entry) >= 3 and any(
        entry in words and sum(is_number(word) and word != entry for word in words) >= 2
        for words in map(tokens, _before_prompt(got, step, actual, context))))


def _before_prompt(facts: StepFacts, step: int, actual: Reached, context: Context) -> tuple[str, ...]:
    """A step's lines but its prompt: its last line when that is the prompt asked before (the program's
    own words for it) or the spec's, and no message; a prompt printed late (not flushed, at the start of
    the next line) leaves the last line a line of its own."""
    before = at(actual, step - 1)
    asked = {tokens(context.prompts[step])} if step < len(context.prompts) else set()
    if before is not None and before.others and before.others[-1] not in before.message_lines:
        asked.add(tokens(before.others[-1]))
    last = facts.others[-1] if facts.others else None
    return facts.others[:-1] if last is not None and last not in facts.message_lines and tokens(last) in asked \
        else facts.others


def _answered(facts: StepFacts, step: int, actual: Reached, context: Context) -> bool:
    """Some line before the prompt is more than an entry typed so far, bare (a history of bare guesses
    shown again answers nothing)."""
    typed = {tokens(entry.strip().casefold()) for entry in context.inputs[:step]}
    return any(tokens(line) not in typed for line in _before_prompt(facts, step, actual, context))


def _printed(facts: StepFacts, step: int, actual: Reached, context: Context) -> str:
    """What a step printed before its prompt, quoted as printed, when it said no message;
    a traceback is no message (the crash is told on its own)."""
    lines = facts.message_lines or _before_prompt(facts, step, actual, context)
    if not lines or any(line.startswith(TRACEBACK) for line in lines):
        return NO_MESSAGE
    return f"printed {quoted(lines)}"


TRACEBACK = "Traceback (most recent call last):"
NO_MESSAGE = "no message"


def rejection(expected: Steps, actual: Reached, context: Context) -> list[Unit]:
    """Which message each entry gets: exactly the expected one, in its own words, once. Where no message
    is expected, only the messages this spec is about count: another message there is its own rule's."""
    units = []
    kinds = {kind for want in expected for kind in want.messages}
    for step, want in enumerate(expected):
        got = at(actual, step)
        if not want.messages and (got is None or not kinds & set(got.messages)):
            continue
        expected_text = quoted(want.message_lines) if want.messages else "no message"
        if got is None:
            units.append(Unit("rejection", step, False, False, f"the entry {_typed(context, step)}",
                              expected_text, NOT_REACHED))
            continue
        right = got.messages == want.messages and not got.clashes
        found = f"a line that reads as two messages ({got.clashes[0].strip()!r})" if got.clashes else \
            "taken as a guess" if _taken(actual, step, context) else _printed(got, step, actual, context)
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
            got = at(actual, step)
            own[want.messages[0]] = _said(got) if got is not None and not _new_guesses(actual, step) else ()
            calibration.add(step)
    distinct = len(set(own.values())) == len(own) and all(own.values())
    units = []
    for step, want in enumerate(expected):
        if not want.messages or step in calibration:
            continue
        got = at(actual, step)
        wanted = own.get(want.messages[0], ())
        right = got is not None and distinct and _said(got) == wanted and not _new_guesses(actual, step)
        found = NOT_REACHED if got is None else "taken as a guess" if _new_guesses(actual, step) else \
            (" / ".join(_said(got)) or "no message")
        expect = f"the {want.messages[0].replace('_', '-')} message ({' / '.join(wanted) or 'none shown'})"
        if not distinct:
            expect += ", told apart from the other messages"
        units.append(Unit("order", step, right, False, f"the entry {_typed(context, step)}", expect, found))
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
        actual = read_records(expected, actual, context.inputs, len(context.vocabulary.labels), key_of(context))
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
