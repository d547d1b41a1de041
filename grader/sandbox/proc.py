"""Reading Linux's /proc: the one place that knows its file names and formats.

Processes come and go while we look, so every read treats a vanished process (or a /proc that does not
exist, as on macOS) as empty rather than as an error: callers ask "is it there, what does it show" and
never need a try block of their own.
"""

from __future__ import annotations

import os
import struct
import threading


KEPT = 32  # /proc files kept open: the status, syscall and stat files of the threads of the runs under way
CHUNK = 65536
_kept: dict[str, int] = {}  # path -> its open descriptor, the least recently read first
_kept_lock = threading.Lock()  # runs are followed from several threads; a descriptor is one thread's while it reads


def _forget_in_child() -> None:
    """A forked child's /proc/self is not its parent's, and the lock may have been held: it starts afresh."""
    global _kept_lock
    _kept_lock = threading.Lock()
    for fd in _kept.values():
        os.close(fd)
    _kept.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def read(path: str) -> bytes:
    """The whole file, or b"" if it cannot be read (the process is gone, no /proc). The grader reads the
    same few files hundreds of times a run while it waits for the program, so each stays open (the KEPT
    read last) and is read again from its start: one pread, where opening the path again cost a walk
    through /proc and three more system calls. A file kept open stays the one process's: once that process
    is gone, it can no longer be read, and the path is opened again (for whatever process has the pid now,
    as a fresh open would find). Other files (a cgroup's lists, which v1 keeps as they were at the first read
    of an open file for a second) are opened each time."""
    with _kept_lock:
        fd = _kept.pop(path, None)  # this thread's alone until it is kept again
    if fd is not None:
        data = _whole(fd)
        if data is not None:
            _keep(path, fd)
            return data
        os.close(fd)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return b""
    data = _whole(fd)
    if data is None or not path.startswith("/proc/"):
        os.close(fd)
        return data or b""
    _keep(path, fd)
    return data


def _keep(path: str, fd: int) -> None:
    """Keep `fd` open for `path`, closing another thread's for the same path and the least recently read
    beyond KEPT."""
    with _kept_lock:
        closed = [_kept.pop(path)] if path in _kept else []
        _kept[path] = fd
        while len(_kept) > KEPT:
            closed.append(_kept.pop(next(iter(_kept))))
    for other in closed:
        os.close(other)


def _whole(fd: int) -> bytes | None:
    """The file from its start, with bare descriptors (a Python file object adds an fstat, a failing isatty
    ioctl and an lseek to every read); None if it cannot be read."""
    pieces, offset = [], 0
    try:
        while piece := os.pread(fd, CHUNK, offset):
            pieces.append(piece)
            if len(piece) < CHUNK:
                break
            offset += len(piece)
    except OSError:
        return None
    return b"".join(pieces)


def listdir(path: str) -> list[str]:
    try:
        return os.listdir(path)
    except OSError:
        return []


def pids() -> list[int]:
    """Every process but this one."""
    me = os.getpid()
    return [int(entry) for entry in listdir("/proc") if entry.isdigit() and int(entry) != me]


def pid_namespaces(pids_: list[int]) -> set[int] | None:
    """The pid namespaces (inode numbers) the processes `pids_` are in; None if one's could not be read (another
    user's, to a process without root), since then no namespace may be taken for empty."""
    found = set()
    for pid in pids_:
        try:
            found.add(os.stat(f"/proc/{pid}/ns/pid").st_ino)
        except FileNotFoundError:
            continue  # gone meanwhile
        except OSError:
            return None
    return found


def threads(pid: int) -> list[int]:
    """The thread ids of a process (its task folder)."""
    return [int(tid) for tid in listdir(f"/proc/{pid}/task") if tid.isdigit()]


def _children(pid: int, tids: list[int]) -> list[int]:
    return [int(child) for tid in tids for child in read(f"/proc/{pid}/task/{tid}/children").split()]


def children(pid: int) -> list[int]:
    """The direct children of a process, from /proc/PID/task/TID/children."""
    return _children(pid, threads(pid))


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (children, their children...), not `pid` itself."""
    return [other for other, _ in _walk(pid)][1:]


def tree_threads(pid: int) -> list[tuple[int, int]]:
    """(pid, tid) of every thread of the process and all its descendants: one listing of each task
    folder serves both to find the threads and, through their `children` files, the descendants."""
    return [(current, tid) for current, tids in _walk(pid) for tid in tids]


def _walk(pid: int) -> list[tuple[int, list[int]]]:
    """(pid, its thread ids) for the process and every descendant, the process first."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        tids = threads(current)
        found.append((current, tids))
        pending += _children(current, tids)
    return found


def state(pid: int, tid: int | None = None) -> tuple[bytes, bytes] | None:
    """(state letter, start time) from /proc/PID/stat (or one thread's), None if the process is gone.
    The command name can hold anything, ")" included, so fields are counted after its last ")"."""
    path = f"/proc/{pid}/stat" if tid is None else f"/proc/{pid}/task/{tid}/stat"
    fields = read(path).rsplit(b")", 1)[-1].split()
    return (fields[0], fields[19]) if len(fields) > 19 else None


def _stat_fields(pid: int, tid: int | None = None) -> list[bytes]:
    path = f"/proc/{pid}/stat" if tid is None else f"/proc/{pid}/task/{tid}/stat"
    return read(path).rsplit(b")", 1)[-1].split()


def controlling_tty(pid: int) -> int | None:
    """The device number of the process's controlling terminal (0: it has none), None if it is gone."""
    fields = _stat_fields(pid)
    return int(fields[4]) if len(fields) > 4 else None


