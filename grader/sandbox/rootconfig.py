"""What an isolated run's file system holds, as the config its launcher reads (grader/sandbox/inside/): the
system trees and files of /etc it shares read-only, the interpreter's folder and its prefix's libraries exposed
where they lie outside them, what is hidden even inside those (the project, the specs, the assignment, the
reference, the class, the run's own folder), its limits.

Of /usr a console run sees only what an interpreter, its standard library and the shared libraries it loads
need, and the time zones and terminal descriptions the standard library reads (USR_KEPT): a course's Docker
image kept specs and a reference at /usr/local/share/cs101, and a run read them and ran the reference.
/usr/local/share, /usr/share's other folders, /usr/src, /usr/include, /opt, /srv and /home are absent. A
browser's run shares the whole of /usr (chromium, its fonts and data lie all over it)."""

from __future__ import annotations

import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from grader.base.project import PACKAGE, ROOT
from grader.sandbox.environment import INSIDE_HOME, student_python
from grader.sandbox.limits import Limits

SYSTEM_TREES = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
USR_KEPT = ("/usr/bin", "/usr/sbin", "/usr/lib", "/usr/lib32", "/usr/lib64", "/usr/libx32", "/usr/libexec",
            "/usr/local/bin", "/usr/local/lib", "/usr/share/zoneinfo", "/usr/share/terminfo")
ETC_FILES = (
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone",
    "/etc/nsswitch.conf", "/etc/inputrc", "/etc/terminfo", "/etc/alternatives", "/etc/mime.types",
    f"/etc/python{sys.version_info[0]}.{sys.version_info[1]}", f"/etc/python{sys.version_info[0]}",
)
BROWSER_ETC = ("/etc/fonts",)  # a browser draws text with the system's fonts, found through fontconfig
DEVTOOLS_FDS = (3, 4)  # `--remote-debugging-pipe`: the browser reads commands on 3 and answers on 4


def _under(path: str, tree: str) -> bool:
    return path == tree or path.startswith(tree.rstrip("/") + "/")


def system_trees(browser: bool = False) -> tuple[str, ...]:
    """The system trees a run shares (those of this machine): of /usr only USR_KEPT, but for a browser."""
    kept = SYSTEM_TREES if browser else (*USR_KEPT, *(tree for tree in SYSTEM_TREES if tree != "/usr"))
    return tuple(tree for tree in kept if os.path.lexists(tree))


def interpreter_trees(command: str) -> tuple[str, ...]:
    """What the interpreter `command` needs of its own prefix: its folder and the prefix's libraries (the
    standard library, libpython), not the prefix's share/ or include/, where anything may be kept."""
    real = os.path.realpath(command)
    prefix = os.path.dirname(os.path.dirname(real))
    return os.path.dirname(real), os.path.join(prefix, "lib"), os.path.join(prefix, "lib64")


@lru_cache(maxsize=None)
def _shared_trees(browser: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What every run of this process shares, looked up once: the system trees, and the interpreter's folder
    and libraries where they lie outside them."""
    system = system_trees(browser)
    expose: list[str] = []
    for path in (os.path.realpath(path) for path in interpreter_trees(student_python()) if os.path.isdir(path)):
        if not any(_under(path, os.path.realpath(tree)) for tree in system) and not any(
            _under(path, done) for done in expose
        ):
            expose.append(path)
    return system, tuple(expose)


def hidden_paths(hide: set[str], expose: Sequence[str]) -> list[str]:
    """Of the paths to hide, those a run's launcher hides (after every share and expose is mounted): not / or
    /usr, nor a folder holding an exposed tree (the interpreter's prefix inside a course folder), which the
    new root holds nothing else of; a hidden path inside an exposed tree is hidden all the same."""
    return sorted(path for path in hide if path not in ("/", "/usr")
                  and not any(_under(tree, path) and tree != path for tree in expose))


def isolated_config(submission: Path, root: Path, workdir: Path, state: Path, uid: int, gid: int, limits: Limits,
                    browser: bool, cgroups: Sequence[Path], hidden: Sequence[str] = ()) -> dict:
    """The launcher's config of a run whose folder is `root` (the new root is mounted on `root/root`);
    `hidden`: the course's folders (specs, assignment, reference, class), hidden wherever they lie."""
    system, expose = _shared_trees(browser)
    hide = {
        str(PACKAGE),
        str(ROOT),
        str(submission.resolve().parent),
        str(root),
        os.path.realpath(tempfile.gettempdir()),
        *(os.path.realpath(path) for path in hidden),
    }
    config = {
        "python": student_python(),
        "home": INSIDE_HOME,
        "workdir": str(workdir),
        "newroot": str(root / "root"),
        "state": str(state),
        "uid": uid,
        "gid": gid,
        "disk_mb": limits.disk_mb,  # the run's tmpfs (grader/sandbox/inside/rootfs.py)
        "disk_files": limits.disk_files,
        "system": list(system),
        "etc": list(ETC_FILES + (BROWSER_ETC if browser else ())),
        "pass_fds": list(DEVTOOLS_FDS if browser else ()),
        "hide": hidden_paths(hide, expose),
        "expose": list(expose),
        "rlimits": limits.rlimits(),
        "shm_bytes": limits.memory_mb << 20,  # the IPC namespace's own System V limits: within memory_mb
        "cgroups": [str(folder) for folder in cgroups],
    }
    return config
