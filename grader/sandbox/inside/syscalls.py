"""A seccomp filter for student programs, built and installed from Python (no compiler, no library).

It refuses what a console program never needs and what lets a program out of its limits, into the
kernel's riskiest code, or onto a resource the whole machine shares (README, "Untrusted code", lists
every such call, refused or allowed, and why):

- new namespaces (unshare, setns, clone with a namespace flag: a user namespace would let it mount a
  tmpfs of any size);
- io_uring (the usual route of kernel exploits);
- kernel keys (add_key, request_key, keyctl: keys outlive the run and pile up per uid in /proc/key-users);
- the older asynchronous I/O (io_setup and the rest: one run could take the machine's whole
  fs.aio-max-nr, and io_setup then fails on the host);
- perf_event_open (the machine's performance counters, and a sampling rate the kernel lowers for
  everyone when one sampler costs too much);
- userfaultfd (a program could stall its own page faults on purpose, the classic way to widen a race
  against whoever reads its memory; UFFD_USER_MODE_ONLY needs no privilege even where
  vm.unprivileged_userfaultfd is 0);
- sockets of any family but unix, IPv4, IPv6 and netlink (socket and socketpair answer EAFNOSUPPORT, as a
  kernel without the family would): AF_VSOCK reaches the host of a virtual machine (and opened in the sandbox
  with no network), AF_ALG the kernel's crypto code, others (TIPC, RDS, Bluetooth, CAN, XDP...) little-used
  kernel code a console program has no use for; netlink stays, since getaddrinfo asks it which addresses the
  machine has;
- inotify and fanotify (watches on the files every run shares show which ones other runs and the
  grader open, and instances count against a per-user quota: the grader's own user's, not as root);
- not as root, what changes who may use a file: its mode (chmod, fchmod, fchmodat, fchmodat2), its group
  (chown and its kin) and its extended attributes, ACLs among them (setxattr, removexattr and their kin):
  the program is the grader's own user, and Landlock, which keeps it from that user's files, has no rule
  for these (a run set another folder of that user to 0777, or could make the grades unwritable); and,
  for the same reason, setting a file's times to given ones (utimensat, futimesat, utimes and utime with
  times: a run set those of a file of that user to 1970), where setting them to now, as `Path.touch`
  does, stays. A mode or times change answers success and changes nothing (shutil's copy, copy2 and
  copytree, and tarfile's extraction, set both on the copies they make in the program's own folder, and
  raised PermissionError on EPERM); the others answer EPERM, which shutil passes over for attributes;
- not as root, what sets the limits, the priority, the CPUs or the scheduling of another process
  (prlimit64, setpriority, ioprio_set, sched_setaffinity, sched_setscheduler, sched_setparam,
  sched_setattr, given a pid other than 0, or for a whole user): the kernel lets a user do that to every
  process of theirs, the grader among them, and Landlock has no rule for it (a run set the grader's CPU
  limit to 1 s and the kernel killed it mid-check; it could as well have reniced it, pinned it to one CPU or
  made it SCHED_IDLE for every later run). On itself (pid 0) a program keeps every one of them;
- not isolated, System V IPC (shm*, sem*, msg*) and POSIX message queues (mq_*): outside its own IPC
  namespace a run shares the machine's, where one run took every identifier (kernel.sem's 32,000 sets,
  shmmni's 4,096 segments, msgmni's 32,000 queues) in 0.2 s and the host's own semget, shmget and msgget
  failed meanwhile, and another took all of fs.mqueue.queues_max (256) so that every other user's mq_open
  failed; an object of one run was also a channel to a concurrent one (ids and queue names are guessable),
  and it outlived the run (a queue lives in the kernel, not in a folder the clean-up sees).

clone3 fails with ENOSYS, as on an older kernel, so the C library falls back to clone, whose flags the
filter can see. Every call of another architecture (32-bit or x32 calls on x86_64) fails with ENOSYS.

Standard library only, and light: `init.py` imports it before every student program. Used by the
sandbox's init (isolated runs) and by `grader.sandbox.box` (the fallback's preexec).
"""

