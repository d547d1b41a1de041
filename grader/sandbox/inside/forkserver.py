"""The fork server of the fork launch (Linux, started as root by `grader.sandbox.forking`). Not imported by the
grader: it runs as `python3 -c "...import forkserver; scriptmain.run_program(forkserver.serve(...), ...)"`, the
student's interpreter started once per grader process, with the environment of every program, the way
`python3 SCRIPT` starts (site imported), so that each run skips the interpreter's start-up.

For each request (a run's config, its command line, and two descriptors: the run's report socket and the
slave side of its fresh pty) it forks the run's init straight into a new pid namespace (`unshare` of the pid
namespace for our next child only, then back), which takes the part a plain launch's launcher has (the pty's
session, the run's cgroup) and then becomes the run's init (`init.become_init`): two forks a run, not three.

    grader
      `-- fork server  (root, own session, dies with the grader, never runs student code itself)
            `-- init  (one per run: pid 1 of the run's namespaces, session leader of its pty, in its cgroup)
                  `-- student python (pid 2)

init tells the grader its identity (host pid and start time) on the report socket; when it ends, the server,
its parent, writes there how the run ended (`init.ending`: the program's wait status, as init reported it on
its status pipe, or init's own): the grader is not its parent, so it cannot wait for it. A SIGCHLD handler
with a wakeup pipe wakes the server for that.

Only the standard library, and the modules a fresh interpreter has already imported, wherever possible:
what this imports is dropped again from sys.modules before the program runs (see `scriptmain.run_program`).
"""

import _socket
import marshal
import os
import sys

import _signal as signal

import init  # beside this file, as clib
from clib import CALLS, CLONE_NEWPID, PR_SET_PDEATHSIG, TIOCSCTTY, c_ulong, check, get_errno, libc

INT_SIZE = 4


def serve(control_fd: int) -> list:
    """Answer requests on the control socket until the grader closes it, and tell each run's report
    socket how it ended (we are its init's parent: only we can wait for it). Returns only in the
    student's process of a run: its command line, for `scriptmain.run_program`.

    The grader's end of the socket closes when the grader exits or dies, whichever of its threads started
    us: that is our end, not a parent-death signal, which follows the thread that forked us (a worker
    thread of a pool ends long before its process)."""
    import select  # noqa: PLC0415 - after the baseline: the program does not get it for free
    import resource  # noqa: PLC0415 - as select; loaded once here, not in every init and program (0.25 ms each)

    for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)  # the grader's Ctrl-C is the grader's: it stops us by closing the socket
    ended_r, ended_w = os.pipe()
    for fd in (ended_r, ended_w):
        os.set_blocking(fd, False)
    signal.set_wakeup_fd(ended_w)
    signal.signal(signal.SIGCHLD, lambda number, frame: None)  # wakes the poll below, through ended_w
    control = _socket.socket(_socket.AF_UNIX, _socket.SOCK_SEQPACKET, 0, control_fd)
    poller = select.poll()
    poller.register(control_fd, select.POLLIN)
    poller.register(ended_r, select.POLLIN)
    pid_namespace = os.open("/proc/self/ns/pid", os.O_RDONLY)  # ours, to come back to after each run's unshare
    server = os.pidfd_open(os.getpid())  # readable once we are gone: how a run's init knows we died too soon
    import gc  # noqa: PLC0415 - after the baseline, as select

    for name in CALLS:
        getattr(libc, name)  # looked up once, here, not in every run (clib.CALLS)
    gc.freeze()  # what was made so far is never collected in a run: no run's collector walks (and copies) it
    runs: dict = {}  # init's pid -> its report socket, its status pipe, its state file (init.ending)
    own = (control_fd, ended_r, ended_w, pid_namespace)
    while True:
        for fd, _ in poller.poll():
            if fd == ended_r:
                os.read(ended_r, 4096)  # whatever is left over only wakes us once more, harmlessly
                report_endings(runs)
                continue
            message, ancillary, _, _ = control.recvmsg(1 << 16, _socket.CMSG_SPACE(2 * INT_SIZE))
            if not message:
                os._exit(0)  # the grader is done
            fds = [int.from_bytes(data[at:at + INT_SIZE], sys.byteorder)
                   for level, kind, data in ancillary if level == _socket.SOL_SOCKET and kind == _socket.SCM_RIGHTS
                   for at in range(0, len(data) - INT_SIZE + 1, INT_SIZE)]
            if len(fds) != 2:
                for fd in fds:
                    os.close(fd)
                continue
            report, terminal = fds
            config, program = marshal.loads(message)
            try:
                cfg = init.load_config(config)
            except Exception:  # noqa: BLE001 - the grader reads EOF before init's identity: it reports the failure
                os.close(report)
                os.close(terminal)
                continue
            status_r, status_w = os.pipe()
            unshared = libc.unshare(CLONE_NEWPID) == 0  # only our next child is in it: pid 1 there
            refused = "" if unshared else os.strerror(get_errno())
            try:
                pid = os.fork()
            except OSError:
                pid = -1  # the grader reads EOF before init's identity: it reports the failure
            if pid == 0:
                signal.set_wakeup_fd(-1)
                for fd in (*own, status_r, *(held for run in runs.values() for held in run[:2])):  # ours, other runs'
                    os.close(fd)
                return start_init(cfg, program, report, terminal, status_w, server, refused)
            if unshared:
                check(libc.setns(pid_namespace, CLONE_NEWPID), "setns(our pid namespace)")
            os.close(terminal)
            os.close(status_w)
            if pid > 0:
                runs[pid] = report, status_r, cfg["state"]
            else:
                os.close(report)
                os.close(status_r)


