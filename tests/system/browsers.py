"""What the tests of web pages share: the web assignment's limits (a browser's) and the marks that skip
them, saying why, where no browser can run (no chromium, or no isolated sandbox to run it in)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.sandbox.browser import chromium
from grader.sandbox.limits import Limits
from grader.sandbox.protections import protections
from grader.spec.assignment import load_assignment

ROOT = Path(__file__).resolve().parents[2]
LIMITS = Limits(**dict(load_assignment(ROOT / "assignments" / "web-colour").limits))
NEEDS_BROWSER = [
    pytest.mark.skipif(chromium() is None, reason="Chromium is not installed (.ci/run installs Debian's chromium package)"),
    pytest.mark.skipif(not protections().full, reason=f"a browser runs only in the isolated sandbox: {protections().describe()}"),
]
