"""Which submissions to look at side by side: pairs whose code is similar, and pairs whose programs print
the same unusual strings that nobody else in the class prints. A ranked list for a person to read,
never a verdict: similar code has innocent causes (the template, the spec's required wording, help the
course allows), and the report says so.

Code: copydetect's fingerprints (winnowing, as MOSS does; grader/report/winnowing.py) over each program
with identifiers, strings and comments filtered out, and the template's fingerprints removed as
boilerplate. A pair's similarity is the smaller of the two shares (the part of each program found in the
other), so a short program inside a long one does not rank as a copy. The shares of every pair are
computed at once, by program rather than by pair (`_shares`: the same numbers as copydetect's
`compare_files`, which took half a millisecond a pair, so a class of 1,000 took minutes); the matched code
itself is found only for the pairs shown side by side. The k-grams are hashed with Python's salted
`hash()`, but with copydetect's default window of 1 every k-gram is kept, so which code matches (and every
number here) is the same on every run.

Strings: every string literal of a program (not docstrings), ends trimmed, at least `MIN_STRING` long with
a letter in it, and neither in the template nor in the reference: one that exactly two students' programs
hold is theirs alone (a shared typo, a prompt of their own). Pure functions over {student: source}."""

from __future__ import annotations

import ast
import dataclasses
import itertools
import re
import statistics
from dataclasses import dataclass
from typing import AbstractSet, Any, Mapping

from grader.report.winnowing import Fingerprint, copied, fingerprint

CODE_K = 25  # copydetect's noise threshold: matches shorter than this many filtered characters are noise
THRESHOLD = 0.8
THRESHOLD_WHY = (
    "with the template removed and identifiers, strings and comments filtered out, independently written "
    "solutions of one small assignment still share what the specs force on them: in the project's corpus of "
    "22 such programs (tests/submissions/ok-*, real-*) the highest pair is 0.70, and that one is a known "
    "variant of the other; a copy with renamed identifiers, new spacing and comments and two functions "
    "swapped stays at 1.00")
MIN_STRING = 4
RARE = 2  # a string two programs alone hold
LISTED_STRINGS = 2  # shared rare strings that list a pair for a look whatever its code similarity
SIDE_BY_SIDE = 25  # listed pairs shown with their code marked


@dataclass(frozen=True)
class Pair:
    """Two students' programs compared. `slices` are the matched character ranges in each source, found
    for the pairs shown side by side (empty for the others)."""

    first: str
    second: str
    similarity: float
    shares: tuple[float, float]
    strings: tuple[str, ...] = ()
    slices: tuple[Any, Any] = ((), ())

    @property
    def listed(self) -> bool:
        return self.similarity >= THRESHOLD or len(self.strings) >= LISTED_STRINGS


def _fingerprints(sources: dict[str, str], template: str | None) -> dict[str, Fingerprint]:
    import numpy  # imported here so that other commands never pay for it

    boilerplate = numpy.unique(numpy.array(sorted(fingerprint(template, CODE_K).hashes))) if template else None
    return {student: fingerprint(text, CODE_K, boilerplate) for student, text in sources.items()}


def _holders(programs: list[tuple[Any, Any]], hashes: int) -> tuple[Any, Any]:
    """For each of the `hashes` (by number), the programs holding it: `columns[offsets[h]:offsets[h + 1]]`."""
    import numpy

    held = [numpy.unique(values) for _, values in programs]
    values = numpy.concatenate(held)
    columns = numpy.repeat(numpy.arange(len(programs)), [len(each) for each in held])
    offsets = numpy.concatenate([[0], numpy.cumsum(numpy.bincount(values, minlength=hashes))])
    return columns[numpy.argsort(values, kind="stable")], offsets


def _shares(prints: list[Fingerprint]) -> Any:
    """shares[i, j]: the part of program i found in program j, as copydetect's `compare_files` counts it
    (the filtered characters covered by i's k-grams whose hash j also holds, over i's coverage), for
    every pair at once: for each program, one matrix of its k-gram positions by the programs that hold
    each k-gram's hash, and the covered length of each column from the gap to the next held position."""
    import numpy

    vocabulary: dict[Any, int] = {}
    programs = []
    for program in prints:
        located = sorted((int(position), vocabulary.setdefault(value, len(vocabulary)))
                         for value, positions in program.hash_idx.items() for position in positions)
        programs.append((numpy.array([position for position, _ in located], dtype=numpy.int32),
                         numpy.array([value for _, value in located], dtype=numpy.int64)))
    columns, offsets = _holders(programs, len(vocabulary))
    count = len(prints)
    shares = numpy.zeros((count, count))
    for row, ((positions, values), program) in enumerate(zip(programs, prints)):
        if not len(positions) or not len(program.filtered_code):
            continue
        starts, sizes = offsets[values], offsets[values + 1] - offsets[values]
        # every holder of every position's hash, position by position: each range starts..starts+sizes in turn
        taken = numpy.arange(sizes.sum()) + numpy.repeat(starts - (numpy.cumsum(sizes) - sizes), sizes)
        held = numpy.zeros((len(positions), count), dtype=bool)
        held[numpy.repeat(numpy.arange(len(positions)), sizes), columns[taken]] = True
        k = program.k
        following = numpy.minimum.accumulate(numpy.where(held, positions[:, None], positions[-1] + k)[:0:-1], axis=0)[::-1]
        gaps = numpy.minimum(following - positions[:-1, None], k)
        covered = numpy.where(held[:-1], gaps, 0).sum(axis=0) + k * held[-1]
        shares[row] = covered / program.token_coverage
    return shares


