"""Rewrite the golden files from what the renderers give today: `python3 tests/golden/refresh.py`
(or `.venv/bin/python ...`), then review `git diff tests/golden` before committing it."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS.parent), str(TESTS)]  # the grader, and the tests folder as pytest sees it

from golden.cases import FOLDER, rendered  # noqa: E402

if __name__ == "__main__":
    for name, text in rendered().items():
        (FOLDER / name).write_text(text, encoding="utf-8")
        print(f"wrote {FOLDER / name} ({len(text.encode())} bytes)")
