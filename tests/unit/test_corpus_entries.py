"""Which corpus entries `grader mutants` grades (grader/grading/corpus.py), and the specs a hanger is
graded against, on plain data."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from grader.base.errors import UsageError
from grader.grading.corpus import FAIL, HANG_STEP_TIMEOUT, PASS, Entry, entries_named, specs_for
from grader.spec.specs import load_specs

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = [Entry(name, Path(name), PASS if name.startswith("ok") else FAIL, "")
           for name in ("ok-class-game", "bug-history-order", "hang-forever", "crash-history")]


@pytest.mark.parametrize("words, names", [
    ((), ["ok-class-game", "bug-history-order", "hang-forever", "crash-history"]),
    (("history",), ["bug-history-order", "crash-history"]),
    (("hang", "ok-"), ["ok-class-game", "hang-forever"]),
])
def test_entries_are_chosen_by_a_word_of_their_name(words, names):
    assert [entry.name for entry in entries_named(ENTRIES, words)] == names


def test_a_word_no_entry_has_is_a_usage_error():
    with pytest.raises(UsageError, match="no corpus entry matches nothing, else"):
        entries_named(ENTRIES, ("nothing", "else"))


def test_only_a_hanger_gets_the_short_step_timeout():
    specs = [replace(spec, timeout=timeout) for spec, timeout in zip(load_specs(ROOT / "specs"), (None, 1.0, 30.0))]
    hanger, bug = ENTRIES[2], ENTRIES[1]
    assert [spec.timeout for spec in specs_for(hanger, specs)] == [HANG_STEP_TIMEOUT, 1.0, HANG_STEP_TIMEOUT]
    assert specs_for(bug, specs) == specs
