"""Not as root, the program is the grader's own user, and the kernel lets a process of a user set the limits,
the priority, the CPUs and the scheduling of any other process of that user: tries each on the grader (the
parent of its run's reaper), which a 1-second CPU limit kills, then on itself (pid 0), and says what each
call answered."""
import ctypes
import errno
import os
import resource

libc = ctypes.CDLL(None, use_errno=True)
IOPRIO_SET, IOPRIO_WHO_PROCESS, IOPRIO_IDLE = 251 if os.uname().machine == "x86_64" else 30, 1, 3 << 13
reaper = os.getppid()
grader = int(open(f"/proc/{reaper}/stat").read().rsplit(")", 1)[1].split()[1])


def ioprio_idle(pid):
    if libc.syscall(IOPRIO_SET, IOPRIO_WHO_PROCESS, pid, IOPRIO_IDLE) < 0:
        raise OSError(ctypes.get_errno(), "ioprio_set")


for whose, pid in (("grader", grader), ("own", 0)):
    for name, change in (("setpriority", lambda: os.setpriority(os.PRIO_PROCESS, pid, 19)),
                         ("sched_setaffinity", lambda: os.sched_setaffinity(pid, {min(os.sched_getaffinity(0))})),
                         ("sched_setscheduler", lambda: os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))),
                         ("ioprio_set", lambda: ioprio_idle(pid)),
                         ("prlimit", lambda: resource.prlimit(pid, resource.RLIMIT_CPU, (1, 1))),
                         ("setpriority user", lambda: os.setpriority(os.PRIO_USER, 0, 19) if pid else os.nice(1))):
        try:
            change()
            print(f"{name} {whose}: changed")
        except OSError as error:
            print(f"{name} {whose}: {errno.errorcode.get(error.errno, error.errno)}")
