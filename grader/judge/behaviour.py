"""A program's score lines read by what they do, not by their words (pure).

Where a program shows no history line in the suite's labels, each line it prints after an entry is read
for the numbers it holds, or a per-position mask, and which place carries which count is learnt from the
whole session against the counts the reference gives for the same guesses, never from a list of words.

A number's places are its rank among its line's numbers, its rank in a line of the same words (`Correct
digits in the wrong position: 1`), and the word just before or after it (`bulls: 3`, `3 right place`,
`1A2B`); a mask (`++-o`, `X O _ _`, `BBW-`) yields, for each of its symbols, how many
times it shows (a symbol it lacks: 0). The places, one per label, that carry the reference's counts most
often are the program's labels: the place that always carries the position count is the position's. A
game whose two counts are always equal leaves that undecided, and either reading then gives the same
counts. A line is the score of the guess it echoes; where no line of a step echoes an entry, the step's
numbers together are the score of the entry just typed, if they fill every learnt place."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Mapping, Sequence

from grader.judge.comparison import ESCAPE_SEQUENCE
from grader.judge.facts import Record, StepFacts, tokens
from grader.spec.vocabulary import is_number

Place = tuple[str, ...]
Spot = tuple[int, str]  # which line of the step, which number (or symbol) in it
MOST_PLACES = 24  # the places tried, the most common first: a flood of lines costs no more than this
MOST_LINES = 200  # the distinct score lines the places are learnt from, in order
_NOT_MASK = set(",:;!?'\"()[]{}<>|/\\=")


@dataclass(frozen=True)
class _Reading:
    """What one line (echoed) or one step's lines (not echoed) hold: each place's spot and value."""

    step: int
    guess: str
    lines: tuple[str, ...]
    at: tuple[int, ...]  # where each of `lines` stands in the step's `others`
    places: Mapping[Place, tuple[Spot, str]]


def _mask(line: str, length: int) -> str | None:
    """The per-position mask a line shows: `length` symbols written together or one by one, no digit,
    at most three kinds, each a symbol or a letter (`++-o`, `X O _ _`, `BBW-`); letters alone only in
    capitals or two kinds, so a word is no mask."""
    chunks = ESCAPE_SEQUENCE.sub(" ", line).split()
    runs = [chunk for chunk in chunks if len(chunk) == length]
    runs += ["".join(chunks[at:at + length]) for at in range(len(chunks) - length + 1)
             if all(len(chunk) == 1 for chunk in chunks[at:at + length])]
    return next((run for run in runs if _is_mask(run)), None)


def _is_mask(run: str) -> bool:
    if len(set(run)) > 3 or set(run) & _NOT_MASK or any(c.isascii() and c.isdigit() for c in run):
        return False
    if not run.isalpha():
        return all(not c.isalnum() or c.isalpha() for c in run)
    return run.isupper() or (run.islower() and len(set(run)) <= 2)  # `XXOO`, `xoo-`, not `Keep` nor `good`


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word  # `1 bull`, `2 bulls`: one place


def _line_places(line: str, number: int, echo: str | None) -> dict[Place, tuple[Spot, str]]:
    """The places of one line's numbers (the echoed guess aside); a place said twice in it is no place."""
    words = tokens(line)
    at_numbers = [at for at, word in enumerate(words) if is_number(word) and word != echo]
    places: dict[Place, tuple[Spot, str]] = {}
    twice = set()
    shape = " ".join(_stem(word) for word in words if not is_number(word))  # the line's words: its kind
    for rank, at in enumerate(at_numbers):
        value = ((number, str(rank)), words[at])
        named: list[Place] = [("rank", str(rank), str(len(at_numbers))), ("in line", shape, str(rank))]
        if at > 0 and not is_number(words[at - 1]):
            named.append(("label before", _stem(words[at - 1])))
        if at + 1 < len(words) and not is_number(words[at + 1]):
            named.append(("label after", _stem(words[at + 1])))
        for place in named:
            twice |= {place} if place in places else set()
            places[place] = value
    return {place: value for place, value in places.items() if place not in twice}


def _readings(step: int, facts: StepFacts, typed: set[str], entry: str, length: int) -> list[_Reading]:
    """A step's readings: one per line that echoes an entry, or else one for the whole step."""
    echo_of = {line: next((word for word in tokens(line) if word in typed), None) for line in set(facts.others)}
    echoes = [echo_of[line] for line in facts.others]  # each distinct line read once (a flood repeats a few)
    if any(echoes):
        return [_Reading(step, echo, (line,), (at,), _line_places(line, 0, echo) | _mask_places(line, 0, length))
                for at, (line, echo) in enumerate(zip(facts.others, echoes)) if echo]
    places: dict[Place, tuple[Spot, str]] = {}
    twice = set()
    repeats = Counter(facts.others)  # a line printed twice says each of its places twice: read it once (a flood)
    for number, line in enumerate(facts.others):
        if repeats[line] == 0:
            continue
        for place, value in (_line_places(line, number, None) | _mask_places(line, number, length)).items():
            twice |= {place} if place in places or repeats[line] > 1 else set()
            places[place] = value
        repeats[line] = 0
    found = {place: value for place, value in places.items() if place not in twice}
    return [_Reading(step, entry, facts.others, tuple(range(len(facts.others))), found)] if found else []


