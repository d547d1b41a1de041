"""Launcher and PID-1 of one isolated run (Linux, started as root). Not imported by the grader. The fork
launch: the fork server (`forkserver.py`, beside this file) forks the launcher and calls `launch`. The
plain launch: `grader.sandbox.box.Sandbox.command()` runs it as `python -I -S -B -c "...import init;
init.main()" CONFIG PROGRAM...` (the program's command line; imported rather than run as a script so that
its cached bytecode is used: compiling this file took about as long as starting the interpreter).

Process tree (host pids; the grader sees all of them through its own /proc):

    launcher  (session leader of the pty, root, host namespaces except net/ipc/uts; the fork server's
               child, or the grader's pexpect child)
      `-- init    (pid 1 of a new pid namespace, root, own mount namespace with a tmpfs root, own session)
            `-- student python  (pid 2, unprivileged per-run uid, rlimits, no_new_privs, seccomp filter)

* The student's program runs as from a shell: leader of its own session and process group, which is the
  foreground group of the pty (it takes the terminal from the launcher's session). The launcher and init
  are in other groups: ^C, ^Z and a signal to the parent's group (init, which ignores it) never reach them.

* init exits as soon as the student's program ends; the kernel then kills every other process of the
  namespace (daemons included). init dies with the launcher (PR_SET_PDEATHSIG) and SIGKILL to init
  from outside kills the whole namespace (that is what Sandbox.kill_all does).
* The launcher always reaps init, then ends the way the student's program ended: same exit code, or
  killed by the same signal; if init was killed, killed by the same signal as init (SIGKILL).

Only the standard library, and as little of it as possible: this runs before every student program.
"""

import _ctypes  # not `ctypes`: its package costs ~5 ms a run; the three pieces used are below
import marshal
import os
import _signal as signal  # not `signal`: it imports enum, and this runs before every program
import sys

import syscalls  # beside this file

CLONE_NEWNS = 0x00020000
CLONE_NEWCGROUP = 0x02000000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000

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

TIOCSCTTY = 0x540E  # the generic value (x86_64, aarch64, riscv64, s390x)

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_NO_NEW_PRIVS = 38

SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41, "ppc64le": 203, "s390x": 217}



class c_int(_ctypes._SimpleCData):  # as ctypes.c_int
    _type_ = "i"


class c_ulong(_ctypes._SimpleCData):  # as ctypes.c_ulong
    _type_ = "L"


class _Function(_ctypes.CFuncPtr):  # what ctypes.CDLL(..., use_errno=True) makes of each function
    _flags_ = _ctypes.FUNCFLAG_CDECL | _ctypes.FUNCFLAG_USE_ERRNO
    _restype_ = c_int


class _Library:
    """`ctypes.CDLL(None, use_errno=True)`: libc.name(...) calls the C function, returns a C int."""

    def __init__(self) -> None:
        self._handle = _ctypes.dlopen(None, _ctypes.RTLD_LOCAL)

    def __getattr__(self, name: str) -> _Function:
        if name.startswith("__"):
            raise AttributeError(name)
        function = _Function((name, self))
        setattr(self, name, function)
        return function


libc = _Library()
get_errno = _ctypes.get_errno


class Failure(Exception):
    pass


def check(result: int, what: str) -> int:
    if result == -1:
        errno = get_errno()
        raise Failure(f"{what}: {os.strerror(errno)}")
    return result


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
            mode = entry.stat().st_mode & 0o755 | 0o600
            fd_in = os.open(entry.path, os.O_RDONLY)
            fd_out = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
            try:
                while True:
                    chunk = os.read(fd_in, 1 << 20)
                    if not chunk:
                        break
                    os.write(fd_out, chunk)
            finally:
                os.close(fd_in)
                os.close(fd_out)
            os.chown(dest, uid, gid)


