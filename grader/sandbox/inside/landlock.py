"""Landlock for the fallback's programs (Linux 6.12 and later): where there are no namespaces, this keeps a
program to the folders a Python program needs and its own copy, and away from every process and abstract
unix socket outside its run. Not as root the program is the grader's own user, so file permissions cannot
keep it from the class, the specs or the output folder: Landlock can, because it holds whatever the uid.

What the program keeps: reading and running what lies under the system trees, /etc and the interpreter's
prefix; reading and writing its terminal and the harmless devices; everything in its working copy and its own
temporary folder. What it loses: every other file (the project, the specs, other runs' copies, the output
folder, the home folder, the shared temporary folders),
abstract unix sockets made outside its run (one left behind by an earlier run, in the kernel's queue until
its garbage collector runs) and signals to processes outside its run (the grader). Standard library only.
"""

import ctypes
import errno
import os
import sys

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446  # numbered alike on every architecture
_VERSION = 1  # landlock_create_ruleset's flag: answer the ABI version
_PATH_BENEATH = 1
NEEDED_ABI = 6  # scoping of abstract unix sockets and signals

_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_TRUNCATE, _IOCTL_DEV = 1 << 14, 1 << 15
_ALL = (1 << 16) - 1  # every file right of ABI 5 (EXECUTE ... IOCTL_DEV)
READ = _EXECUTE | _READ_FILE | _READ_DIR
DEVICE = _READ_FILE | _WRITE_FILE | _TRUNCATE | _IOCTL_DEV
EVERYTHING = _ALL
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1 << 0, 1 << 1
PR_SET_NO_NEW_PRIVS = 38


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)  # not at import: the module is imported on Windows too


def abi() -> int:
    """The Landlock ABI this Linux kernel offers (0: none, or Landlock is not enabled)."""
    version = _libc().syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_VERSION))
    return max(version, 0)


_abi: "int | None" = None


def usable() -> bool:
    """Fallback runs go under Landlock (files, abstract unix sockets and signals): Linux 6.12 or later,
    with Landlock enabled. Found once per process."""
    global _abi
    if _abi is None:
        _abi = abi() if sys.platform.startswith("linux") else 0
    return _abi >= NEEDED_ABI


def _check(result: int, what: str) -> int:
    if result < 0:
        number = ctypes.get_errno()
        raise OSError(number, f"landlock {what}: {os.strerror(number)}")
    return result


def restrict(rules: list[tuple[str, int]]) -> None:
    """Restrict this process and every child for good: the file rights of each (path, rights) beneath
    that path and none elsewhere, no abstract unix socket or signal outside. Missing paths are skipped."""
    libc = _libc()
    attributes = (ctypes.c_uint64 * 3)(_ALL, 0, _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL)
    ruleset = _check(libc.syscall(_CREATE_RULESET, attributes, ctypes.c_size_t(ctypes.sizeof(attributes)),
                                   ctypes.c_uint32(0)), "ruleset")
    try:
        for path, rights in rules:
            try:
                descriptor = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError as error:
                if error.errno in (errno.ENOENT, errno.ENOTDIR):
                    continue
                raise
            try:
                if not os.path.isdir(path):
                    rights &= _EXECUTE | _WRITE_FILE | _READ_FILE | _TRUNCATE | _IOCTL_DEV  # what a file can have
                beneath = rights.to_bytes(8, sys.byteorder) + descriptor.to_bytes(4, sys.byteorder, signed=True)  # packed
                _check(libc.syscall(_ADD_RULE, ruleset, _PATH_BENEATH, ctypes.c_char_p(beneath), ctypes.c_uint32(0)),
                       f"rule for {path}")
            finally:
                os.close(descriptor)
        _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
        _check(libc.syscall(_RESTRICT_SELF, ruleset, ctypes.c_uint32(0)), "restrict_self")
    finally:
        os.close(ruleset)