import _ctypes
import errno
import os
import sys

# struct seccomp_data: nr at 0, arch at 4, args[0] at 16 (its low 32 bits first on little-endian).
_NR, _ARCH, _ARG0 = 0, 4, 16
_LD_W_ABS, _JEQ_K, _JGE_K, _JSET_K, _RET_K = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW = 0x7FFF0000
_ERRNO = 0x00050000

_NAMESPACE_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000
_X32_BIT = 0x40000000

# Per architecture: AUDIT_ARCH value and the numbers of the calls concerned (io_uring and clone3 are
# numbered alike on every architecture since Linux 5.1).
ARCHITECTURES = {
    "x86_64": {"arch": 0xC000003E, "clone": 56, "socket": 41, "socketpair": 53, "unshare": 272, "setns": 308,
               "add_key": 248, "request_key": 249, "keyctl": 250,
               "io_setup": 206, "io_destroy": 207, "io_getevents": 208, "io_submit": 209, "io_cancel": 210,
               "io_pgetevents": 333, "perf_event_open": 298, "userfaultfd": 323,
               "inotify_init": 253, "inotify_init1": 294, "fanotify_init": 300,
               "chmod": 90, "fchmod": 91, "fchmodat": 268, "fchmodat2": 452, "chown": 92, "fchown": 93,
               "lchown": 94, "fchownat": 260, "setxattr": 188, "lsetxattr": 189, "fsetxattr": 190,
               "removexattr": 197, "lremovexattr": 198, "fremovexattr": 199, "setxattrat": 463,
               "removexattrat": 466, "utime": 132, "utimes": 235, "futimesat": 261, "utimensat": 280,
               "prlimit64": 302, "setpriority": 141, "ioprio_set": 251,
               "sched_setaffinity": 203, "sched_setscheduler": 144, "sched_setparam": 142, "sched_setattr": 314,
               "shmget": 29, "shmat": 30, "shmctl": 31, "shmdt": 67, "semget": 64, "semop": 65, "semctl": 66,
               "semtimedop": 220, "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71,
               "mq_open": 240, "mq_unlink": 241, "mq_timedsend": 242, "mq_timedreceive": 243, "mq_notify": 244,
               "mq_getsetattr": 245},
    "aarch64": {"arch": 0xC00000B7, "clone": 220, "socket": 198, "socketpair": 199, "unshare": 97, "setns": 268,
                "add_key": 217, "request_key": 218, "keyctl": 219,
                "io_setup": 0, "io_destroy": 1, "io_submit": 2, "io_cancel": 3, "io_getevents": 4,
                "io_pgetevents": 292, "perf_event_open": 241, "userfaultfd": 282,
                "inotify_init1": 26, "fanotify_init": 262,  # aarch64 has no inotify_init (nor chmod, chown, utimes)
                "fchmod": 52, "fchmodat": 53, "fchmodat2": 452, "fchown": 55, "fchownat": 54, "setxattr": 5,
                "lsetxattr": 6, "fsetxattr": 7, "removexattr": 14, "lremovexattr": 15, "fremovexattr": 16,
                "setxattrat": 463, "removexattrat": 466, "utimensat": 88, "prlimit64": 261, "setpriority": 140,
                "ioprio_set": 30,
                "sched_setaffinity": 122, "sched_setscheduler": 119, "sched_setparam": 118, "sched_setattr": 274,
                "msgget": 186, "msgctl": 187, "msgrcv": 188, "msgsnd": 189, "semget": 190, "semctl": 191,
                "semtimedop": 192, "semop": 193, "shmget": 194, "shmctl": 195, "shmat": 196, "shmdt": 197,
                "mq_open": 180, "mq_unlink": 181, "mq_timedsend": 182, "mq_timedreceive": 183, "mq_notify": 184,
                "mq_getsetattr": 185},
}
_IO_URING, _CLONE3 = (425, 426, 427), 435
REFUSED = ("unshare", "setns", "add_key", "request_key", "keyctl", "io_setup", "io_destroy", "io_getevents",
           "io_submit", "io_cancel", "io_pgetevents", "perf_event_open", "userfaultfd", "inotify_init",
           "inotify_init1", "fanotify_init")  # EPERM, with io_uring's calls