def build_root(cfg: dict) -> None:
    """Mount namespace whose root is a fresh tmpfs holding only what a Python program needs."""
    uid, gid = cfg["uid"], cfg["gid"]
    new = cfg["newroot"]
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
            with open(path, "rb") as src, open(inside(new, path), "wb") as dst:
                dst.write(src.read())
    etc = inside(new, "/etc")
    os.makedirs(etc, exist_ok=True)
    with open(etc + "/passwd", "w") as f:
        f.write(f"root:x:0:0:root:/root:/bin/sh\nstudent:x:{uid}:{gid}:student:{cfg['home']}:/bin/sh\n")
    with open(etc + "/group", "w") as f:
        f.write(f"root:x:0:\nstudent:x:{gid}:\n")
    with open(etc + "/hostname", "w") as f:
        f.write("sandbox\n")

    # Whatever must not be seen even where it lies inside an exposed tree: an empty read-only tmpfs.
    for path in cfg["hide"]:
        target = inside(new, path)
        if os.path.isdir(target):
            mount("hidden", target, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,mode=755")

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


def limit_shared_memory(total: int) -> None:
    """System V shared memory of this IPC namespace: at most `total` bytes in all (a second line behind
    the run's cgroup, and the only one where there is none), and few segments."""
    for name, value in (("shmmax", total), ("shmall", total // os.sysconf("SC_PAGE_SIZE")), ("shmmni", 64)):
        with open(f"/proc/sys/kernel/{name}", "w") as f:
            f.write(str(value))


def start_student(cfg: dict, program: list[str], fork: bool) -> int:
    """Fork the student's program: pid 2 of the namespace, never pid 1 (pid 1 ignores default signals)."""
    pid = os.fork()
    if pid:
        return pid
    try:
        for sig in range(1, signal.NSIG):
            if sig not in (signal.SIGKILL, signal.SIGSTOP):
                try:
                    signal.signal(sig, signal.SIG_DFL)
                except (OSError, ValueError):
                    pass
        reset_reserved_signals()
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        kept = sorted(cfg.get("pass_fds", ()))  # a browser's DevTools pipe (fds 3 and 4): the run's only other channel
        for low, high in zip([3] + [fd + 1 for fd in kept], kept + [65536]):
            os.closerange(low, high)
        os.setsid()  # as from a shell: its own session and process group, the pty's foreground group
        if os.isatty(0):  # 1: take it from the launcher's session
            check(libc.ioctl(0, c_ulong(TIOCSCTTY), 1), "take the terminal")
        os.chdir(cfg["home"])
        os.umask(0o022)
        import resource  # noqa: PLC0415 - only the student's process needs it

        for name, soft, hard in cfg["rlimits"]:
            resource.setrlimit(getattr(resource, name), (soft, hard))
        os.setgroups([])
        os.setresgid(cfg["gid"], cfg["gid"], cfg["gid"])
        os.setresuid(cfg["uid"], cfg["uid"], cfg["uid"])
        here = fork and forkable(program)  # this process runs the program itself (`run_program`): no exec
        if here:  # dumpable again, as an exec leaves it (a changed uid left it not): its own processes see it in /proc
            check(libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "dumpable")
        try:
            filtered = syscalls.install(libc)  # no_new_privs, then the seccomp filter
        except OSError:
            filtered = False  # a kernel without seccomp: the probe reports the filter missing
        if not filtered:
            check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
        if here:
            return 0
        os.execvpe(program[0], program, os.environ)
    except BaseException as error:  # noqa: BLE001 - report anything, never return into init's code
        os.write(2, f"sandbox: cannot start the program: {error}\r\n".encode())
    os._exit(127)


def run_init(cfg: dict, program: list[str], status_w: int, fork: bool) -> None:
    """Body of pid 1: build the file system, start the program, reap everything, report its status.
    Returns only in the student's process of a fork launch."""
    os.setsid()  # a group of its own (pgid 1 inside), so signalling the parent's group never hits the program
    try:
        limit_shared_memory(cfg["shm_bytes"])
        build_root(cfg)
        student = start_student(cfg, program, fork)
        if student == 0:
            return  # the student's process of a fork launch
    except BaseException as error:  # noqa: BLE001 - whatever it is, the launcher reports it to the grader
        os.write(status_w, b"F" + f"cannot build the sandbox: {error}".encode()[:4000])
        os._exit(125)
    os.write(status_w, b"S")  # the student's program runs: what follows is its status
    while True:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            os._exit(125)
        if pid == student:
            break
    try:
        os.write(status_w, status.to_bytes(4, "little"))
    except OSError:
        pass  # the launcher is gone
    os._exit(0)  # the kernel now kills whatever else still runs in the namespace


def start_time(pid: int) -> str:
    """When the process started (field 22 of /proc/PID/stat): with its pid, what tells it from a later
    process given the same pid."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        return f.read().rsplit(b")", 1)[1].split()[19].decode()


def load_config(path: str) -> dict:
    with open(path, "rb") as f:
        return marshal.load(f)  # not json (it imports re): the grader's own interpreter wrote it


def main() -> list:
    """Plain launcher: never returns."""
    cfg = load_config(sys.argv[1])
    for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU):
        signal.signal(sig, signal.SIG_IGN)  # meant for the student's program, not for the launcher
    return launch(cfg, sys.argv[2:], fork=False)


def launch(cfg: dict, program: list, fork: bool) -> list:
    """Start init in new namespaces, wait for the program, then end the way it ended. `fork`: the
    student's process runs a `python3 SCRIPT` program itself (see `run_program`) instead of an exec, and
    only there does this return (the program's command line)."""
    flags = CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
    try:
        check(libc.unshare(flags | CLONE_NEWCGROUP), "unshare")
    except Failure:
        try:
            check(libc.unshare(flags), "unshare")
        except Failure as error:
            os.write(2, f"sandbox: {error}\r\n".encode())
            end(125 << 8)
    status_r, status_w = os.pipe()
    alive_r, alive_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(status_r)
        os.close(alive_w)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        os.set_blocking(alive_r, False)
        try:
            os.read(alive_r, 1)
        except BlockingIOError:
            pass  # the launcher still lives, so from now on its death kills us
        else:
            os._exit(125)  # the launcher died before PR_SET_PDEATHSIG was in place
        os.close(alive_r)
        run_init(cfg, program, status_w, fork)
        return program  # the student's process of a fork launch: `run_program` runs it
    os.close(status_w)
    os.close(alive_r)
    state = cfg["state"]
    with open(state + ".tmp", "w") as f:
        f.write(f"{pid} {start_time(pid)}\n")  # init's identity
    os.rename(state + ".tmp", state)
    _, init_status = os.waitpid(pid, 0)  # reaped here, never left as a zombie for someone else
    data = b""
    while piece := os.read(status_r, 4096):
        data += piece
    if data.startswith(b"F"):  # the sandbox, not the program, failed: tell the grader, not the student
        with open(state + ".failed", "wb") as f:
            f.write(data[1:])
        end(125 << 8)
    data = data[1:]
    # No status: init was killed (Sandbox.kill_all kills init, not us): end the same way it did.
    end(int.from_bytes(data, "little") if len(data) == 4 else init_status)


RT_SIGACTION = {"x86_64": 13, "aarch64": 134}
RESERVED_SIGNALS = (32, 33)  # the C library's own (thread cancellation, setxid): its sigaction refuses them


def reset_reserved_signals() -> None:
    """Give signals 32 and 33 their default action by the raw system call: an ignore of them inherited from
    whatever started the grader would otherwise reach the program, which a fresh python never has."""
    number = RT_SIGACTION.get(os.uname().machine)
    if number is not None:
        for sig in RESERVED_SIGNALS:
            libc.syscall(number, sig, bytes(32), None, 8)  # struct kernel_sigaction, all zero: SIG_DFL


def end(status: int) -> None:
    """End the way the program did (its wait status `status`): same exit code, or the same signal."""
    libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)  # relaying SIGSEGV & co. must not dump a core of ours
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig not in (signal.SIGKILL, signal.SIGSTOP):
            signal.signal(sig, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [sig])
        os.kill(os.getpid(), sig)
        os._exit(128 + sig)  # a signal that does not kill by default (it cannot kill a program either)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 125)


# ---- fork launch: a forked interpreter, started ahead of need (forkserver.py), runs the program -------


def forkable(program: list) -> bool:
    """`python3 SCRIPT ARGS...` with this very interpreter: what a fork launch can run without an exec."""
    return (len(program) > 1 and not program[1].startswith("-")
            and os.path.realpath(program[0]) == os.path.realpath(sys.executable))


def run_program(program: list, baseline: set) -> None:
    """Run SCRIPT as `__main__` in this process, which must look like a fresh `python3 SCRIPT ARGS...`:
    only the modules of the interpreter's start-up (`baseline`, taken before anything of ours was
    imported), the program's sys.argv, sys.orig_argv and sys.path[0], standard streams made as at start-up
    on the run's terminal, Python's own signal dispositions (SIGINT raises KeyboardInterrupt, SIGPIPE and
    SIGXFSZ ignored), the standard streams flushed when the code ends (`flush_io`), an uncaught exception
    printed and exit status 1 (KeyboardInterrupt: killed by SIGINT once finalized), without a frame of
    ours in the traceback. A script compile() would read otherwise than the interpreter reads a script
    file is exec'd as in a plain launch (see `read_alike`)."""
    script = os.path.abspath(program[1])
    try:
        with open(script, "rb") as f:
            source = f.read()
    except OSError:
        source = None  # the interpreter says why, in its own words
    if source is None or not read_alike(source):
        os.execv(program[0], program)
    sys.path[0] = os.path.dirname(script)  # init's folder until now: the server's boot code put it in place of ''
    sys.argv, sys.orig_argv = program[1:], list(program)
    fresh_stdio()
    for name in [name for name in sys.modules if name not in baseline]:
        del sys.modules[name]
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    main = type(sys)("__main__")
    main.__loader__ = sys.modules["_frozen_importlib_external"].SourceFileLoader("__main__", script)
    main.__annotations__, main.__builtins__ = {}, sys.modules["builtins"]  # in the order of a fresh __main__
    main.__file__, main.__cached__ = script, None
    sys.modules["__main__"] = main
    try:
        code = compile(source, script, "exec", dont_inherit=True)
    except SyntaxError as error:  # reported as the interpreter reports a script it cannot compile: no traceback
        error.__traceback__ = None
        sys.excepthook(type(error), error, None)
        raise SystemExit(1) from None
    try:
        try:
            exec(code, vars(main))
        finally:
            flush_io()
    except SystemExit:
        raise  # the interpreter ends the way it would have
    except BaseException as error:  # noqa: BLE001 - printed and ended as the interpreter would
        error.__traceback__ = error.__traceback__.tb_next  # from the program's first frame, not ours
        sys.excepthook(type(error), error, error.__traceback__)
        if not isinstance(error, KeyboardInterrupt):
            raise SystemExit(1) from None
        # Printed: the interpreter now ends as after an uncaught ^C out of its own code (threads joined,
        # atexit, objects finalized, then death by SIGINT), printing nothing more.
        sys.excepthook = lambda *_: None
        raise


def flush_io() -> None:
    """What the interpreter does once a script's code is done, whichever way, before it prints a traceback
    or an exit message and before atexit (Python/pythonrun.c, flush_io): flush sys.stderr, then
    sys.stdout, whatever they are by then, errors ignored. Output left in stdout's buffer (a prompt
    without a line end) comes out first, as in a plain run."""
    for name in ("stderr", "stdout"):
        try:
            getattr(sys, name).flush()
        except Exception:  # noqa: BLE001 - as the interpreter does: a stream that cannot flush is let be
            pass


def read_alike(source: bytes) -> bool:
    """Whether compile() reads these bytes as the interpreter reads a script file: UTF-8 without a NUL byte,
    declared (a BOM, a utf-8 coding line) or not. Otherwise they part: compile() skips undecodable bytes in
    comments where the interpreter refuses the file (a Windows editor's cp1252 or UTF-16), and words the
    other errors (a NUL byte, an unknown or wrong coding line) differently."""
    head = b"\n".join(source.split(b"\n", 2)[:2]).lower()
    declared_other = b"coding" in head and b"utf-8" not in head and b"utf8" not in head
    if b"\0" in source or declared_other:
        return False
    try:
        source.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def fresh_stdio() -> None:
    """sys.stdin, stdout and stderr as the interpreter makes them at start-up (Python/pylifecycle.c,
    create_stdio), now that 0, 1 and 2 are the run's terminal: the server's own were made on other files,
    so their buffering would not be a terminal's. Encoding and errors are the server's, which started with
    the same environment as the program."""
    import io  # noqa: PLC0415 - already imported at start-up: no cost

    for name, fd, mode in (("stdin", 0, "r"), ("stdout", 1, "w"), ("stderr", 2, "w")):
        old = getattr(sys, name)
        buffered = io.open(fd, mode + "b", -1, None, None, None, False)
        buffered.raw.name = f"<{name}>"
        line_buffering = buffered.raw.isatty() or fd == 2
        stream = io.TextIOWrapper(buffered, old.encoding, old.errors, "\n", line_buffering, False)
        stream.mode = mode
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


if __name__ == "__main__":
    main()
