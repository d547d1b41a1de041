"""Which pips can install into a venv that has none (`pip --python`, pip 22.3 and later)."""

import pytest

from grader.venv_setup import has_python_option


@pytest.mark.parametrize("version, expected", [
    ("23.2.1", True), ("22.3", True), ("22.3b1", True), ("24.0", True), ("100.0", True),
    ("22.2.2", False), ("21.3.1", False), ("9.0.1", False), ("", False), ("unknown", False),
])
def test_pip_has_the_python_option_from_22_3(version: str, expected: bool):
    assert has_python_option(version) is expected
