"""Leaves a file in each shared temporary folder and a System V segment, then exits: without isolation
these would outlive the run (memory in /dev/shm, a channel to later runs)."""
import ctypes
import os

for folder in ("/tmp", "/var/tmp", "/dev/shm"):
    try:
        with open(os.path.join(folder, f"left-by-{os.getuid()}"), "wb") as left:
            left.write(b"x" * 65536)
        print("left a file in", folder)
    except OSError as error:  # isolated: /var/tmp does not exist
        print(folder, error.strerror)
libc = ctypes.CDLL(None, use_errno=True)
print("segment:", libc.shmget(0, 65536, 0o1600))  # IPC_PRIVATE, IPC_CREAT | 0600
