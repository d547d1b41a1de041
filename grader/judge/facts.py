"""The facts one step's output states, recognised from its words and numbers (pure).

A line is a history record when it holds a guess and each of the suite's labels next to its own number
(`4321 : exist: 4, position: 0`, `4321 - position 0 | exist 4`, `Guess 1: 4321 exist=4 position=0`); it
says a phrase or a message when its words hold the phrase's words in order (`You guessed it right!!!`);
it shows the key (the loss) when it is neither a record nor a phrase and holds the key as a number. Where
codes are letters (`RGBY`, `R G B Y`), a line that answers one guess may leave the guess out (`Clue: 1
exact, 0 misplaced`), and every code a line shows is kept. Everything else is context.
Numbers are compared as text: `123` is not the key `0123`, and digits of other scripts are no number."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from grader.judge.comparison import ESCAPE_SEQUENCE
from grader.judge.matching import TextLines
from grader.spec.vocabulary import NUMBER, Vocabulary, is_number, words


@dataclass(frozen=True)
class Record:
    """One history line: the guess and the number next to each label, in the vocabulary's order."""

    guess: str
    values: tuple[str, ...]
    line: str = ""  # read by behaviour (grader/judge/behaviour.py): the line as printed, to quote it


@dataclass(frozen=True)
class StepFacts:
    """What one step's output says. `phrases` holds each phrase found, with its numbers; `messages` the
    rejections in order; `notes` the words of every line that states no fact (a program's own message,
    a banner...); `clashes` the lines that read as two different messages; `codes` (a vocabulary with
    codes of letters) every code shown outside history lines and messages, in order (a guess named, a
    secret revealed); `others` every line as printed that is no history record (what behaviour reads), and
    `message_lines` those that say a message, to quote them."""

    records: tuple[Record, ...] = ()
    phrases: tuple[tuple[str, tuple[str, ...]], ...] = ()
    messages: tuple[str, ...] = ()
    key_shown: int = 0
    notes: tuple[tuple[str, ...], ...] = ()
    clashes: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()
    others: tuple[str, ...] = ()
    message_lines: tuple[str, ...] = ()

    def found(self, phrase: str) -> list[tuple[str, ...]]:
        return [numbers for name, numbers in self.phrases if name == phrase]


@lru_cache(maxsize=4096)
def tokens(line: str) -> tuple[str, ...]:
    """A printed line's tokens: its escape sequences (colours, clear screen) separate like spaces. Cached:
    the rules and the behaviour reading look at a step's lines several times, and a flood repeats a few lines
    thousands of times, so each distinct line is split once."""
    return words(ESCAPE_SEQUENCE.sub(" ", line))


def _record(words: tuple[str, ...], vocabulary: Vocabulary) -> Record | None:
    """A history record, if `words` hold every label once, each next to a number (on the vocabulary's
    side of it, or else the other, the labels taken in the line's order), and a guess: with codes of letters, the code the line shows (or
    none); else one more number (of several, the longest; numbering such as `Guess 1` is decoration)."""
    labels = vocabulary.labels
    if not labels or any(words.count(label) != 1 for label in labels):
        return None
    sides = (1, -1) if vocabulary.number_side == "after" else (-1, 1)
    used, value = set(), {}
    for at in sorted(words.index(label) for label in labels):  # in the line's order, whatever the labels'
        near = next((at + side for side in sides if 0 <= at + side < len(words) and is_number(words[at + side])
                     and at + side not in used), None)
        if near is None:
            return None
        used.add(near)
        value[words[at]] = words[near]
    values = [value[label] for label in labels]
    if vocabulary.code is not None:
        shown = vocabulary.code.find(words)
        return Record(shown[0] if shown else "", tuple(values))
    rest = [word for index, word in enumerate(words) if is_number(word) and index not in used]
    if not rest:
        return None
    return Record(max(rest, key=len), tuple(values))


