"""The launcher and PID-1 of one isolated run (Linux, started as root). Not imported by the grader.

The plain launch: `grader.sandbox.isolated.IsolatedSandbox.command()` runs it as `python -I -S -B -c "...import init;
init.main()" CONFIG PROGRAM...` (the program's command line; imported rather than run as a script so that
its cached bytecode is used: compiling this file took about as long as starting the interpreter):

    launcher  (session leader of the pty, root, host namespaces but net/ipc/uts/cgroup; the grader's pexpect child)
      `-- init    (pid 1 of a new pid namespace, root, own mount namespace with a tmpfs root, own session)
            `-- student python  (pid 2, unprivileged per-run uid, rlimits, no_new_privs, seccomp filter)

The fork launch: the fork server (`forkserver.py`, beside this file) forks init straight into a new pid
namespace; init takes the launcher's part (the pty's session, the cgroup), then `become_init`; the server,
init's parent, reports how the run ended (`ending`), as the launcher does here:

    fork server  `-- init (pid 1, session leader of the pty)  `-- student python (pid 2)

* The student's program runs as from a shell: leader of its own session and process group, which is the
  foreground group of the pty (it takes the terminal from the session of the launcher, or of init). The
  launcher and init are in other groups: ^C, ^Z and a signal to the parent's group (init, which ignores it)
  never reach them.
* init exits as soon as the student's program ends; the kernel then kills every other process of the
  namespace (daemons included). init dies with its parent, the launcher or the fork server
  (PR_SET_PDEATHSIG), and SIGKILL to init from outside kills the whole namespace (IsolatedSandbox.kill_all).
* init's parent always reaps it; then the run ends the way the student's program ended: same exit code, or
  killed by the same signal; if init was killed, killed by the same signal as init (SIGKILL).

Only the standard library, and as little of it as possible: this runs before every student program.
"""

import marshal
import os
import _signal as signal  # not `signal`: it imports enum, and this runs before every program
import sys

import syscalls  # beside this file, as the three below
from clib import (CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWPID, CLONE_NEWUTS, PR_SET_DUMPABLE,
                  PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, TIOCSCTTY, Failure, c_ulong, check, libc)
from rootfs import build_root, write_file
from scriptmain import forkable


def limit_shared_memory(total: int) -> None:
    """System V shared memory of this IPC namespace: at most `total` bytes in all (a second line behind
    the run's cgroup, and the only one where there is none), and few segments."""
    for name, value in (("shmmax", total), ("shmall", total // os.sysconf("SC_PAGE_SIZE")), ("shmmni", 64)):
        write_file(f"/proc/sys/kernel/{name}", str(value).encode())


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
    Returns only in the student's process of a fork launch. Called in a session of its own (pgid 1
    inside), so signalling the parent's group never hits the program."""
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
        pass  # our parent is gone
    os._exit(0)  # the kernel now kills whatever else still runs in the namespace


def start_time(pid: int) -> str:
    """When the process started (field 22 of /proc/PID/stat): with its pid, what tells it from a later
    process given the same pid."""
    fd = os.open(f"/proc/{pid}/stat", os.O_RDONLY)  # not a file object: see rootfs.copy_file
    try:
        return os.read(fd, 4096).rsplit(b")", 1)[1].split()[19].decode()
    finally:
        os.close(fd)


def load_config(path: str) -> dict:
    with open(path, "rb") as f:
        return marshal.load(f)  # not json (it imports re): the grader's own interpreter wrote it


def main() -> None:
    """The plain launcher: start init in new namespaces, wait for the program, then end the way it ended.
    Never returns."""
    cfg = load_config(sys.argv[1])
    for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU):
        signal.signal(sig, signal.SIG_IGN)  # meant for the student's program, not for the launcher
    unshare_namespaces(CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS)
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
        os.setsid()
        run_init(cfg, sys.argv[2:], status_w, fork=False)
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
    end(ending(data, init_status, state))


# What a plain launcher dies of when it is sent one, ending its run so (it ignores the terminal's ^C & co.):
# the kernel keeps every signal but SIGKILL from a pid namespace's init that has no handler for it, so the
# fork launch's init, which has no launcher above it, catches these and ends the run as killed by them.
# Not the faults (SIGSEGV & co.: a handler would return into the faulting instruction) nor SIGPIPE.
SENT_TO_END = ("SIGHUP", "SIGTERM", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGIO", "SIGPWR",
               "SIGSTKFLT", "SIGXCPU", "SIGXFSZ")
KILLED = b"K"  # on the status pipe, before a signal's number: init was sent it (`ending`)


def become_init(cfg: dict, program: list, status_w: int) -> list:
    """The fork launch's init, forked by the server as pid 1 of a new pid namespace, already the leader of a
    session of its own: into the other new namespaces, then `run_init`. Returns only in the student's
    process (the program's command line, for `scriptmain.run_program`)."""

    def killed(number: int, frame: object) -> None:
        os.write(status_w, KILLED + number.to_bytes(4, "little"))
        os._exit(0)  # the kernel now kills every other process of the namespace

    for sig in [getattr(signal, name) for name in SENT_TO_END if hasattr(signal, name)] + list(
            range(signal.SIGRTMIN, signal.SIGRTMAX + 1)):
        signal.signal(sig, killed)  # the program's process sets every signal back to its default first
    unshare_namespaces(CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS)
    run_init(cfg, program, status_w, fork=True)
    return program


def unshare_namespaces(flags: int) -> None:
    """Into new namespaces of `flags`, and a new cgroup namespace where the kernel has them; where that
    fails, say why on the run's terminal and end as the sandbox's failure (125)."""
    try:
        check(libc.unshare(flags | CLONE_NEWCGROUP), "unshare")
    except Failure:
        try:
            check(libc.unshare(flags), "unshare")
        except Failure as error:
            os.write(2, f"sandbox: {error}\r\n".encode())
            end(125 << 8)


def ending(data: bytes, init_status: int, state: str) -> int:
    """The wait status a run ends with, from what its init wrote on its status pipe (`data`: a failure, or
    "S" once the program runs, then its wait status or KILLED and a signal init was sent) and init's own
    wait status: the program's; killed by the signal init was sent (`become_init`); 125 where the sandbox,
    not the program, failed (the reason is left in STATE.failed for the grader, not the student); init's
    own where it wrote none (killed: IsolatedSandbox.kill_all kills init)."""
    if data.startswith(b"F"):
        with open(state + ".failed", "wb") as f:
            f.write(data[1:])
        return 125 << 8
    data = data[1:] if data.startswith(b"S") else data
    data = data[1:] if data.startswith(KILLED) else data
    return int.from_bytes(data[:4], "little") if len(data) >= 4 else init_status


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


if __name__ == "__main__":
    main()
