"""How a suite's facts read in a program's output, and which facts each rule judges: the `facts:` and
`rules:` of a suite file, as plain data. The judge recognises facts from words and numbers only (see
grader/judge/facts.py), so spacing, punctuation, case, label order, numbering and decoration never
decide a rule."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

NUMBER = "#"  # in a phrase: any number

_TOKEN = re.compile(r"[0-9]+|[^\W\d_]+|\d+")  # ASCII numbers, words, and digits of other scripts apart


def words(text: str) -> tuple[str, ...]:
    """Text as the judge reads it: ASCII numbers (kept as text, so 0123 stays 0123), words in lower
    case, and runs of other scripts' digits as tokens of their own (never a number); the rest (spaces,
    punctuation, symbols) separates them. A printed line loses its escape sequences first
    (grader/judge/facts.py)."""
    return tuple(token.casefold() for token in _TOKEN.findall(text))


def is_number(token: str) -> bool:
    return token.isascii() and token.isdigit()


@dataclass(frozen=True)
class Code:
    """What a code (a guess, a secret) looks like where its symbols are letters: `length` of `symbols`,
    in any case, written as one word (`RGBY`) or one letter at a time (`R G B Y`, `R-G-B-Y`)."""

    symbols: str
    length: int

    def find(self, words: tuple[str, ...]) -> list[str]:
        """Every code `words` show, in order and in upper case, each letter used once."""
        letters, found, at = set(self.symbols.casefold()), [], 0
        while at < len(words):
            run = words[at:at + self.length]
            if len(words[at]) == self.length and set(words[at]) <= letters:
                found.append(words[at].upper())
                at += 1
            elif len(run) == self.length and all(len(word) == 1 and word in letters for word in run):
                found.append("".join(run).upper())
                at += self.length
            else:
                at += 1
        return found


@dataclass(frozen=True)
class Vocabulary:
    """The words of a suite's facts. `labels`: a history line is a guess (a number) with each label next
    to its own number, in any order; `number_side`: where a label's number is looked for first, `after`
    it (`exist: 4`) or `before` it (`1 exact`), the other side being the fallback; `code`: guesses are
    codes of letters (then a history line's guess is the code it shows, or none: a line that answers
    one guess need not repeat it); `phrases`: single facts such as the win, each in one or more
    wordings from a closed list (a name may come several times), `#` standing for a number;
    `messages`: the rejections, one of which a line may say; `key_input`: the loss is a line that shows
    the input of this index (the key) and is not a history line."""

    labels: tuple[str, ...]
    phrases: tuple[tuple[str, tuple[str, ...]], ...]
    messages: tuple[tuple[str, tuple[str, ...]], ...]
    key_input: int | None = 0
    number_side: str = "after"
    code: Code | None = None

    def phrase(self, name: str) -> tuple[str, ...]:
        return dict(self.phrases)[name]


@dataclass(frozen=True)
class RuleInfo:
    """One rule of the suite: what it means, the facts its specs judge, whether how the session ends
    (where, and with which exit status) is part of it. A rule without facts is judged exactly (the
    presentation)."""

    name: str
    description: str
    facts: tuple[str, ...]
    ending: bool = False


def vocabulary_from(data: Mapping[str, Any]) -> Vocabulary:
    """The suite file's `facts:` mapping (already checked by the schema) as a Vocabulary."""
    return Vocabulary(
        labels=tuple(token for label in data.get("labels", ()) for token in words(label)),
        phrases=tuple((name, _phrase(text)) for name, texts in data.get("phrases", {}).items()
                      for text in ([texts] if isinstance(texts, str) else texts)),
        messages=tuple((name, words(text)) for name, text in data.get("messages", {}).items()),
        key_input=data.get("key_input", 0),
        number_side=data.get("number_side", "after"),
        code=Code(data["code"]["symbols"].upper(), data["code"]["length"]) if "code" in data else None,
    )


def _phrase(text: str) -> tuple[str, ...]:
    """A phrase's tokens, `#` kept as the place of a number."""
    return tuple(token for word in text.split() for token in ((NUMBER,) if word == NUMBER else words(word)))


def rules_from(data: Mapping[str, Any]) -> dict[str, RuleInfo]:
    """The suite file's `rules:` mapping as RuleInfo by name."""
    return {name: RuleInfo(name, " ".join(str(item.get("description", "")).split()), tuple(item.get("facts", ())),
                           bool(item.get("ending", False)))
            for name, item in data.items()}