def _pairs(prints: dict[str, Fingerprint]) -> list[Pair]:
    students = sorted(prints)
    shares = _shares([prints[student] for student in students]).tolist()
    pairs = []
    for i, j in itertools.combinations(range(len(students)), 2):
        share1, share2 = shares[i][j], shares[j][i]
        pairs.append(Pair(students[i], students[j], round(min(share1, share2), 4), (round(share1, 4), round(share2, 4))))
    return sorted(pairs, key=lambda pair: (-pair.similarity, pair.first, pair.second))


def code_pairs(sources: dict[str, str], template: str | None = None) -> list[Pair]:
    """Every pair of programs with its copydetect similarity, most similar first."""
    return _pairs(_fingerprints(sources, template))


# An escape, or one character that is neither the quote nor a backslash: the two never match the same text,
# so an unclosed quote of many backslashes fails in one pass (overlapping choices backtrack exponentially).
_LITERAL = re.compile(r"""(?P<q>['"])(?P<text>(?:\\.|(?!(?P=q))[^\\\n])*)(?P=q)""")


def string_literals(source: str) -> set[str]:
    """The program's strings that could be printed: literals and f-string parts, not docstrings. A
    program that does not parse still has its quoted texts read line by line."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        found = {match["text"] for match in _LITERAL.finditer(source)}
    else:
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        found = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                 and isinstance(node.value, str) and id(node) not in docstrings}
    return {text.strip() for text in found
            if len(text.strip()) >= MIN_STRING and any(character.isalpha() for character in text)}


def rare_strings(sources: dict[str, str], expected: AbstractSet[str] = frozenset()) -> dict[tuple[str, str], tuple[str, ...]]:
    """(first, second) -> the strings those two programs alone hold, leaving out the `expected` ones
    (the template's and the reference's)."""
    holders: dict[str, list[str]] = {}
    for student in sorted(sources):
        for text in string_literals(sources[student]) - expected:
            holders.setdefault(text, []).append(student)
    shared: dict[tuple[str, str], list[str]] = {}
    for text, students in holders.items():
        if len(students) == RARE:
            shared.setdefault((students[0], students[1]), []).append(text)
    return {pair: tuple(sorted(texts)) for pair, texts in sorted(shared.items())}


def ranked(sources: dict[str, str], template: str | None = None, reference: str | None = None) -> list[Pair]:
    """Every pair: code similarity and the unusual strings it shares; listed pairs first (by similarity,
    then shared strings), then the rest by similarity; the first `SIDE_BY_SIDE` listed ones with their
    matched code."""
    expected = set().union(*(string_literals(text) for text in (template, reference) if text))
    strings = rare_strings(sources, expected)
    prints = _fingerprints(sources, template)
    pairs = sorted((dataclasses.replace(pair, strings=strings.get((pair.first, pair.second), ()))
                    for pair in _pairs(prints)),
                   key=lambda pair: (not pair.listed, -pair.similarity, -len(pair.strings), pair.first, pair.second))
    for index in [index for index, pair in enumerate(pairs) if pair.listed][:SIDE_BY_SIDE]:
        pair = pairs[index]
        pairs[index] = dataclasses.replace(pair, slices=copied(prints[pair.first], prints[pair.second]))
    return pairs


def distribution(pairs: list[Pair]) -> dict[str, float]:
    """The class's own spread of similarities, so a listed pair can be read against it."""
    values = sorted(pair.similarity for pair in pairs)
    if not values:
        return {}
    return {"median": round(statistics.median(values), 2),
            "90th percentile": round(values[min(len(values) - 1, int(len(values) * 0.9))], 2),
            "highest": round(values[-1], 2)}


@dataclass(frozen=True)
class Similarity:
    """A class's similar submissions as computed: every pair ranked, the class's spread of similarities,
    the text each student was compared by and why the others were not compared. Data only: the reports
    render it (`grader.report.similarity_html`)."""

    pairs: tuple[Pair, ...]
    spread: Mapping[str, float]
    sources: Mapping[str, str]
    not_compared: tuple[str, ...] = ()

    @property
    def listed(self) -> list[Pair]:
        return [pair for pair in self.pairs if pair.listed]


def class_similarity(sources: dict[str, str], template: str | None = None, reference: str | None = None,
                     not_compared: tuple[str, ...] = ()) -> Similarity:
    """The class's pairs ranked (`ranked`) with their spread, and the students left out (`not_compared`)."""
    pairs = ranked(sources, template, reference)
    return Similarity(tuple(pairs), distribution(pairs), sources, not_compared)