# Where the program is the grader's user, who may use a file: its mode (answered as done, nothing done) and its
# group and attributes (EPERM); and the calls that set a file's times, with the index of the argument that holds
# them (given times are answered as done, nothing done; none, now, they may set).
FILE_MODES = ("chmod", "fchmod", "fchmodat", "fchmodat2")
FILE_OWNERS = ("chown", "fchown", "lchown", "fchownat", "setxattr", "lsetxattr", "fsetxattr", "removexattr",
               "lremovexattr", "fremovexattr", "setxattrat", "removexattrat")
FILE_TIMES = {"utime": 1, "utimes": 1, "futimesat": 2, "utimensat": 2}
# Where the program is the grader's user: the calls that reach another process of that user by its pid, as
# (index of the argument that holds the pid, the value of the first argument that names a whole user or None).
OTHER_PROCESSES = {"prlimit64": (0, None), "setpriority": (1, 2), "ioprio_set": (1, 3), "sched_setaffinity": (0, None),
                   "sched_setscheduler": (0, None), "sched_setparam": (0, None), "sched_setattr": (0, None)}
MACHINE_IPC = ("shmget", "shmat", "shmctl", "shmdt", "semget", "semop", "semctl", "semtimedop", "msgget", "msgsnd",
               "msgrcv", "msgctl", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify",
               "mq_getsetattr")  # EPERM too, where the run shares the machine's IPC namespace

AF_UNIX = 1
SOCKET_FAMILIES = (AF_UNIX, 2, 10, 16)  # unix, IPv4, IPv6, netlink: every other family answers EAFNOSUPPORT
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2


