"""What an isolated run's file system holds, as the config its launcher reads (grader/sandbox/inside/): the
system trees and files of /etc it shares read-only, the interpreter's prefix exposed where it lies outside
them, what is hidden even inside those (the project, the class, the run's own folder), its limits."""

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
ETC_FILES = (
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone",
    "/etc/nsswitch.conf", "/etc/inputrc", "/etc/terminfo", "/etc/alternatives", "/etc/mime.types",
    f"/etc/python{sys.version_info[0]}.{sys.version_info[1]}", f"/etc/python{sys.version_info[0]}",
)
BROWSER_ETC = ("/etc/fonts",)  # a browser draws text with the system's fonts, found through fontconfig
DEVTOOLS_FDS = (3, 4)  # `--remote-debugging-pipe`: the browser reads commands on 3 and answers on 4


def _under(path: str, tree: str) -> bool:
    return path == tree or path.startswith(tree.rstrip("/") + "/")


@lru_cache(maxsize=None)
def _shared_trees() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What every run of this process shares, looked up once: the system trees, and the interpreter's prefix
    where it lies outside them."""
    real = os.path.realpath(student_python())
    system = tuple(tree for tree in SYSTEM_TREES if os.path.lexists(tree))
    expose: list[str] = []
    for path in (os.path.realpath(sys.base_prefix), os.path.dirname(real)):
        if not any(_under(path, os.path.realpath(tree)) for tree in system) and not any(
            _under(path, done) for done in expose
        ):
            expose.append(path)
    return system, tuple(expose)


def isolated_config(submission: Path, root: Path, workdir: Path, state: Path, uid: int, gid: int, limits: Limits,
                    browser: bool, cgroups: Sequence[Path]) -> dict:
    """The launcher's config of a run whose folder is `root` (the new root is mounted on `root/root`)."""
    system, expose = _shared_trees()
    hide = {
        str(PACKAGE),
        str(ROOT),
        str(submission.resolve().parent),
        str(root),
        os.path.realpath(tempfile.gettempdir()),
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
        "hide": sorted(path for path in hide if path not in ("/", "/usr")),
        "expose": list(expose),
        "rlimits": limits.rlimits(),
        "shm_bytes": limits.memory_mb << 20,  # the IPC namespace's own System V limits: within memory_mb
        "cgroups": [str(folder) for folder in cgroups],
    }
    return config
