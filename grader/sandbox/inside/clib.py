"""The C calls of the scripts inside the sandbox (`init.py`, `rootfs.py`, `forkserver.py`): the C library
through `_ctypes` (not `ctypes`: its package costs ~5 ms a run), and the kernel's constants they pass.
Standard library only: this runs before every student program."""

import _ctypes
import os

CLONE_NEWNS = 0x00020000
CLONE_NEWCGROUP = 0x02000000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000

TIOCSCTTY = 0x540E  # the generic value (x86_64, aarch64, riscv64, s390x)

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_NO_NEW_PRIVS = 38

# Every C function these scripts call: the fork server looks each one up before it forks (`forkserver.serve`),
# so that no run's init or program looks it up again in its copy of the server, where the lookup's cache
# costs pages copied on write (17 minor faults a run).
CALLS = ("ioctl", "mount", "prctl", "sethostname", "setns", "syscall", "umount2", "unshare")


class c_int(_ctypes._SimpleCData):  # as ctypes.c_int
    _type_ = "i"


class c_ulong(_ctypes._SimpleCData):  # as ctypes.c_ulong
    _type_ = "L"


class _Function(_ctypes.CFuncPtr):  # what ctypes.CDLL(..., use_errno=True) makes of each function
    _flags_ = _ctypes.FUNCFLAG_CDECL | _ctypes.FUNCFLAG_USE_ERRNO
    _restype_ = c_int


class _Library:
    """`ctypes.CDLL(None, use_errno=True)`: libc.name(...) calls the C function, returns a C int."""

    def __init__(self) -> None:
        self._handle = _ctypes.dlopen(None, _ctypes.RTLD_LOCAL)

    def __getattr__(self, name: str) -> _Function:
        if name.startswith("__"):
            raise AttributeError(name)
        function = _Function((name, self))
        setattr(self, name, function)
        return function


libc = _Library()
get_errno = _ctypes.get_errno


class Failure(Exception):
    pass


def check(result: int, what: str) -> int:
    if result == -1:
        errno = get_errno()
        raise Failure(f"{what}: {os.strerror(errno)}")
    return result
