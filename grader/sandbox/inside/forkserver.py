"""The fork server of the fork launch (Linux, started as root by `grader.sandbox.forking`). Not imported by the
grader: it runs as `python3 -c "...import forkserver; scriptmain.run_program(forkserver.serve(...), ...)"`, the
student's interpreter started once per grader process, with the environment of every program, the way
`python3 SCRIPT` starts (site imported), so that each run skips the interpreter's start-up.

For each request (a run's config, its command line, and two descriptors: the run's report socket and the
slave side of its fresh pty) it forks a launcher, which is then what `init.main` is in a plain launch:

    grader
      `-- fork server  (root, own session, dies with the grader, never runs student code itself)
            `-- launcher  (one per run: session leader of the run's pty, in the run's cgroup)
                  `-- init  (pid 1 of the run's namespaces)  `-- student python (pid 2)

The launcher tells the grader its identity (pid and start time) on the report socket; when it ends, the
server, its parent, writes its wait status there (the grader is not its parent, so it cannot wait for it).
A SIGCHLD handler with a wakeup pipe wakes the server for that.

Only the standard library, and the modules a fresh interpreter has already imported, wherever possible:
what this imports is dropped again from sys.modules before the program runs (see `scriptmain.run_program`).
"""

import _socket
import marshal
import os
import sys

import _signal as signal

import init  # beside this file, as clib
from clib import PR_SET_PDEATHSIG, TIOCSCTTY, c_ulong, check, libc

INT_SIZE = 4


def serve(control_fd: int) -> list:
    """Answer requests on the control socket until the grader closes it, and tell each run's report
    socket how its launcher ended (we are its parent: only we can wait for it). Returns only in the
    student's process of a run: its command line, for `scriptmain.run_program`.

    The grader's end of the socket closes when the grader exits or dies, whichever of its threads started
    us: that is our end, not a parent-death signal, which follows the thread that forked us (a worker
    thread of a pool ends long before its process)."""
    import select  # noqa: PLC0415 - after the baseline: the program does not get it for free
    import resource  # noqa: PLC0415 - as select; loaded once here, not in every launcher and program (0.25 ms each)

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
    import gc  # noqa: PLC0415 - after the baseline, as select

    gc.freeze()  # what was made so far is never collected in a run: no run's collector walks (and copies) it
    reports: dict = {}  # launcher pid -> its report socket
    server = os.getpid()
    while True:
        for fd, _ in poller.poll():
            if fd == ended_r:
                os.read(ended_r, 4096)  # whatever is left over only wakes us once more, harmlessly
                report_endings(reports)
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
            try:
                pid = os.fork()
            except OSError:
                pid = -1  # the grader reads EOF before the launcher's identity: it reports the failure
            if pid == 0:
                signal.set_wakeup_fd(-1)
                for fd in (control_fd, ended_r, ended_w, *reports.values()):  # the server's, and the other runs'
                    os.close(fd)
                config, program = marshal.loads(message)
                return start_launcher(config, program, report, terminal, server)
            os.close(terminal)
            if pid > 0:
                reports[pid] = report
            else:
                os.close(report)


def report_endings(reports: dict) -> None:
    """Each launcher that ended: its wait status to its run's report socket, which then closes."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        report = reports.pop(pid, None)
        if report is not None:
            try:
                os.write(report, status.to_bytes(4, "little"))
            except OSError:
                pass  # the grader gave up on this run
            os.close(report)


def start_launcher(config: str, program: list, report: int, terminal: int, server: int) -> list:
    """In the forked launcher: die with the server (as it dies with the grader, and init with us), take the
    run's terminal and cgroup as a plain launcher gets them from its spawn, say who we are, then launch as
    `init.main` does. Returns only in the student's process."""
    try:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # a program deaf to its terminal's hang-up too
        if os.getppid() != server:
            os._exit(125)  # the server died before PR_SET_PDEATHSIG was in place
        import resource  # noqa: PLC0415 - the server's (serve): a plain launch's spawn has it too

        for sig in (signal.SIGCHLD, signal.SIGHUP):  # init is waited for; the rest as a plain launcher has them
            signal.signal(sig, signal.SIG_DFL)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        os.close(terminal)
        check(libc.ioctl(0, c_ulong(TIOCSCTTY), 0), "take the terminal")
        cfg = init.load_config(config)
        for folder in cfg["cgroups"]:  # before the namespaces: every process of the run is in the group
            with open(folder + "/cgroup.procs", "w") as procs:
                procs.write("0")
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.write(report, f"{os.getpid()} {init.start_time(os.getpid())}\n".encode())
        os.close(report)
    except BaseException as error:  # noqa: BLE001 - never return into the server's loop
        os.write(2, f"sandbox: cannot start the launcher: {error}\r\n".encode())
        os._exit(125)
    return init.launch(cfg, program, fork=True)
