"""`grade --shard K/N`: a deterministic share of a class, so that N machines (a CI matrix, an indexed
job) grade a class together and `gradebook` merges their results into the book of one unsharded run.

A student belongs to shard K when a hash of their id falls there: it depends on the id alone, never on
the other students, so adding a late submission does not move anyone else to another shard."""

from __future__ import annotations

import argparse
import hashlib
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Shard:
    index: int  # 1-based, as people count shards
    count: int

    def holds(self, student: str) -> bool:
        digest = hashlib.sha256(os.fsencode(student)).digest()
        return int.from_bytes(digest[:8], "big") % self.count == self.index - 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse_shard(text: str) -> Shard:
    """`K/N` with 1 <= K <= N, for argparse."""
    index, slash, count = text.partition("/")
    if not slash or not index.isdigit() or not count.isdigit() or not 1 <= int(index) <= int(count):
        raise argparse.ArgumentTypeError(f"expected K/N with 1 <= K <= N (shard K of N), got {text!r}")
    return Shard(int(index), int(count))
