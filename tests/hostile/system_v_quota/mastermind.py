"""Creates System V semaphore sets, shared memory segments and message queues, then POSIX message queues,
until the kernel refuses (at most 40,000 of each), then holds them for a second: outside an IPC namespace of
its own, that took every identifier of the machine (kernel.sem, shmmni, msgmni, fs.mqueue.queues_max), the
host's own calls failed, and the POSIX queues outlived the run."""
import ctypes
import os
import time

libc = ctypes.CDLL(None, use_errno=True)
CREATE = 0o1600  # IPC_CREAT | 0600, on IPC_PRIVATE (key 0)
QUEUE = os.O_CREAT | os.O_EXCL | os.O_RDWR
for name, make in (("sem", lambda: libc.semget(0, 1, CREATE)), ("shm", lambda: libc.shmget(0, 1, CREATE)),
                   ("msg", lambda: libc.msgget(0, CREATE)),
                   ("mq", lambda: libc.mq_open(f"/grader-probe-{os.getpid()}-{made}".encode(), QUEUE, 0o600, None))):
    made = 0
    while made < 40000 and make() >= 0:
        made += 1
    print(f"{name}: {made} then {os.strerror(ctypes.get_errno())}", flush=True)
time.sleep(1)
