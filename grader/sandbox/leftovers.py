"""What a run of the fallback (as root, no namespaces) can leave behind without a process: System V IPC
objects and files in the folders every user may write to. Isolated runs leave neither: their IPC namespace
and private /tmp die with them."""

from __future__ import annotations

import ctypes
import os
import shutil
import stat

from grader.sandbox import proc

SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", "/run/lock")  # writable by every user


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
    files would keep holding memory (/dev/shm is RAM) and carry messages to later runs. Below the top,
    the folders others made that every user may write to (/tmp/.X11-unix...) are searched too: the run
    could write there; into anything else of another user's it could not."""
    for folder in SHARED_FOLDERS:
        _remove_from(folder, uid)


def _remove_from(folder: str, uid: int) -> None:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            status = entry.stat(follow_symlinks=False)
            if status.st_uid != uid:
                if stat.S_ISDIR(status.st_mode) and status.st_mode & stat.S_IWOTH:
                    _remove_from(entry.path, uid)
            elif stat.S_ISDIR(status.st_mode):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
        except OSError:
            pass  # gone meanwhile
