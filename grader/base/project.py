"""Where the project's parts are, and how many cores grading may use: one definition for every command."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent
DEFAULT_SPECS = ROOT / "specs"
REFERENCE = ROOT / "reference"
TEMPLATE = ROOT / "student_template"
CORPUS = ROOT / "tests" / "submissions"
EXAMPLE = PACKAGE / "example"  # an installed grader's copy of the digit game (pyproject.toml's package data)
PYTHON = "python3"  # as a command's first word: the interpreter student programs run with
# `python3 -c SEEDED_BOOT SEED PROGRAM ARGS...`: PROGRAM run as `python3 PROGRAM ARGS...` would, its `random`
# seeded first (grader/spec/assignment.py; the fork server runs it without an exec: inside/scriptmain.py).
SEEDED_BOOT = """\
import os, random, sys
random.seed(int(sys.argv.pop(1)))
del sys.argv[0]
path = os.path.abspath(sys.argv[0])
sys.path[0] = os.path.dirname(path)
main = type(sys)("__main__")
main.__loader__ = sys.modules["_frozen_importlib_external"].SourceFileLoader("__main__", path)
main.__annotations__, main.__builtins__ = {}, sys.modules["builtins"]
main.__file__, main.__cached__ = path, None
sys.modules["__main__"] = main
with open(path, "rb") as file:
    source = file.read()
try:
    source.decode("utf-8")
except UnicodeDecodeError:
    source += b"\\0"
compiled = source[:2] == sys.modules["_frozen_importlib_external"].MAGIC_NUMBER[:2] or b"PK\\5\\6" in source[-65558:]
if b"\\0" in source and not compiled:  # compile() reads it otherwise than the interpreter: the interpreter runs it
    os.execv(sys.executable, [sys.executable, *sys.argv])
try:
    code = compile(source, path, "exec", dont_inherit=True)
except (SyntaxError, ValueError) as error:  # ValueError: a NUL byte, before Python 3.12
    error = error if isinstance(error, SyntaxError) else SyntaxError(str(error))
    sys.excepthook(type(error), error, error.with_traceback(None).__traceback__)
    sys.exit(1)
try:
    exec(code, vars(main))
except SystemExit:
    raise
except BaseException as error:
    error.with_traceback(error.__traceback__.tb_next)  # from the program's own frame on
    sys.excepthook(type(error), error, error.__traceback__)
    if isinstance(error, KeyboardInterrupt):  # printed: the interpreter ends as after its own uncaught ^C
        sys.excepthook = lambda *_: None
        raise
    sys.exit(1)
"""


def default_jobs() -> int:
    """The cores this process may run on (its affinity, not the whole machine's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:
        return os.cpu_count() or 1
