"""The exit status of SystemExit(code), read as the interpreter reads it (grader/sandbox/inside/teardown.py):
what a forked program's quick ending exits with."""

from __future__ import annotations

import pytest

from grader.sandbox.inside.teardown import exit_status


@pytest.mark.parametrize(("code", "status"), [
    (None, 0), (0, 0), (3, 3), (True, 1), (-1, -1), (256, 256), ((1 << 40) + 7, 7), (-(1 << 63), 0),
    ((1 << 31) + 5, -(1 << 31) + 5), ("You lost!", 1), (2.5, 1), ((1, 2), 1), (1 << 63, None),
])
def test_the_exit_status_is_read_as_the_interpreter_reads_it(code: object, status: int | None) -> None:
    """Anything but an int is printed and ends with 1; None: a code left to the interpreter to read (an int
    beyond a C long, an int subclass)."""
    assert exit_status(code) == status
