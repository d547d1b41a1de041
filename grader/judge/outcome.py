"""How a run (or one step of it) ended: the one vocabulary shared by the terminal, the runner and the judge."""

from __future__ import annotations

from enum import Enum


class Ending(str, Enum):
    """Why reading a program's output stopped, or why nothing could run."""

    WAITING = "waiting"  # the program waits for input
    EXITED = "exited"  # the program ended
    TIMEOUT = "timeout"  # it did neither within the time allowed
    OUTPUT_LIMIT = "output_limit"  # it printed more than its budget
    MISSING = "missing"  # there was no program to run
    BLOCKED = "blocked"  # a web page lacks the control a step acts on (or it is hidden or disabled)