def report_endings(runs: dict) -> None:
    """Each run whose init ended: how it ended (`init.ending`) to its report socket, which then closes."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if pid not in runs:
            continue
        report, status_r, state = runs.pop(pid)
        os.set_blocking(status_r, False)  # init and its namespace are gone: nothing more can come
        data = b""
        try:
            while piece := os.read(status_r, 4096):
                data += piece
        except BlockingIOError:
            pass
        os.close(status_r)
        try:
            ending = init.ending(data, status, state)
            os.write(report, ending.to_bytes(4, "little"))
        except OSError:
            pass  # the grader gave up on this run
        os.close(report)


def start_init(cfg: dict, program: list, report: int, terminal: int, status_w: int, server: int,
               refused: str) -> list:
    """In the forked child, pid 1 of a new pid namespace: die with the server (as it dies with the grader),
    take the run's terminal and cgroup as a plain launcher gets them from its spawn, say who we are, then
    become the run's init. Returns only in the student's process."""
    try:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # a program deaf to its terminal's hang-up too
        import select  # noqa: PLC0415 - the server's (serve)

        if select.select([server], [], [], 0)[0]:
            os._exit(125)  # the server died before PR_SET_PDEATHSIG was in place
        os.close(server)
        import resource  # noqa: PLC0415 - the server's (serve): a plain launch's spawn has it too

        for sig in (signal.SIGCHLD, signal.SIGHUP):  # the student is waited for; the rest as a plain launcher has them
            signal.signal(sig, signal.SIG_DFL)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        os.close(terminal)
        check(libc.ioctl(0, c_ulong(TIOCSCTTY), 0), "take the terminal")
        for folder in cfg["cgroups"]:  # before the program: every process of the run is in the group
            procs = os.open(folder + "/cgroup.procs", os.O_WRONLY)  # not a text file: its first open costs
            os.write(procs, b"0")  # init 20 pages of the server copied on write (io's and the codecs' objects)
            os.close(procs)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        host = int(os.readlink("/proc/self"))  # our pid as the grader sees it: /proc is still the host's
        os.write(report, f"{host} {init.start_time(host)}\n".encode())
        os.close(report)
        if refused:
            os.write(2, f"sandbox: unshare: {refused}\r\n".encode())
            os._exit(125)
    except BaseException as error:  # noqa: BLE001 - never return into the server's loop
        os.write(2, f"sandbox: cannot start the run: {error}\r\n".encode())
        os._exit(125)
    return init.become_init(cfg, program, status_w)
