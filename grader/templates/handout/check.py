"""Check your program against the visible specs, on any system: `py check.py` on Windows, `python3 check.py`
elsewhere (`make check` runs this too). The first run makes .venv with what the checker needs; then it
checks student_template/ (or the folder you name: `python3 check.py path/to/folder`).

It runs on any Python so that an old one gets a clear sentence, not a traceback: no syntax newer than
Python 2.7's before the version check."""

import hashlib
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from grader.python_check import require_supported_python  # noqa: E402 - needs HERE on the path

VENV = os.path.join(HERE, ".venv")
REQUIREMENTS = os.path.join(HERE, "requirements.txt")


def setup():
    """Make .venv with the pinned requirements, once per version of requirements.txt."""
    with open(REQUIREMENTS, "rb") as file:
        stamp = os.path.join(VENV, ".installed-" + hashlib.sha256(file.read()).hexdigest()[:16])
    if os.path.exists(stamp):
        return
    sys.stderr.write("Setting up .venv with what the checker needs (only this once)...\n")
    from grader.venv_setup import make_venv  # noqa: PLC0415 - Python 3 only: after the version check

    problem = make_venv(VENV, REQUIREMENTS)
    if problem:
        sys.exit("error: " + problem)
    for name in os.listdir(VENV):
        if name.startswith(".installed-"):
            os.remove(os.path.join(VENV, name))
    open(stamp, "w").close()


def main():
    require_supported_python()
    setup()
    if sys.argv[1:] == ["--setup"]:
        return 0
    folder = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "student_template"))
    try:  # as the report names it: short, from this folder, where it is inside it
        inside = os.path.relpath(folder, HERE)
        folder = folder if inside.startswith(os.pardir) else inside
    except ValueError:  # Windows: another drive
        pass
    from grader.venv_setup import venv_python  # noqa: PLC0415 - as above

    command = [str(venv_python(VENV)), "-m", "grader", "check", folder, "--specs", "specs",
               "--visible-only", "--json", "results.json", "--junit", "junit.xml"] + sys.argv[2:]
    try:
        return subprocess.call(command, cwd=HERE)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
