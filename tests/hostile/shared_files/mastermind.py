"""A channel between two runs through the files every run shares (the interpreter's own modules, /usr),
as `grade --jobs 2` runs them side by side. With "hold" in mode.txt it takes every kind of lock on them
and waits; otherwise it looks for those locks, watches the files with inotify and fanotify, and reads
their access times after reading them. Prints what each attempt got."""
import ctypes
import errno
import fcntl
import os
import struct

SHARED = (os.__file__, "/usr/bin/env")
libc = ctypes.CDLL(None, use_errno=True)


def lock(fd, kind, command):
    return fcntl.fcntl(fd, command, struct.pack("hhqqi", kind, 0, 0, 0, 0))


def failed(call):
    result = call()
    return result < 0 and errno.errorcode.get(ctypes.get_errno(), "?")


files = [os.open(path, os.O_RDONLY) for path in SHARED]
if open("mode.txt").read().strip() == "hold":
    for fd in files:
        fcntl.flock(fd, fcntl.LOCK_SH)
        lock(fd, fcntl.F_RDLCK, fcntl.F_SETLK)
    print("holding")
    input("Enter key: ")
else:
    for path, fd in zip(SHARED, files):
        name = os.path.basename(path)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            print(f"flock {name}: free")
        except OSError as error:
            print(f"flock {name}: held by another run ({errno.errorcode[error.errno]})")
        seen = struct.unpack("hhqqi", lock(fd, fcntl.F_WRLCK, fcntl.F_GETLK))[0]
        print(f"record lock {name}:", "free" if seen == fcntl.F_UNLCK else "held by another run")
        before = os.stat(path).st_atime_ns
        os.read(fd, 1)
        print(f"access time {name}:", "changed" if os.stat(path).st_atime_ns != before else "unchanged")
    print("inotify_init1:", failed(lambda: libc.inotify_init1(os.O_NONBLOCK)) or "allowed")
    print("fanotify_init:", failed(lambda: libc.fanotify_init(0x100, os.O_RDONLY)) or "allowed")  # FAN_REPORT_FID
