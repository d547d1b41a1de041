"""The secret a program's own scores fit (pure): a program that never reads the key still scores every
guess against some secret, and a hand grader judges its scores against that one. The handout's scoring
counts, for each place, the guess's digit in the secret's same place (`position`) or elsewhere in it
(`exist`); which of a suite's labels is which is read from the spec's own expected history."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product
from typing import Mapping, Sequence

from grader.judge.facts import Record

DIGITS = "0123456789"
LONGEST = 5  # secrets of more digits are not searched: 10**5 candidates is the most a grade may cost
PROBES = {4: ("7625", "6820", "9582", "4178", "5301", "3269", "1094", "8947", "2153", "6715", "8409")}
"""Guesses typed to a program whose own secret no spec's guesses name, by the secret's length: each of
different digits (which every program takes), none starting with 0 (which `int()` would lose), and between
them they give every one of the 10**4 secrets other counts, so a program that plays them all is named."""


def counts(guess: str, secret: str) -> tuple[int, int]:
    """The handout's counts of `guess` against `secret`: (exist, position)."""
    position = sum(g == s for g, s in zip(guess, secret))
    exist = sum(g != s and g in secret for g, s in zip(guess, secret))
    return exist, position


def label_order(expected: Sequence[tuple[str, Record]]) -> tuple[int, ...] | None:
    """Which of the handout's counts each of the suite's labels holds, as indexes into `counts`: the one
    order under which every expected history line (each with its spec's key) is the handout's scoring.
    None when no order fits (another game's scoring) or the lines cannot tell."""
    orders = [order for order in permutations(range(2)) if expected and all(
        len(record.values) == 2 and record.values == _scored(record.guess, key, order) for key, record in expected)]
    return orders[0] if len(orders) == 1 else None


def _scored(guess: str, secret: str, order: Sequence[int]) -> tuple[str, ...]:
    both = counts(guess, secret)
    return tuple(str(both[index]) for index in order)


def _seen(records: Sequence[Record], length: int) -> set[tuple[str, tuple[str, ...]]]:
    """The distinct guesses of `length` digits and their counts: records of other guesses (letters,
    another length) say nothing about the secret."""
    return {(record.guess, record.values) for record in records
            if len(record.guess) == length and record.guess.isascii() and record.guess.isdigit()}


def fits(records: Sequence[Record], secret: str, order: Sequence[int]) -> bool:
    """Whether every record of a guess like `secret` shows the handout's counts against it (and there
    is one)."""
    seen = _seen(records, len(secret))
    return bool(seen) and all(_scored(guess, secret, order) == values for guess, values in seen)


def fitting(records: Sequence[Record], length: int, order: Sequence[int]) -> tuple[str, ...]:
    """Every secret of `length` digits (repeats allowed, as `randint` makes them) under which each
    record shows the handout's counts of its guess."""
    seen = _seen(records, length)
    if not seen or not 0 < length <= LONGEST:
        return ()
    return tuple(secret for secret in map("".join, product(DIGITS, repeat=length))
                 if all(_scored(guess, secret, order) == values for guess, values in seen))


def only(candidates: Sequence[str]) -> str | None:
    """The secret, when exactly one fits; none or several fit: no secret can be named."""
    return candidates[0] if len(candidates) == 1 else None


def swapped(guess: str, key: str, secret: str) -> str:
    """A guess with the typed key and the program's own secret exchanged: the replay types the secret
    where the spec types the key (to win), and the key where the spec types the secret (a wrong guess,
    as the secret was in the spec's game), so every guess keeps its part in the game."""
    return secret if guess == key else key if guess == secret else guess


def rescored(record: Record, key: str, secret: str, order: Sequence[int]) -> Record:
    """An expected history line as it reads in the replay against the program's own secret: its guess
    exchanged (see `swapped`), and the counts that guess gets against the secret."""
    guess = swapped(record.guess, key, secret)
    return Record(guess, _scored(guess, secret, order))


@lru_cache(maxsize=64)
def _secrets_by_counts(guess: str, length: int) -> Mapping[tuple[str, str], frozenset[str]]:
    """Every secret of `length` digits, by the handout's counts (exist, position) of `guess` against it."""
    by: dict[tuple[str, str], set[str]] = {}
    for secret in map("".join, product(DIGITS, repeat=length)):
        exist, position = counts(guess, secret)
        by.setdefault((str(exist), str(position)), set()).add(secret)
    return {both: frozenset(secrets) for both, secrets in by.items()}


def fitting_places(readings: Sequence[tuple[str, Mapping[tuple[str, ...], str]]], length: int) -> tuple[str, ...]:
    """Every secret under which two places of a program's score lines (see behaviour.guess_places), one
    for each count, show the handout's counts of every guess that has both: its labels are unknown, so
    any two places, either way round, may hold its counts. Only the pairs that fit and hold the counts of
    the most guesses tell (a line of the win alone tells little)."""
    if not 0 < length <= LONGEST:
        return ()
    read: dict[str, Mapping[tuple[str, ...], str]] = {}
    for guess, held in readings:
        if len(guess) == length and guess.isascii() and guess.isdigit():
            read.setdefault(guess, held)
    places = sorted({place for held in read.values() for place in held})
    found: dict[int, set[str]] = {}
    for exist, position in permutations(places, 2):
        both = [(guess, (held[exist], held[position])) for guess, held in read.items()
                if exist in held and position in held]
        secrets = frozenset.intersection(*(_secrets_by_counts(guess, length).get(values, frozenset())
                                           for guess, values in both)) if both else frozenset()
        if secrets:
            found.setdefault(len(both), set()).update(secrets)
    return tuple(sorted(found[max(found)])) if found else ()
