"""Where a run's folders go: the run's own (its copy of the submission, its config and state), a `grade`
worker's that holds them, and the isolation probe's; the longest path a submission's copy may take there;
and the removal of those a grader killed before it could remove them (SIGKILL, the out-of-memory killer,
a CI job's timeout): each folder's name says which process made it, and the first run of every grader
removes the folders of makers that are gone (`remove_abandoned`), as `cgroup.py` does with run groups."""

from __future__ import annotations

import os
import re
import secrets
import stat
import tempfile
import threading
from pathlib import Path

from grader.sandbox import proc
from grader.sandbox.environment import INSIDE_HOME
from grader.sandbox.leftovers import remove_tree

RUN_FOLDER, WORKER_FOLDER, PROBE_FOLDER = "grader-run-", "grader-worker-", "grader-probe-"  # mkdtemp prefixes
KINDS = (RUN_FOLDER, WORKER_FOLDER, PROBE_FOLDER)
# The maker in a folder's name: its pid namespace (an inode number), pid and start time (clock ticks since boot),
# the widest each can be, with their separators: what copy_prefix counts.
OWNER_WIDTH = len("4294967295.4194304.18446744073709551615-")
MAKER = re.compile(r"([0-9]+)\.([0-9]+)\.([0-9]+)-")  # ASCII digits only: "²" is a digit to str.isdigit, not to int
PATH_MAX = 4096  # the bytes a path may have on Linux, its final NUL included
MEMORY = "/dev/shm"  # a memory file system on Linux: a run's few folders and files cost no disk journal there
MEMORY_ROOM = 256 << 20  # free space it needs to be used: a worker's runs hold copies of one submission at a time
SYSTEM_TEMPORARY = ("/tmp", "/var/tmp", "/usr/tmp")  # what tempfile picks when nobody chose a folder
INITIAL_PID_NAMESPACE = 0xEFFFFFFC  # the kernel's first pid namespace (PROC_PID_INIT_INO): its /proc shows all
_memory_usable: bool | None = None


def scratch() -> str:
    """Where the folders of isolated runs (and of `grade` workers that make them) go: the temporary folder,
    unless nobody chose it (no TMPDIR, the system's /tmp) and /dev/shm is a memory file system with room,
    where each run's folders and files are made and removed without the disk (on this machine's ext4 each
    such step took 1 to 6 ms of a run's wall time). An isolated run's folder holds root's files (0700) and
    the copy its launcher copies from; the program writes only on its own size-limited tmpfs. A fallback
    run writes into its folder, so that stays in the temporary folder: memory is no place for a run to fill."""
    global _memory_usable
    here = tempfile.gettempdir()
    if any(os.environ.get(name) for name in ("TMPDIR", "TEMP", "TMP")) or here not in SYSTEM_TEMPORARY:
        return here
    if _memory_usable is None:
        try:
            room, memory = os.statvfs(MEMORY), os.stat(MEMORY)
            _memory_usable = (room.f_bavail * room.f_frsize >= MEMORY_ROOM and bool(memory.st_mode & stat.S_ISVTX)
                              and os.access(MEMORY, os.W_OK | os.X_OK) and _is_memory(MEMORY))
        except OSError:
            _memory_usable = False
    return MEMORY if _memory_usable else here


def _is_memory(folder: str) -> bool:
    """`folder` is the mount point of a tmpfs (from /proc/self/mountinfo: field 5 the mount point, the type after " - ")."""
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return False
    return any(line.split()[4] == folder and line.split(" - ", 1)[1].split()[0] == "tmpfs"
               for line in lines if " - " in line)


def copy_prefix() -> str:
    """The longest folder a run's copy of a submission lies in here: a `grade` worker's scratch folder (see
    `scratch`), the run's folder in it, and the isolated root's /sandbox/work (mkdtemp adds 8 characters)."""
    parent = max((tempfile.gettempdir(), scratch()), key=len)
    folder = os.path.join(parent, WORKER_FOLDER + "x" * (OWNER_WIDTH + 8), RUN_FOLDER + "x" * (OWNER_WIDTH + 8))
    return os.path.join(folder, "root") + INSIDE_HOME


_swept_by: int | None = None  # the process that removed the abandoned folders (a fork is another process)
_sweep_lock = threading.Lock()


def make_folder(kind: str, parent: str | None = None) -> Path:
    """A new folder of `kind` (one of KINDS: mkdtemp's, 0700) in `parent` (None: the temporary folder), named
    for this process. A process's first one first removes the folders of makers that are gone."""
    global _swept_by
    with _sweep_lock:
        if _swept_by != os.getpid():
            _swept_by = os.getpid()
            remove_abandoned()
    return Path(tempfile.mkdtemp(prefix=owned(kind), dir=parent))


