"""What a run of the fallback (as root, no namespaces) can leave behind without a process: System V IPC
objects and files in the folders every user may write to. Isolated runs leave neither: their IPC namespace
and private /tmp die with them."""

from __future__ import annotations

import ctypes
import os
import stat
from typing import Iterator

from grader.sandbox import proc

SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", "/run/lock")  # writable by every user
# Per-run uids, so runs cannot signal each other or share NPROC: from a range systemd documents as unused
# (0x70000000-0x7FFDFFFF, docs/UIDS-GIDS.md), below its containers' (0x00080000-0x6FFFFFFF: a run's uid would
# be a user of some container's there) and its foreign range, and below 2^31 (many tools read uids as signed).
UID_BASE, UID_SPAN = 0x7000_0000, 1 << 24
RUN_UIDS = range(UID_BASE, UID_BASE + UID_SPAN)


def remove_ipc_objects(uid: int) -> None:
    """Remove the shared-memory segments, message queues and semaphore sets owned or made by `uid`: they
    outlive every process, and detached segments would keep holding memory."""
    libc = ctypes.CDLL(None, use_errno=True)
    removals = {"shm": lambda id_: libc.shmctl(id_, 0, None), "msg": lambda id_: libc.msgctl(id_, 0, None),
                "sem": lambda id_: libc.semctl(id_, 0, 0)}  # 0: IPC_RMID
    for kind, remove in removals.items():
        header, *rows = proc.read(f"/proc/sysvipc/{kind}").decode().splitlines() or [""]
        columns = header.split()
        if not {"uid", "cuid"} <= set(columns):
            continue
        for row in map(str.split, rows):
            if str(uid) in (row[columns.index("uid")], row[columns.index("cuid")]):
                remove(int(row[1]))


def remove_shared_files(uid: int) -> None:
    """Remove what `uid` (unique to the run) made in the folders every user may write to: left there,
    files would keep holding memory (/dev/shm is RAM) and carry messages to later runs."""
    for path, status in owned_shared(uid):
        try:
            remove_tree(path) if stat.S_ISDIR(status.st_mode) else os.unlink(path)
        except OSError:
            pass  # gone meanwhile


def remove_tree(path: str) -> None:
    """Remove a folder a run wrote in, and everything in it, however deep: every folder met is moved up to
    the top one before it is emptied, so neither recursion nor long paths nor many open descriptors are
    needed (shutil.rmtree recursed past Python's limit on a run's 3,000 nested folders, and gave up on a
    folder the run had made unreadable). Call it once no process of the run is left; where one may be
    (a daemon that outlived a killed grader), nothing outside the folder is touched: no link is followed."""
    _let_in(path)
    top = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        taken, count = set(os.listdir(top)), 0
        pending: list[str | None] = [None]  # None: the top folder itself
        while pending:
            name = pending.pop()
            folder = top if name is None else os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=top)
            try:
                for entry in list(os.scandir(folder)):
                    if not entry.is_dir(follow_symlinks=False):
                        os.unlink(entry.name, dir_fd=folder)
                        continue
                    _let_in(entry.name, folder)  # to list it and move it (its `..`): the run may close it
                    if name is None:
                        pending.append(entry.name)
                    else:
                        while f"up-{count}" in taken:
                            count += 1
                        moved = f"up-{count}"
                        taken.add(moved)
                        os.rename(entry.name, moved, src_dir_fd=folder, dst_dir_fd=top)
                        pending.append(moved)
            finally:
                if folder != top:
                    os.close(folder)
            if name is not None:
                os.rmdir(name, dir_fd=top)
    finally:
        os.close(top)
    os.rmdir(path)


def _let_in(name: str, dir_fd: int | None = None) -> None:
    """Make the folder `name` (in `dir_fd`) its owner's to list and change (0700), never the file a link put in
    its place points to: a process still running may swap one in between the look and the change."""
    if hasattr(os, "O_PATH"):  # Linux: a handle on the folder itself (a link is not one), its mode set through it
        handle = os.open(name, os.O_PATH | os.O_NOFOLLOW | os.O_DIRECTORY, dir_fd=dir_fd)
        try:
            os.chmod(f"/proc/self/fd/{handle}", 0o700)
        finally:
            os.close(handle)
    else:
        os.chmod(name, 0o700, dir_fd=dir_fd, follow_symlinks=False)


def owned_shared(uid: int, others: dict[str, int] | None = None) -> Iterator[tuple[str, os.stat_result]]:
    """(path, lstat) of each file and folder `uid` made in the folders every user may write to. Below the
    top, the folders every user may write to that no run made (/tmp/.X11-unix...) are searched too: the
    run could write there. A folder another run made is never entered: it is that run's to measure and to
    remove, whoever wrote in it, and a run nested 1,500 of them to sink every other run's walk. `others`,
    kept from one call to the next, spares a look at what another user owned last time (by path and inode:
    the run cannot remove another user's entry from a sticky folder to put its own in its place)."""
    others = {} if others is None else others
    for folder in SHARED_FOLDERS:
        yield from _owned_in(folder, uid, others)


def _owned_in(top: str, uid: int, others: dict[str, int]) -> Iterator[tuple[str, os.stat_result]]:
    """`owned_shared` below one shared folder, folder after folder (no recursion, no link followed)."""
    pending = [top]
    while pending:
        try:
            entries = list(os.scandir(pending.pop()))
        except OSError:
            continue
        for entry in entries:
            if others.get(entry.path) == entry.inode():
                continue
            try:
                status = entry.stat(follow_symlinks=False)
            except OSError:
                continue  # gone meanwhile
            if status.st_uid == uid:
                yield entry.path, status
            elif stat.S_ISDIR(status.st_mode) and status.st_mode & stat.S_IWOTH and status.st_uid not in RUN_UIDS:
                pending.append(entry.path)
            else:
                others[entry.path] = entry.inode()
