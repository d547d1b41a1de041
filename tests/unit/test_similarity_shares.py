"""The similarity of every pair, computed for the whole class at once, is copydetect's own pair by pair:
the corpus's programs, an empty one and the template itself, against `compare_files`."""

from __future__ import annotations

from pathlib import Path

from grader.report.similarity import _fingerprints, code_pairs

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = (ROOT / "student_template" / "mastermind.py").read_text()


def test_every_pair_has_copydetect_s_shares():
    from copydetect import compare_files  # seconds to import (numpy, matplotlib): not at every worker's collection

    sources = {path.parent.name: path.read_text(errors="replace")
               for path in sorted((ROOT / "tests" / "submissions").glob("*/mastermind.py"))}
    sources.update({"empty": "", "the-template": TEMPLATE, "a-copy": sources["real-globals-own-prompts"]})
    prints = _fingerprints(sources, TEMPLATE)
    pairs = code_pairs(sources, TEMPLATE)
    assert len(pairs) == len(sources) * (len(sources) - 1) // 2
    expected = {}
    for pair in pairs:
        _, (share1, share2), _ = compare_files(prints[pair.first], prints[pair.second])
        expected[pair.first, pair.second] = (round(float(share1), 4), round(float(share2), 4))
    assert {(pair.first, pair.second): pair.shares for pair in pairs} == expected
    assert all(pair.similarity == min(pair.shares) for pair in pairs)
    assert pairs[0].similarity == 1.0 and {pairs[0].first, pairs[0].second} == {"a-copy", "real-globals-own-prompts"}