def tree_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) used so far by the process and every descendant alive now."""
    ticks = 0
    for current, _ in _walk(pid):
        fields = _stat_fields(current)
        if len(fields) > 12:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def tree_asleep(pid: int) -> bool:
    """Every thread of the process and its descendants sleeps (state S): none runs, waits for the disk
    or exits. False when nothing can be read (no /proc), so callers never conclude from ignorance."""
    states = [(_stat_fields(current, tid) or [b"?"])[0] for current, tid in tree_threads(pid)]
    return bool(states) and all(state == b"S" for state in states)


def follow(pids_: list[int]) -> dict[int, bytes]:
    """pid -> start time, for those of `pids_` that exist: (pid, start time) names a process for good,
    where a pid alone may be reused once it is reaped."""
    return {pid: found[1] for pid in pids_ if (found := state(pid)) is not None}


def alive(pid: int, since: bytes | None = None) -> bool:
    """The process exists and is not a zombie (and, given `since`, is the one that started then)."""
    found = state(pid)
    return found is not None and (since is None or found[1] == since) and found[0] not in (b"Z", b"X")


def boot_offset_ticks() -> int:
    """How far this process's time namespace moves the boot-time clock (`unshare --time --boottime`), in clock
    ticks: /proc/PID/stat shows every process's start time moved by it. 0 without time namespaces."""
    for line in read("/proc/self/timens_offsets").decode().splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[0] == "boottime":
            return (int(fields[1]) * 10**9 + int(fields[2])) * os.sysconf("SC_CLK_TCK") // 10**9
    return 0


def cmdline(pid: int) -> list[bytes]:
    """The arguments (empty once the process is exiting or gone)."""
    return read(f"/proc/{pid}/cmdline").split(b"\0")[:-1]


def environ(pid: int) -> list[bytes]:
    """NAME=VALUE entries of the environment the process started with (readable by its owner or root)."""
    return read(f"/proc/{pid}/environ").split(b"\0")


def status_field(pid: int, name: str, tid: int | None = None) -> str | None:
    """One field of /proc/PID/status ("VmRSS", "Uid"...), or of one thread's; None if absent."""
    path = f"/proc/{pid}/status" if tid is None else f"/proc/{pid}/task/{tid}/status"
    return _field(read(path), name)


def _field(status: bytes, name: str) -> str | None:
    """Looked up rather than parsed line by line: this runs in the grader's busiest loop."""
    key = f"\n{name}:".encode()
    start = status.find(key)
    if start < 0:
        return None
    start += len(key)
    end = status.find(b"\n", start)
    return status[start:end if end >= 0 else len(status)].decode("ascii", "replace").strip()


def activity(pid: int, tid: int) -> tuple[str, int] | None:
    """(state letter, times switched out) of one thread, from one read of its status; None once it is gone."""
    status = read(f"/proc/{pid}/task/{tid}/status")
    state = _field(status, "State")
    if not state:
        return None
    return state[0], _switches(status)


def _switches(status: bytes) -> int:
    return sum(int(_field(status, key) or 0) for key in ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"))


def switch_count(pid: int, tid: int) -> int:
    """How often the thread has been switched out: it grows whenever the thread blocks again."""
    return _switches(read(f"/proc/{pid}/task/{tid}/status"))


def syscall(pid: int, tid: int) -> tuple[int, list[int]] | None:
    """(number, its first six arguments) of the system call the thread is blocked in; None when it is
    running or the file cannot be read (some hardened kernels)."""
    fields = read(f"/proc/{pid}/task/{tid}/syscall").split()
    if not fields or not fields[0].isdigit():
        return None
    return int(fields[0]), [int(argument, 16) for argument in fields[1:7]]


def syscall_readable(pid: int) -> bool:
    """Whether this kernel lets us read what a process is blocked in."""
    try:
        with open(f"/proc/{pid}/syscall", "rb") as file:
            file.read()
        return True
    except OSError:
        return False


def fd_rdev(pid: int, fd: int) -> int | None:
    """The device number behind one of the process's descriptors (None if it has no such descriptor)."""
    try:
        return os.stat(f"/proc/{pid}/fd/{fd}").st_rdev
    except OSError:
        return None


def open_files(pid: int) -> list[os.stat_result]:
    """What each descriptor of the process refers to, and each removed file it maps (a removed file's link
    in /proc still leads to it; a mapping holds its blocks with no descriptor left); empty where they cannot
    be read (not our process, or one made undumpable; a mapping's link needs root)."""
    links = [f"/proc/{pid}/fd/{fd}" for fd in listdir(f"/proc/{pid}/fd")]
    try:
        with open(f"/proc/{pid}/maps", "rb") as maps:
            mapped = {tuple(line.split()[3:5]): line.split()[0] for line in maps if line.endswith(b" (deleted)\n")}
    except OSError:
        mapped = {}
    links += [f"/proc/{pid}/map_files/" + "-".join(f"{int(end, 16):x}" for end in span.split(b"-"))
              for span in mapped.values()]
    found = []
    for link in links:
        try:
            found.append(os.stat(link))
        except OSError:
            pass  # closed or unmapped meanwhile
    return found


def poll_fds(pid: int, address: int, count: int) -> list[int]:
    """The descriptors a poll() watches, read from the process's memory (struct pollfd is 8 bytes)."""
    try:
        with open(f"/proc/{pid}/mem", "rb") as mem:
            mem.seek(address)
            raw = mem.read(8 * min(count, 64))
    except (OSError, ValueError, OverflowError):
        return []
    return [struct.unpack_from("i", raw, offset)[0] for offset in range(0, len(raw) - 7, 8)]
