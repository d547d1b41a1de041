"""Asks for a userfaultfd, the classic way to stall its own page faults on purpose and so widen a race
against whoever reads its memory: with the flag that needs no privilege (UFFD_USER_MODE_ONLY), without
it, and through /dev/userfaultfd. Prints what each attempt got."""
import ctypes
import errno
import os

USERFAULTFD = 323 if os.uname().machine == "x86_64" else 282
UFFD_USER_MODE_ONLY, O_CLOEXEC = 1, 0o2000000
libc = ctypes.CDLL(None, use_errno=True)
for name, flags in (("user mode only", UFFD_USER_MODE_ONLY | O_CLOEXEC), ("any mode", O_CLOEXEC)):
    result = libc.syscall(USERFAULTFD, flags)
    print(f"userfaultfd {name}:", "allowed" if result >= 0 else errno.errorcode.get(ctypes.get_errno(), "?"))
try:
    os.close(os.open("/dev/userfaultfd", os.O_RDWR))
    print("/dev/userfaultfd: allowed")
except OSError as error:
    print("/dev/userfaultfd:", errno.errorcode.get(error.errno, "?"))
