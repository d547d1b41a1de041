"""The file system of one isolated run (Linux, run as root by its namespace's init, `init.py`): a mount
namespace whose root is a fresh size-limited tmpfs holding the read-only system trees (each covered by an
overlay of the run's own), a few files of /etc, the interpreter's prefix, the harmless devices and the
run's own pty, a private /tmp and /dev/shm, the working copy at its home, and /proc of the run's pid
namespace. Everything else of the host is gone from the namespace. Standard library only."""

import os

from clib import CLONE_NEWNS, Failure, c_ulong, check, libc  # beside this file

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_BIND = 4096
MS_MOVE = 8192
MS_REC = 16384
MS_PRIVATE = 1 << 18
MNT_DETACH = 2

SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41, "ppc64le": 203, "s390x": 217}


def mount(source, target, fstype, flags, data=None) -> None:
    check(
        libc.mount(
            source.encode() if source else None,
            target.encode(),
            fstype.encode() if fstype else None,
            c_ulong(flags),
            data.encode() if data else None,
        ),
        f"mount {source} on {target}",
    )


def bind(source: str, target: str) -> None:
    mount(source, target, None, MS_BIND | MS_REC)
    mount(None, target, None, MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | MS_RDONLY)


def _layer(path: str) -> str:
    """`path` as one layer of overlayfs's lowerdir= option (its separators taken literally)."""
    return "".join("\\" + ch if ch in "\\:," else ch for ch in path)


def share(source: str, target: str, empty: str) -> None:
    """`source` read-only at `target`, a folder every run shares (/usr, the interpreter's prefix): bound
    read-only (no access time ever changes), then covered by an overlay of its own, whose files are this
    run's inodes, so that no lock taken on one (flock, fcntl) and no watch set on one is another run's or
    the host's. overlayfs wants a second layer without an upper one: `empty`, an empty folder."""
    bind(source, target)
    if os.path.isdir(target):
        mount("shared", target, "overlay", MS_RDONLY | MS_NOSUID | MS_NODEV,
              f"lowerdir={_layer(target)}:{_layer(empty)}")


def make_target(path: str, like: str) -> None:
    """Create an empty file or directory at `path`, to mount `like` on."""
    if os.path.isdir(like):
        os.makedirs(path, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if not os.path.exists(path):
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o644))


def inside(root: str, path: str) -> str:
    return root + path


def copy_file(source: str, target: str, mode: int = 0o644, flags: int = os.O_TRUNC) -> None:
    """Copy a file with bare descriptors: a Python file object's first open costs each run pages of the fork
    server copied on write (io's objects), and this runs in every run's init."""
    fd_in = os.open(source, os.O_RDONLY)
    try:
        fd_out = os.open(target, os.O_WRONLY | os.O_CREAT | flags, mode)
        try:
            while chunk := os.read(fd_in, 1 << 20):
                os.write(fd_out, chunk)
        finally:
            os.close(fd_out)
    finally:
        os.close(fd_in)


