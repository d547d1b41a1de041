"""copydetect's code fingerprints, made here from its own steps: the program tokenised by Pygments with
identifiers, strings and comments filtered out (`utils.filter_code`), every k-gram of what is left hashed
(`get_document_fingerprints` with the window of 1 the grader uses, so nothing is winnowed away), the
template's k-grams removed as boilerplate, the share of the program the k-grams cover
(`get_token_coverage`), and the copied code of a pair in the original text (`detector.compare_files`).

Why not copydetect itself: its detector module imports matplotlib's pyplot at its top, for the plots of
an HTML report the grader never draws, and every `grade` of a class paid 0.7 s of CPU (a second under
load) to import it. The numbers are copydetect's own, quirks included (`numpy.intersect1d` called as it
calls it), and tests/system/test_similarity_shares.py holds every program's fingerprint and every pair's
copied code to copydetect 0.5.0's, which stays in requirements.txt for that test alone.
Pure functions over text; numpy and Pygments are imported when a class is compared, not before.

`filtered`, `fingerprint`, `_slices` and `copied` follow copydetect 0.5.0 closely, under its licence:

    Copyright (c) 2020 Bryson Lingenfelter

    Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
    associated documentation files (the "Software"), to deal in the Software without restriction,
    including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense,
    and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so,
    subject to the following conditions:

    The above copyright notice and this permission notice shall be included in all copies or substantial
    portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT
    LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
    NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
    WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
    SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, eq=False)  # numpy fields: no == between two
class Fingerprint:
    """One program's fingerprint, as copydetect's `CodeFingerprint` holds it. `offsets`: at each index
    of the filtered code where filtering removed characters, how many it had removed before (to map a
    match back to the program's text); `hash_idx`: each k-gram's hash and where it starts."""

    filtered_code: str
    offsets: Any
    hashes: frozenset[Any]
    hash_idx: dict[Any, list[Any]]
    k: int
    token_coverage: Any


def filtered(code: str) -> tuple[str, Any]:
    """The program with each identifier as V, function name F, class name O, a shebang P, a string's text
    S (a lone quote kept as ", a triple quote as S), whitespace and comments dropped, the rest as written;
    and the offsets of what was dropped. A class name's offset is its length less one, as copydetect
    records it (its slip: every other name records the characters removed so far)."""
    import numpy
    from pygments import lexers, token

    out = ""
    offset = 0
    offsets = [[0, 0]]
    variables = {token.Name, token.Name.Variable, token.Name.Attribute}
    for kind, text in lexers.get_lexer_by_name("python").get_tokens(code):
        if kind in variables:
            out += "V"
            offsets.append([len(out) - 1, offset])
            offset += len(text) - 1
        elif kind in token.Name.Function:
            out += "F"
            offsets.append([len(out) - 1, offset])
            offset += len(text) - 1
        elif kind in token.Name.Class:
            out += "O"
            offsets.append([len(out) - 1, len(text) - 1])
            offset += len(text) - 1
        elif kind == token.Comment.Preproc or kind == token.Comment.Hashbang:
            out += "P"
            offsets.append([len(out) - 1, offset])
            offset += len(text) - 1
        elif kind in token.Text or kind in token.Comment:
            offsets.append([len(out) - 1, offset])
            offset += len(text)
        elif kind in token.Literal.String:
            if text in ("'", '"'):
                out += '"'
            else:
                out += "S"
                offsets.append([len(out) - 1, offset])
                offset += len(text) - 1
        else:
            out += text
    return out, numpy.array(offsets)


def fingerprint(code: str, k: int, boilerplate: Any = None) -> Fingerprint:
    """The program's k-gram hashes and where each starts, those in `boilerplate` (sorted unique hashes,
    the template's) removed; and how many of its filtered characters the rest cover."""
    import numpy

    text, offsets = filtered(code)
    hashes = numpy.array([hash(text[start:start + k]) for start in range(len(text) - k + 1)])
    starts = numpy.arange(len(hashes))
    if boilerplate is not None and len(boilerplate) > 0:
        _, dropped, _ = numpy.intersect1d(hashes, boilerplate, return_indices=True, assume_unique=True)
        starts, hashes = numpy.delete(starts, dropped), numpy.delete(hashes, dropped)
    where: dict[Any, list[Any]] = {}
    for value, start in zip(hashes, starts):
        where.setdefault(value, []).append(start)
    held = numpy.concatenate([numpy.array(each) for each in where.values()]) if where else numpy.array([], dtype=int)
    coverage = numpy.zeros(len(text))
    for shift in range(k):
        coverage[held + shift] = 1
    return Fingerprint(text, offsets, frozenset(hashes), where, k, numpy.sum(coverage))


def _slices(starts: Any, k: int) -> Any:
    """The copied stretches of filtered code from the starts of the shared k-grams (at least one): [begins,
    ends]."""
    import numpy

    ordered = numpy.sort(starts)
    following = numpy.concatenate([ordered[1:], [0]])
    gaps = numpy.where(following - ordered > k - 1)[0]
    return numpy.array([numpy.concatenate([[ordered[0]], ordered[gaps + 1]]),
                        numpy.concatenate([ordered[gaps] + k, [ordered[-1] + k]])])


def copied(first: Fingerprint, second: Fingerprint) -> tuple[Any, Any]:
    """Where each program holds code the other holds too, as ranges of its own text: [begins, ends]."""
    import numpy

    shared = first.hashes & second.hashes
    if not shared:
        return numpy.array([]), numpy.array([])
    ranges = []
    for program in (first, second):
        stretches = _slices(numpy.concatenate([numpy.array(program.hash_idx[value]) for value in shared]), program.k)
        if len(program.offsets) > 0:
            stretches += program.offsets[:, 1][numpy.clip(numpy.searchsorted(program.offsets[:, 0], stretches),
                                                          0, program.offsets.shape[0] - 1)]
        ranges.append(stretches)
    return ranges[0], ranges[1]
