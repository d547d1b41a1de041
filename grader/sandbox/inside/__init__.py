"""The scripts that run inside the sandbox (standard library only: they run under the student's
interpreter, before and around the program), and where they lie for the grader that starts them."""

from pathlib import Path

INIT_SCRIPT = Path(__file__).resolve().parent / "init.py"
SYSCALLS_SCRIPT = INIT_SCRIPT.parent / "syscalls.py"  # imported by init.py, and by the fallback here
# What init.py imports beside it, but the filter: the C calls, the run's file system, the fork launch's program,
# the seeded boot it shares with `python3 -c` (grader/base/project.py reads it as SEEDED_BOOT) and its quick ending.
INIT_MODULES = tuple(INIT_SCRIPT.parent / name
                     for name in ("clib.py", "rootfs.py", "scriptmain.py", "seededboot.py", "teardown.py"))
SERVER_SCRIPT = INIT_SCRIPT.parent / "forkserver.py"  # the fork server (started by grader/sandbox/forking.py)
DOOR_SCRIPT = INIT_SCRIPT.parent / "door.py"  # how a browser Playwright starts enters the sandbox (grader/sandbox/browser.py)