def write_file(path: str, data: bytes) -> None:
    """Write `data` as the whole file at `path`, with a bare descriptor (see `copy_file`)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def copy_tree(source: str, target: str, uid: int, gid: int) -> None:
    """Copy the submission into the sandbox, owned by the student user. Symlinks stay symlinks."""
    os.mkdir(target, 0o755)
    os.chown(target, uid, gid)
    for entry in os.scandir(source):
        dest = os.path.join(target, entry.name)
        if entry.is_symlink():
            os.symlink(os.readlink(entry.path), dest)
            os.lchown(dest, uid, gid)
        elif entry.is_dir():
            copy_tree(entry.path, dest, uid, gid)
        elif entry.is_file():
            copy_file(entry.path, dest, entry.stat().st_mode & 0o755 | 0o600, os.O_EXCL)
            os.chown(dest, uid, gid)


def build_root(cfg: dict) -> None:
    """Mount namespace whose root is a fresh tmpfs holding only what a Python program needs."""
    uid, gid = cfg["uid"], cfg["gid"]
    new = cfg["newroot"]
    os.umask(0o022)  # the modes named here whatever the grader's umask (077 made /sandbox the student's dead end)
    check(libc.unshare(CLONE_NEWNS), "unshare(mount namespace)")
    mount(None, "/", None, MS_REC | MS_PRIVATE)  # nothing we mount propagates back to the host
    mount("sandbox", new, "tmpfs", MS_NOSUID, f"size={cfg['disk_mb']}m,nr_inodes={cfg['disk_files']},mode=755")

    # Read-only system trees, the same paths as on the host; symlinks (merged /usr) stay symlinks.
    empty = inside(new, "/.empty")  # the second layer of every shared tree's overlay, removed once they are made
    os.mkdir(empty, 0o555)
    for path in cfg["system"]:
        if os.path.islink(path):
            os.symlink(os.readlink(path), inside(new, path))
        elif os.path.isdir(path):
            make_target(inside(new, path), path)
            share(path, inside(new, path), empty)
    for path in cfg["etc"]:
        if not os.path.lexists(path):
            continue
        os.makedirs(inside(new, os.path.dirname(path)), exist_ok=True)
        if os.path.islink(path):
            os.symlink(os.readlink(path), inside(new, path))
        elif os.path.isdir(path):
            make_target(inside(new, path), path)
            share(path, inside(new, path), empty)
        elif os.path.isfile(path):
            copy_file(path, inside(new, path))
    etc = inside(new, "/etc")
    os.makedirs(etc, exist_ok=True)
    write_file(etc + "/passwd", f"root:x:0:0:root:/root:/bin/sh\nstudent:x:{uid}:{gid}:student:{cfg['home']}:/bin/sh\n"
               .encode())
    write_file(etc + "/group", f"root:x:0:\nstudent:x:{gid}:\n".encode())
    write_file(etc + "/hostname", b"sandbox\n")

    # The interpreter's prefix when it lives outside the system trees (pyenv under /root, /opt/...).
    for path in cfg["expose"]:
        target = inside(new, path)
        make_target(target, path)
        share(path, target, empty)
        parent = os.path.dirname(path)  # make the directories leading there traversable
        while parent not in ("/", ""):
            os.chmod(inside(new, parent), 0o755)
            parent = os.path.dirname(parent)
    os.rmdir(empty)

    # Whatever must not be seen even where it lies inside a shared or exposed tree, hidden once all of them
    # are in place (a course under the interpreter's prefix did not exist yet before its expose): a folder
    # under an empty read-only tmpfs, a file (a reference of one file) under the host's /dev/null, which
    # nodev makes unopenable.
    for path in cfg["hide"]:
        target = inside(new, path)
        if os.path.islink(target):
            continue
        if os.path.isdir(target):
            mount("hidden", target, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,mode=755")
        elif os.path.exists(target):
            bind("/dev/null", target)

    # Devices: the few harmless ones, a private /dev/shm, and the run's own pty (for ttyname()).
    dev = inside(new, "/dev")
    os.makedirs(dev + "/pts")
    os.makedirs(dev + "/shm")
    os.chmod(dev + "/shm", 0o1777)
    for name in ("null", "zero", "full", "random", "urandom", "tty"):
        st = os.stat("/dev/" + name)
        os.mknod(dev + "/" + name, 0o666 | (st.st_mode & 0o170000), st.st_rdev)
        os.chmod(dev + "/" + name, 0o666)
    try:
        tty = os.ttyname(0)
    except OSError:
        tty = None
    if tty and tty.startswith("/dev/pts/"):  # a bind, not mknod: ttyname() compares device and inode
        make_target(dev + tty[4:], tty)
        mount(tty, dev + tty[4:], None, MS_BIND)
        os.chown(tty, uid, gid)  # the run's own terminal belongs to its user, as after a login
    for name, target in (("stdin", "0"), ("stdout", "1"), ("stderr", "2")):
        os.symlink("/proc/self/fd/" + target, dev + "/" + name)
    os.symlink("/proc/self/fd", dev + "/fd")

    # Private scratch space: /tmp and the working copy, both on the size-limited root tmpfs.
    os.mkdir(inside(new, "/tmp"), 0o1777)
    os.chmod(inside(new, "/tmp"), 0o1777)
    os.makedirs(os.path.dirname(inside(new, cfg["home"])), exist_ok=True)
    copy_tree(cfg["workdir"], inside(new, cfg["home"]), uid, gid)

    # /proc of the new pid namespace; other users' processes (pid 1: this init) are invisible.
    os.mkdir(inside(new, "/proc"))
    try:
        mount("proc", inside(new, "/proc"), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=invisible")
    except Failure:
        mount("proc", inside(new, "/proc"), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2")

    # Make the tmpfs the root and drop the host's file system from this namespace altogether.
    os.chdir(new)
    number = SYS_PIVOT_ROOT.get(os.uname().machine)
    if number is not None and libc.syscall(number, b".", b".") == 0:
        check(libc.umount2(b".", MNT_DETACH), "umount old root")
    else:  # switch_root style: move the new root over / (the old root becomes unreachable)
        mount(".", "/", None, MS_MOVE)
        os.chroot(".")
    os.chdir("/")
    name = b"sandbox"
    libc.sethostname(name, len(name))