_maker: tuple[int, str] = (0, "")  # this process's pid and what names it in a folder's name (read once per process)


def owned(kind: str) -> str:
    """The mkdtemp prefix of a folder of `kind` (one of KINDS) made by this process: it names the maker."""
    global _maker
    pid = os.getpid()
    if _maker[0] != pid:  # a fork is another maker
        started = _started(pid, proc.boot_offset_ticks()) or b"0"
        _maker = (pid, f"{_pid_namespace() or 0}.{pid}.{started.decode()}-")
    return kind + _maker[1]


def _started(pid: int, offset: int) -> bytes | None:
    """The start time of process `pid` (clock ticks since boot) as a reader outside any time namespace sees it,
    None if it is gone or a zombie: /proc shows start times moved by the reader's own time namespace (`offset`,
    `proc.boot_offset_ticks`), and a grader in one (`unshare --time`) took every running maker outside it for
    one that is gone."""
    found = proc.state(pid)
    if found is None or found[0] in (b"Z", b"X"):
        return None
    return str(int(found[1]) - offset).encode()


def owner(name: str) -> tuple[int, int, bytes] | None:
    """(pid namespace, pid, start time) of the process that made the folder `name`, or None where the name
    is not one `owned` gives (another program's, or an older grader's, which named no maker)."""
    kind = next((kind for kind in KINDS if name.startswith(kind)), None)
    if kind is None:
        return None
    found = MAKER.match(name, len(kind))
    if found is None:
        return None
    return int(found[1]), int(found[2]), found[3].encode()


def remove_abandoned() -> None:
    """Remove the folders (of KINDS, in the folders runs use) whose maker is gone, where this process may: by
    this user (nothing a program of another uid named so is touched), a folder and not a link to one. A maker
    still running keeps its folders. Another pid namespace's pids are not ours to read: its folders go once
    no process is left in it, which only the first namespace sees (a namespace's processes see no sibling's)."""
    ours = _pid_namespace()
    if ours is None:
        return  # no /proc to tell a maker that is gone from one that runs
    # Where runs go now, and where any grader's may have gone: memory, and what tempfile picks when nobody
    # chose (a grader run with TMPDIR set removes what one run without it left there, and the other way round).
    found = [(parent, name, maker) for parent in dict.fromkeys((scratch(), tempfile.gettempdir(), MEMORY,
                                                                *SYSTEM_TEMPORARY))
             for name in proc.listdir(parent) if (maker := owner(name)) is not None]
    living = _living_namespaces() if ours == INITIAL_PID_NAMESPACE and any(
        maker[0] != ours for _, _, maker in found) else None
    offset = proc.boot_offset_ticks()
    for parent, name, maker in found:
        if _may_run(maker, ours, living, offset):
            continue
        path = os.path.join(parent, name)
        try:
            status = os.lstat(path)
            if stat.S_ISDIR(status.st_mode) and status.st_uid == os.geteuid():
                # Named for us first: graders started together each removed what the others moved and all gave
                # up; now one takes it (the others find it gone), and if it is killed meanwhile, the next does.
                claimed = os.path.join(parent, owned(RUN_FOLDER) + secrets.token_hex(4))
                os.rename(path, claimed)
                remove_tree(claimed)
        except OSError:
            pass  # removed meanwhile (by another grader), or not ours to remove


def _may_run(maker: tuple[int, int, bytes], ours: int, living: set[int] | None, offset: int) -> bool:
    """Whether the folder's maker may still be running: in our pid namespace, the process of that pid and start
    time runs (`offset`: our time namespace's, as `_started`); in another, some process is in it (`living`: None
    where that is unknown); a maker that could not tell its namespace (0) nobody can judge."""
    namespace, pid, since = maker
    if namespace == ours:
        return _started(pid, offset) == since
    return not namespace or living is None or namespace in living


def _living_namespaces() -> set[int] | None:
    """The pid namespaces some process is in, seen from the first (None: one process's could not be read).
    Looked at once the names were: a namespace with no process then can have none again, nor make folders.
    Pid 1 is in the first for good (and may be closed even to root: a container's supervisor)."""
    return proc.pid_namespaces([pid for pid in proc.pids() if pid != 1])


def _pid_namespace() -> int | None:
    """This process's pid namespace, None without a /proc that shows its pids (none, or another namespace's:
    `unshare --pid` without --mount-proc, where /proc/PID is some other process and a maker running could
    look gone)."""
    try:
        if os.readlink("/proc/self") != str(os.getpid()):
            return None
        return os.stat("/proc/self/ns/pid").st_ino
    except OSError:
        return None
