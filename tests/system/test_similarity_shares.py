"""The similarity numbers are copydetect's own: every program's fingerprint (grader/report/winnowing.py)
is copydetect's `CodeFingerprint` of it, and the shares of every pair, computed for the whole class at
once, and the copied code of each pair are what copydetect's `compare_files` gives; on the corpus's
programs, an empty one, one with a class and a shebang, and the template itself.

A system test: copydetect's detector imports matplotlib's pyplot, whose first import on a new machine builds
its font cache by running fc-list. Its cache goes to a folder of the test's own, so the test sees what a new
machine sees and leaves nothing in the user's HOME."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from grader.report.similarity import CODE_K, _fingerprints, code_pairs, ranked
from grader.report.winnowing import copied

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = (ROOT / "student_template" / "mastermind.py").read_text()
WITH_A_CLASS = '''#!/usr/bin/env python3
class Game:
    """A game of its own."""
    def __init__(self, key):
        self.key = key  # kept

    def play(self):
        print("Enter guess: " + self.key)


Game(input("Enter key: ")).play()
'''


def sources() -> dict[str, str]:
    programs = {path.parent.name: path.read_text(errors="replace")
                for path in sorted((ROOT / "tests" / "submissions").glob("*/mastermind.py"))}
    programs.update({"empty": "", "the-template": TEMPLATE, "a-copy": programs["real-globals-own-prompts"],
                     "with-a-class": WITH_A_CLASS, "a-class-copy": WITH_A_CLASS.replace("key", "code")})
    return programs


def test_every_program_s_fingerprint_and_every_pair_s_shares_and_copied_code_are_copydetect_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    import numpy  # not at every test process's collection
    from copydetect import CodeFingerprint, compare_files  # seconds to import (matplotlib): not at collection

    programs = sources()
    prints = _fingerprints(programs, TEMPLATE)
    boilerplate = numpy.unique(numpy.array(sorted(CodeFingerprint("t.py", CODE_K, 1, language="python",
                                                                  fp=io.StringIO(TEMPLATE)).hashes)))
    theirs = {name: CodeFingerprint("mastermind.py", CODE_K, 1, boilerplate=boilerplate, language="python",
                                    fp=io.StringIO(text)) for name, text in programs.items()}
    for name, ours in prints.items():
        assert ours.filtered_code == theirs[name].filtered_code, name
        assert numpy.array_equal(ours.offsets, theirs[name].offsets), name
        assert ours.hashes == theirs[name].hashes and ours.hash_idx == theirs[name].hash_idx, name
        assert ours.token_coverage == theirs[name].token_coverage, name

    pairs = code_pairs(programs, TEMPLATE)
    assert len(pairs) == len(programs) * (len(programs) - 1) // 2
    expected = {}
    for pair in pairs:
        _, (share1, share2), _ = compare_files(theirs[pair.first], theirs[pair.second])
        expected[pair.first, pair.second] = (round(float(share1), 4), round(float(share2), 4))
    assert {(pair.first, pair.second): pair.shares for pair in pairs} == expected
    assert all(pair.similarity == min(pair.shares) for pair in pairs)
    copies = [{pair.first, pair.second} for pair in pairs if pair.similarity == 1.0]
    assert {"a-class-copy", "with-a-class"} in copies and {"a-copy", "real-globals-own-prompts"} in copies

    # The copied code, pair by pair: each program against the next 12, and the two copies.
    names = sorted(programs)
    sample = [(a, b) for i, a in enumerate(names) for b in names[i + 1:i + 13]]
    sample += [("a-copy", "real-globals-own-prompts"), ("with-a-class", "a-class-copy")]
    shown = 0
    for first, second in sample:
        mine, reference = copied(prints[first], prints[second]), compare_files(theirs[first], theirs[second])[2]
        assert len(mine) == len(reference) == 2, (first, second)
        assert all(m.dtype == r.dtype and numpy.array_equal(m, r) for m, r in zip(mine, reference)), (first, second)
        shown += bool(len(mine[0]))
    assert shown >= len(sample) // 4 and len(copied(prints["with-a-class"], prints["a-class-copy"])[0])

    # Each listed pair of the ranking shows each program's own copied code, in the pair's order (on a few
    # programs, the copies among them: the ranking also reads every program's strings).
    few = {name: programs[name] for name in ("a-copy", "real-globals-own-prompts", "with-a-class", "a-class-copy",
                                              *names[:6])}
    listed = [pair for pair in ranked(few, TEMPLATE) if len(pair.slices[0])]
    assert len(listed) >= 2
    for pair in listed:
        reference = compare_files(theirs[pair.first], theirs[pair.second])[2]
        assert all(numpy.array_equal(m, r) for m, r in zip(pair.slices, reference)), (pair.first, pair.second)
