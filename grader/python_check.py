"""Is this Python new enough for the grader? Asked first, before a venv is made or a dependency installed,
so a student on an old interpreter reads one sentence instead of a failure deep inside pip.

Run as a script (`python3 grader/python_check.py`, what both Makefiles do) or imported before anything
else (`python -m grader`). It must run on any Python a student may have, 2.7 included: no annotations,
no f-strings, nothing newer than the oldest interpreter it has to turn away."""

import sys

# Keep equal to `requires-python` in pyproject.toml (tests/system/test_platforms.py checks it).
MINIMUM = (3, 10)
DOWNLOAD = "https://www.python.org/downloads/"


def problem(version, executable):
    """The one line to print when `version` (a sys.version_info) is too old, else None."""
    if tuple(version[:2]) >= MINIMUM:
        return None
    found = "%d.%d.%d" % tuple(version[:3])
    return ("error: the grader needs Python %d.%d or newer, but %s is Python %s: install a newer one from %s "
            "(or your package manager) and run again with it (`make check PYTHON=python3.12` names it)"
            % (MINIMUM[0], MINIMUM[1], executable or "this python", found, DOWNLOAD))


def require_supported_python():
    """Exit with status 2 and the one line on stderr when this interpreter is too old."""
    message = problem(sys.version_info, sys.executable)
    if message:
        sys.stderr.write(message + "\n")
        sys.exit(2)


if __name__ == "__main__":
    require_supported_python()
