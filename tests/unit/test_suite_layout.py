"""The suite's own layout: pytest imports each test file by its base name (tests/ has no packages), so two
files of one name, one in tests/unit and one in tests/system, stop the whole suite at collection."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_name():
    names = Counter(path.name for path in TESTS.rglob("*.py") if "__pycache__" not in path.parts
                    and path.parent.name in ("unit", "system", "tests"))
    assert [name for name, count in names.items() if count > 1] == []
