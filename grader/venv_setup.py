"""Make a venv with the grader's requirements on a bare interpreter: the handout's check.py (a student's first
check) and Classroom 50's autograder.py (every run) call it before any requirement is installed, so it uses
the standard library only.

The venv is made without a pip of its own and this interpreter's pip installs into it (`pip --python`,
pip 22.3 and later): bootstrapping a pip into each new venv (ensurepip unpacks and compiles about 800 files)
took 4 s of CPU, longer than the rest of a check. An interpreter with no pip, or an older one, gives the
venv its own pip first, as `python -m venv` does."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
from pathlib import Path

PIP_WITH_PYTHON_OPTION = (22, 3)
# --no-user: a venv takes no user install, which PIP_USER=1 in someone's environment would ask for.
PIP_INSTALL = ["install", "--quiet", "--disable-pip-version-check", "--no-user"]


def venv_python(target: str | os.PathLike) -> Path:
    """The venv's interpreter."""
    return Path(target, "Scripts", "python.exe") if os.name == "nt" else Path(target, "bin", "python")


def make_venv(target: str | os.PathLike, requirements: str | os.PathLike) -> str | None:
    """Make (or update) the venv at `target` and install `requirements` into it: None when that worked, else
    what went wrong, in a sentence for the person who ran it (pip's own messages are above it)."""
    try:
        venv.create(target, with_pip=False, symlinks=os.name != "nt")  # as `python -m venv` makes it
    except (OSError, subprocess.CalledProcessError) as error:
        return f"could not create {target} ({error})"
    python = str(venv_python(target))
    if _own_pip_can_install_elsewhere():
        install = [sys.executable, "-m", "pip", "--python", python, *PIP_INSTALL, "-r", str(requirements)]
    else:
        if subprocess.call([python, "-m", "ensurepip", "--default-pip"], stdout=subprocess.DEVNULL) != 0:
            return (f"could not give {target} a pip, and this Python's own is missing or older than 22.3 "
                    "(on Debian or Ubuntu: `sudo apt install python3-venv python3-pip`)")
        install = [python, "-m", "pip", *PIP_INSTALL, "-r", str(requirements)]
    if subprocess.call(install) != 0:
        return f"could not install the grader's requirements into {target} (pip said why, above)"
    return None


def _own_pip_can_install_elsewhere() -> bool:
    """Whether this interpreter's pip has `--python`, read from its version without starting it."""
    try:
        import pip  # noqa: PLC0415 - only its version: pip's own package has no side effect on import
    except ImportError:
        return False
    return has_python_option(getattr(pip, "__version__", ""))


def has_python_option(pip_version: str) -> bool:
    """Whether a pip of this version (`23.2.1`, `22.3b1`) has `--python`."""
    found = re.match(r"(\d+)\.(\d+)", pip_version)
    return found is not None and (int(found[1]), int(found[2])) >= PIP_WITH_PYTHON_OPTION
