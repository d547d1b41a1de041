"""Errors that mean "the grader could not run as asked" (exit status 2), never a student's failure."""


class SandboxFailure(RuntimeError):
    """The sandbox could not run the program: the grader's problem to report, never the student's 0."""


class UsageError(Exception):
    """A problem with what the user asked for, reported in one line without a traceback."""


class IsolationUnavailable(RuntimeError):
    """Full isolation was required but cannot be had on this machine."""
