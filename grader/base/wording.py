"""Small rules of English that every message follows, so no report says "1 input(s)"."""

from __future__ import annotations


def count_of(number: int, singular: str, plural: str | None = None) -> str:
    """`1 input`, `2 inputs`, `0 lines`: the number and the noun that agrees with it."""
    return f"{number} {singular if number == 1 else plural or singular + 's'}"