def _find(words: tuple[str, ...], places: dict[str, list[int]], phrase: tuple[str, ...]) -> tuple[str, ...] | None:
    """The numbers a phrase's `#` stand for, if `words` hold the phrase's words in a row. Only the places
    of the phrase's first word (`places`: where each word of the line stands) are tried, so a long line of
    other words costs a look-up, not a window per word."""
    anchor = next((index for index, want in enumerate(phrase) if want != NUMBER), None)
    starts = range(len(words)) if anchor is None else (at - anchor for at in places.get(phrase[anchor], ()))
    for start in starts:
        if _matches_at(words, phrase, start):
            return tuple(got for want, got in zip(phrase, words[start:]) if want == NUMBER)
    return None


def _matches_at(words: tuple[str, ...], phrase: tuple[str, ...], start: int) -> bool:
    window = words[start:start + len(phrase)] if start >= 0 else ()
    return len(window) == len(phrase) and all(want == got or (want == NUMBER and is_number(got))
                                              for want, got in zip(phrase, window))


@dataclass(frozen=True)
class _LineFacts:
    """What one line says (see step_facts)."""

    words: tuple[str, ...]
    record: Record | None = None
    said: tuple[str, ...] = ()
    found: tuple[tuple[str, tuple[str, ...]], ...] = ()
    shows_key: bool = False
    codes: tuple[str, ...] = ()


def _line_facts(line: str, vocabulary: Vocabulary, key: str | None) -> _LineFacts:
    words = tokens(line)
    record = _record(words, vocabulary) if words else None
    if not words or record is not None:
        return _LineFacts(words, record)
    places: dict[str, list[int]] = {}
    for at, word in enumerate(words):
        places.setdefault(word, []).append(at)
    said = tuple(kind for kind, message in vocabulary.messages if _find(words, places, message) is not None)
    found = tuple({name: numbers for name, phrase in reversed(vocabulary.phrases)
                   if (numbers := _find(words, places, phrase)) is not None}.items())[::-1]  # a fact once per line
    shows_key = key is not None and key in words and not found  # "You won! The key was 1234" is no loss
    codes = tuple(vocabulary.code.find(words)) if vocabulary.code is not None and not said else ()
    return _LineFacts(words, None, said, found, shows_key, codes)


def step_facts(lines: list[str], vocabulary: Vocabulary, key: str | None) -> StepFacts:
    """The facts of one step, from its lines as printed (escape sequences and all)."""
    return _step_facts(lines, vocabulary, key, {})


@lru_cache(maxsize=32)
def output_facts(output: str, vocabulary: Vocabulary, key: str | None) -> StepFacts:
    """The facts of one step's output as printed. Cached: the same outputs are read by several judges (a
    program that never reads the key: its start, its secret, each rule replayed), and a flood's steps are
    alike, tens of thousands of lines each."""
    return step_facts(TextLines(output).texts(), vocabulary, key)


def session_facts(outputs: list[list[str]], vocabulary: Vocabulary, key: str | None) -> list[StepFacts]:
    """The facts of each step of a session. Each distinct line is read once in the whole session: a
    history printed again after every guess, or a flood of the same few lines, costs a dictionary look-up
    a line."""
    read: dict[str, _LineFacts] = {}
    return [_step_facts(lines, vocabulary, key, read) for lines in outputs]


def _step_facts(lines: list[str], vocabulary: Vocabulary, key: str | None, read: dict[str, _LineFacts]) -> StepFacts:
    records: list[Record] = []
    phrases: list[tuple[str, tuple[str, ...]]] = []
    messages: list[str] = []
    notes: list[tuple[str, ...]] = []
    clashes: list[str] = []
    codes: list[str] = []
    others: list[str] = []
    message_lines: list[str] = []
    key_shown = 0
    for line in lines:
        facts = read.get(line)
        if facts is None:
            facts = read[line] = _line_facts(line, vocabulary, key)
        if not facts.words:
            continue
        if facts.record is not None:
            records.append(facts.record)
            continue
        others.append(line)
        if len(facts.said) > 1:
            clashes.append(line)
        messages += facts.said
        message_lines += [line] if facts.said else []
        phrases += facts.found
        key_shown += facts.shows_key
        codes += facts.codes
        if not facts.said and not facts.found and not facts.shows_key and not facts.codes:
            notes.append(facts.words)
    return StepFacts(tuple(records), tuple(phrases), tuple(messages), key_shown, tuple(notes), tuple(clashes),
                     tuple(codes), tuple(others), tuple(message_lines))