def _op(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return code.to_bytes(2, sys.byteorder) + bytes((jt, jf)) + k.to_bytes(4, sys.byteorder)


def filter_program(machine: str, unix_sockets: bool = True, machine_ipc: bool = True,
                   file_modes: bool = True, other_processes: bool = True) -> "bytes | None":
    """The BPF instructions for `machine` (as `os.uname().machine`), or None for an unknown one. Without
    `unix_sockets`, socket(AF_UNIX, ...) fails with EACCES: a program that runs as the grader's own user
    could otherwise connect to that user's sockets (ssh-agent, the D-Bus session bus), which no file
    permission or Landlock rule keeps from it. socketpair, which asyncio and multiprocessing use, stays.
    Without `file_modes`, those of FILE_MODES, and of FILE_TIMES given times, return 0 and do nothing, and
    those of FILE_OWNERS fail with EPERM; without `other_processes`, those of OTHER_PROCESSES fail with
    EPERM unless they name the caller."""
    calls = ARCHITECTURES.get(machine)
    if calls is None:
        return None
    names = (*REFUSED, *(() if machine_ipc else MACHINE_IPC), *(() if file_modes else FILE_OWNERS))
    refuse = (*(calls[name] for name in names if name in calls), *_IO_URING)
    program = [
        _op(_LD_W_ABS, _ARCH),
        _op(_JEQ_K, calls["arch"], jt=1),
        _op(_RET_K, _ERRNO | errno.ENOSYS),
        _op(_LD_W_ABS, _NR),
    ]
    if machine == "x86_64":
        program += [_op(_JGE_K, _X32_BIT, jf=1), _op(_RET_K, _ERRNO | errno.ENOSYS)]
    program += [_op(_JEQ_K, _CLONE3, jf=1), _op(_RET_K, _ERRNO | errno.ENOSYS)]
    for number in refuse:
        program += [_op(_JEQ_K, number, jf=1), _op(_RET_K, _ERRNO | errno.EPERM)]
    if not file_modes:
        for number in (calls[name] for name in FILE_MODES if name in calls):
            program += [_op(_JEQ_K, number, jf=1), _op(_RET_K, _ERRNO)]  # errno 0: the call returns 0
        for name, times in FILE_TIMES.items():
            if name in calls:
                program += _zero_only(calls[name], times, None, 0)
    if not other_processes:
        for name, (pid, user) in OTHER_PROCESSES.items():
            program += _zero_only(calls[name], pid, user, errno.EPERM)
    program += _families(calls["socket"], unix=unix_sockets) + _families(calls["socketpair"], unix=True)
    program += [
        _op(_JEQ_K, calls["clone"], jf=3),
        _op(_LD_W_ABS, _ARG0),
        _op(_JSET_K, _NAMESPACE_FLAGS, jf=1),
        _op(_RET_K, _ERRNO | errno.EPERM),
        _op(_RET_K, _ALLOW),
    ]
    return b"".join(program)


def _families(number: int, unix: bool) -> list[bytes]:
    """Call `number` (socket or socketpair) is allowed for the families of SOCKET_FAMILIES, and fails with
    EAFNOSUPPORT for any other; without `unix`, AF_UNIX fails with EACCES. After another call, and after an
    allowed one, the accumulator holds the call's number."""
    unix_refused = [] if unix else [_op(_JEQ_K, AF_UNIX, jf=1), _op(_RET_K, _ERRNO | errno.EACCES)]
    count = len(SOCKET_FAMILIES)
    checks = [_op(_JEQ_K, family, jt=count - index) for index, family in enumerate(SOCKET_FAMILIES)]
    block = [_op(_LD_W_ABS, _ARG0), *unix_refused, *checks, _op(_RET_K, _ERRNO | errno.EAFNOSUPPORT),
             _op(_LD_W_ABS, _NR)]
    return [_op(_JEQ_K, number, jf=len(block)), *block]


def _zero_only(number: int, argument: int, user: "int | None", answer: int) -> list[bytes]:
    """Call `number` is allowed where its argument `argument` is 0 (a pid: the caller; a pointer: none)
    and, if `user` is given, its first argument is not `user` (every process of the caller's user); else it
    fails with errno `answer` (0: returns 0, having done nothing). After another call the accumulator still
    holds its number."""
    whole_user = [_op(_LD_W_ABS, _ARG0), _op(_JEQ_K, user, jt=5)] if user is not None else []
    low = _ARG0 + 8 * argument
    return [
        _op(_JEQ_K, number, jf=len(whole_user) + 6),
        *whole_user,
        _op(_LD_W_ABS, low),
        _op(_JEQ_K, 0, jf=3),
        _op(_LD_W_ABS, low + 4),
        _op(_JEQ_K, 0, jf=1),
        _op(_RET_K, _ALLOW),
        _op(_RET_K, _ERRNO | answer),
    ]


class _Pointer(_ctypes._SimpleCData):  # as ctypes.c_void_p
    _type_ = "P"


class _Bytes(_ctypes._SimpleCData):  # as ctypes.c_char_p
    _type_ = "z"


def install(libc, unix_sockets: bool = True, machine_ipc: bool = True, file_modes: bool = True,
            other_processes: bool = True) -> bool:
    """Set no_new_privs and install the filter in this process (kept across exec, inherited by every
    child). `libc` is `ctypes.CDLL(None, use_errno=True)` or init's lighter equivalent. False where the
    architecture is unknown (nothing installed); OSError if the kernel refuses."""
    program = filter_program(os.uname().machine, unix_sockets, machine_ipc, file_modes, other_processes)
    if program is None:
        return False
    instructions = _Bytes(program)  # kept alive until the kernel has copied it
    address = _Pointer.from_address(_ctypes.addressof(instructions)).value
    fprog = (len(program) // 8).to_bytes(8, sys.byteorder) + address.to_bytes(8, sys.byteorder)
    for what, args in (("no_new_privs", (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)),
                       ("seccomp", (PR_SET_SECCOMP, SECCOMP_MODE_FILTER, fprog, 0, 0))):
        if libc.prctl(*args) != 0:
            number = _ctypes.get_errno()
            raise OSError(number, f"{what}: {os.strerror(number)}")
    return True