def _mask_places(line: str, number: int, length: int) -> dict[Place, tuple[Spot, str]]:
    mask = _mask(line, length)
    return {("mask",): ((number, "mask"), mask)} if mask else {}


def _counted(readings: list[_Reading]) -> list[_Reading]:
    """Each mask turned into one place per symbol of the session's masks: how often it shows."""
    symbols = sorted({c for reading in readings for place, (_, mask) in reading.places.items()
                      if place == ("mask",) for c in mask})
    out = []
    for reading in readings:
        places = dict(reading.places)
        masked = places.pop(("mask",), None)
        if masked is not None:
            (number, _), mask = masked
            places |= {("mask", c): ((number, f"mask {c}"), str(mask.count(c))) for c in symbols}
        out.append(replace(reading, places=places))
    return out


def _learnt(readings: list[_Reading], truth: Mapping[str, tuple[str, ...]], width: int) -> tuple[Place, ...] | None:
    """The places, one per label, that carry the reference's counts on the most lines (ties: the first in
    order, so the same session always reads the same)."""
    often: dict[Place, int] = {}
    for reading in readings:
        for place in reading.places:
            often[place] = often.get(place, 0) + 1
    places = sorted(sorted(often), key=lambda place: -often[place])[:MOST_PLACES]
    judged = [reading for reading in {(r.guess, r.lines): r for r in readings}.values() if reading.guess in truth]
    judged = judged[:MOST_LINES]
    best, chosen = 0, None
    for combo in permutations(places, width):
        agreeing = 0
        for reading in judged:
            got = _at_places(reading, combo)
            agreeing += sum(value == want for (_, value), want in zip(got, truth[reading.guess])) if got else 0
        if agreeing > best:
            best, chosen = agreeing, combo
    return chosen


def _at_places(reading: _Reading, places: tuple[Place, ...]) -> list[tuple[Spot, str]] | None:
    """The spot and value at each place, if the reading has every place, each at a number of its own."""
    got = [reading.places[place] for place in places if place in reading.places]
    return got if len(got) == len(places) and len({spot for spot, _ in got}) == len(places) else None


def _record(reading: _Reading, learnt: tuple[Place, ...]) -> tuple[Record, set[int]] | None:
    """The reading as a history record quoting its lines, and where those lines stand in the step."""
    got = _at_places(reading, learnt)
    if got is None:
        return None
    used = sorted({number for (number, _), _ in got})
    line = " / ".join(reading.lines[number].strip() for number in used)
    return Record(reading.guess, tuple(value for _, value in got), line), {reading.at[number] for number in used}


def _session_readings(actual: Sequence[StepFacts | None], inputs: Sequence[str], length: int) -> list[_Reading]:
    """Every reading of a session, each mask counted per symbol (see `_readings`, `_counted`)."""
    readings: list[_Reading] = []
    typed: set[str] = set()
    for step, facts in enumerate(actual):
        entry = inputs[step - 1].strip() if 0 < step <= len(inputs) else ""
        if is_number(entry) and len(entry) == length:
            typed.add(entry)
        if facts is not None and step > 0:
            readings += _readings(step, facts, typed, entry, length)
    return _counted(readings)


def guess_places(actual: Sequence[StepFacts | None], inputs: Sequence[str], length: int) -> list[tuple[str, dict[Place, str]]]:
    """Each guess typed and the value its score lines hold at each place, nothing learnt yet: what a
    secret can be fitted to when there is no reference to learn the places from (a program's own secret)."""
    return [(reading.guess, {place: value for place, (_, value) in reading.places.items()})
            for reading in _session_readings(actual, inputs, length)]


def read_records(expected: Sequence[StepFacts], actual: Sequence[StepFacts | None], inputs: Sequence[str],
                 width: int, key: str) -> list[StepFacts | None]:
    """The program's steps with the history records its own lines show, read by behaviour; unchanged
    where it shows any history line in the suite's labels (those are read by label) or where nothing
    can be learnt. Each record keeps its line as printed, to quote it; a score line of the key is no
    line showing the key (no loss)."""
    truth = {record.guess: record.values for facts in expected for record in facts.records}
    if not truth or any(facts is not None and facts.records for facts in actual):
        return list(actual)
    readings = _session_readings(actual, inputs, len(next(iter(truth))))
    learnt = _learnt(readings, truth, width)
    if learnt is None:
        return list(actual)
    records: dict[int, list[tuple[Record, set[int]]]] = {}
    for reading in readings:
        read = _record(reading, learnt)
        if read is not None:
            records.setdefault(reading.step, []).append(read)
    out: list[StepFacts | None] = []
    for step, facts in enumerate(actual):
        found = records.get(step, [])
        if facts is None or not found:
            out.append(facts)
            continue
        used = set().union(*(at for _, at in found))
        keys = sum(key in tokens(facts.others[at]) for at in used)
        out.append(replace(facts, records=tuple(record for record, _ in found), key_shown=max(0, facts.key_shown - keys),
                           others=tuple(line for at, line in enumerate(facts.others) if at not in used)))
    return out
