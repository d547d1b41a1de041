"""The facts one step's output states, recognised from its words and numbers (pure).

A line is a history record when it holds a guess and each of the suite's labels next to its own number
(`4321 : exist: 4, position: 0`, `4321 - position 0 | exist 4`, `Guess 1: 4321 exist=4 position=0`); it
says a phrase or a message when its words hold the phrase's words in order (`You guessed it right!!!`);
it shows the key (the loss) when it is neither a record nor a phrase and holds the key as a number. Everything else is context.
Numbers are compared as text: `123` is not the key `0123`, and digits of other scripts are no number."""

from __future__ import annotations

from dataclasses import dataclass, field

from grader.spec.vocabulary import NUMBER, Vocabulary, is_number, tokens


@dataclass(frozen=True)
class Record:
    """One history line: the guess and the number next to each label, in the vocabulary's order."""

    guess: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class StepFacts:
    """What one step's output says. `phrases` holds each phrase found, with its numbers; `messages` the
    rejections in order; `notes` the words of every line that states no fact (a program's own message,
    a banner...); `clashes` the lines that read as two different messages."""

    records: tuple[Record, ...] = ()
    phrases: tuple[tuple[str, tuple[str, ...]], ...] = ()
    messages: tuple[str, ...] = ()
    key_shown: int = 0
    notes: tuple[tuple[str, ...], ...] = ()
    clashes: tuple[str, ...] = field(default=())

    def found(self, phrase: str) -> list[tuple[str, ...]]:
        return [numbers for name, numbers in self.phrases if name == phrase]


def _record(words: tuple[str, ...], labels: tuple[str, ...]) -> Record | None:
    """A history record, if `words` hold every label once, each next to a number (after it, or else
    before it), and one more number: the guess (of several, the longest; numbering such as `Guess 1` is
    decoration)."""
    if not labels or any(words.count(label) != 1 for label in labels):
        return None
    used, values = set(), []
    for label in labels:
        at = words.index(label)
        after, before = at + 1, at - 1
        if after < len(words) and is_number(words[after]) and after not in used:
            used.add(after)
            values.append(words[after])
        elif before >= 0 and is_number(words[before]) and before not in used:
            used.add(before)
            values.append(words[before])
        else:
            return None
    rest = [word for index, word in enumerate(words) if is_number(word) and index not in used]
    if not rest:
        return None
    return Record(max(rest, key=len), tuple(values))


def _find(words: tuple[str, ...], phrase: tuple[str, ...]) -> tuple[str, ...] | None:
    """The numbers a phrase's `#` stand for, if `words` hold the phrase's words in a row."""
    size = len(phrase)
    for start in range(len(words) - size + 1):
        window = words[start:start + size]
        if all(want == got or (want == NUMBER and is_number(got)) for want, got in zip(phrase, window)):
            return tuple(got for want, got in zip(phrase, window) if want == NUMBER)
    return None


def step_facts(lines: list[str], vocabulary: Vocabulary, key: str | None) -> StepFacts:
    """The facts of one step, from its lines as printed (escape sequences and all)."""
    records, phrases, messages, notes, clashes = [], [], [], [], []
    key_shown = 0
    for line in lines:
        words = tokens(line)
        if not words:
            continue
        record = _record(words, vocabulary.labels)
        if record is not None:
            records.append(record)
            continue
        said = [kind for kind, message in vocabulary.messages if _find(words, message) is not None]
        found = list({name: numbers for name, phrase in reversed(vocabulary.phrases)
                      if (numbers := _find(words, phrase)) is not None}.items())[::-1]  # a fact once per line
        if len(said) > 1:
            clashes.append(line)
        messages += said
        phrases += found
        shows_key = key is not None and key in words and not found  # "You won! The key was 1234" is no loss
        key_shown += shows_key
        if not said and not found and not shows_key:
            notes.append(words)
    return StepFacts(tuple(records), tuple(phrases), tuple(messages), key_shown, tuple(notes), tuple(clashes))
