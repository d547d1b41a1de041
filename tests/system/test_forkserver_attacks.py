"""Hostile programs against what is specific to the fork launch (grader/sandbox/forking.py): every run is
forked from one long-lived fork server, started as root, that also forks the runs beside it and after it.
Each program lies in tests/hostile/<name>/ and runs as the runner runs it (test_sandbox.running); after
every run nothing of it is left. What must hold: a run holds nothing of the server or of another run,
cannot reach the server, and a later run starts as fresh as the first; where the fork launch could show the
program something a fresh interpreter would not, it shows what the plain launch shows."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from grader.sandbox import forking, proc
from grader.sandbox.protections import protections
from grader.sandbox.isolated import FORK, PLAIN
from test_launch import run
from test_sandbox import ROOT, ended, of_user, running, submission

pytestmark = pytest.mark.skipif(not protections().full, reason=protections().describe())


def descriptors(pid: int) -> list[str]:
    """What each descriptor of process `pid` refers to (socket:[inode], /dev/pts/N, pipe:[inode], ...)."""
    return [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]


def test_a_run_holds_no_descriptor_of_the_server_or_of_a_run_beside_it(tmp_path: Path) -> None:
    """The server holds each live run's report socket; a launcher forked meanwhile must not keep a copy
    (it and its init are root: the other run's status and end of file would be theirs to forge or hold)."""
    folder = submission(tmp_path, "descriptors")
    with running(folder) as (first, one), running(folder) as (second, two):
        assert first.launch == second.launch == FORK
        for child in (one, two):
            child.expect_exact("Enter key: ")
            assert "held: []" in child.before
        for pid in (two.pid, second.init_pid(two.pid)):
            assert not [link for link in descriptors(pid) if link.startswith("socket:")]
        for child in (one, two):
            child.sendline("")
            child.expect_exact("done")


def report_of(folder: Path, mode: str) -> str:
    """The report line of tests/hostile/pollute_next_run run in `mode`."""
    (folder / "mode.txt").write_text(mode)
    with running(folder) as (box, child):
        assert box.launch == FORK
        output, status, _ = ended(child)
    assert status == 0, output
    return next(line for line in output.splitlines() if line.startswith("report: "))


def test_a_run_leaves_nothing_to_the_next_run_forked_from_the_same_server(tmp_path: Path) -> None:
    """Terminal modes and size, files, the interpreter's state, a daemon, the network namespace's counters and
    sockets (each run has a namespace of its own: a shared one would carry them over): the next run starts as
    the first."""
    folder = submission(tmp_path, "pollute_next_run")
    fresh = report_of(folder, "inspect")
    server = forking._server
    polluted = report_of(folder, "pollute")
    after = report_of(folder, "inspect")
    assert forking._server is server and server.alive()
    assert polluted != fresh  # the attack changed its own run
    assert after == fresh


def test_the_programs_own_processes_see_each_other_in_proc_as_after_an_exec(tmp_path: Path) -> None:
    """Dropping root without an exec leaves a process undumpable: with hidepid its own children could not
    see it in /proc, nor it them; a plain launch's exec makes it dumpable again."""
    folder = submission(tmp_path, "proc_family")
    forked, plain = run(folder, FORK), run(folder, PLAIN)
    assert forked == plain
    assert forked == ("child listed: True\r\nchild's status: Name:\r\nfrom the child: Name:\r\n", 0, None)


def test_the_inherited_memory_holds_nothing_of_the_grader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server is exec'd, not forked from the grader, with the programs' environment: its memory, which
    every run inherits, never held the grader's environment or memory (where hidden specs lie)."""
    secret = f"zq{secrets.token_hex(16)}qz"
    monkeypatch.setenv("GRADER_SECRET", secret)
    forking.stop()  # a server started now, with the secret in the grader's environment
    with running(submission(tmp_path, "inherited_memory")) as (box, child):
        assert box.launch == FORK
        output, status, _ = ended(child)
    assert status == 0, output
    assert "server's boot code seen: True" in output  # the program reads what the server left in its memory
    assert "secrets: []" in output


def test_a_run_cannot_stop_or_block_the_server_for_the_runs_beside_and_after_it(tmp_path: Path) -> None:
    """Its own command line names the server's control descriptor; neither it nor any process outside its
    namespaces can be written to or signalled. While it waits, another run is forked, plays and ends;
    afterwards the same server still forks runs."""
    folder = submission(tmp_path, "kill_server")
    other = submission(tmp_path, "descriptors")
    with running(folder) as (box, child):
        assert box.launch == FORK
        server = forking._server
        child.expect_exact("Enter key: ", timeout=30)
        assert ("tried: [('control', 'OSError'), ('init', 'PermissionError'), ('kill -1', 'ProcessLookupError'), "
                "('parent', 'PermissionError')]") in child.before
        with running(other) as (_, beside):
            beside.expect_exact("Enter key: ")
            beside.sendline("")
            assert ended(beside)[1:] == (0, None)
        child.sendline("")
        child.expect_exact("still here")
        assert ended(child)[1:] == (0, None)
    assert forking._server is server and server.alive()
    with running(other) as (_, after):
        after.expect_exact("Enter key: ")
        after.sendline("")
        assert ended(after)[1:] == (0, None)
    assert forking._server is server


@pytest.mark.parametrize("launch", [FORK, PLAIN])
def test_a_run_that_ignores_the_hang_up_dies_with_a_crashed_grader(tmp_path: Path, launch: str) -> None:
    """The grader is killed (no kill_all): the server dies with it, and each launcher with the server (a
    plain launcher with the grader), so init and the whole namespace go too, even where the program shrugs
    off its terminal's hang-up."""
    folder = submission(tmp_path, "ignore_hangup")
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from grader.sandbox.modes import open_sandbox\nfrom grader.sandbox.limits import Limits\nfrom grader.sandbox.protections import isolation\n"
        f"box = open_sandbox(Path({str(folder)!r}), Limits(), isolate=isolation(), launch={launch!r})\n"
        "child = box.start(['python3', 'mastermind.py'])\n"
        "child.expect('Enter key: ', timeout=10)\n"
        "print(box.launch, box.uid, box.root, child.pid, flush=True)\n"
        "sys.stdin.read()\n"
    )
    grader = subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        started, uid, root, launcher = grader.stdout.readline().split()
        assert started == launch and proc.alive(int(launcher)) and of_user(int(uid))
    finally:
        grader.kill()
        grader.wait()
        grader.stdin.close()
        grader.stdout.close()
    deadline = time.monotonic() + 5
    while of_user(int(uid)) or proc.alive(int(launcher)):
        assert time.monotonic() < deadline, f"the run survived its grader: {of_user(int(uid))}"
        time.sleep(0.01)
    shutil.rmtree(root, ignore_errors=True)


def test_an_uncaught_keyboard_interrupt_ends_a_forked_program_as_a_plain_one(tmp_path: Path) -> None:
    """Once its traceback is printed, the interpreter ends as on any way out (threads joined, objects
    finalized), then dies by SIGINT: the fork server's code must not cut that short."""
    folder = submission(tmp_path, "interrupted_ending")
    forked, plain = run(folder, FORK), run(folder, PLAIN)
    assert forked == plain
    assert plain[0].startswith("Your guess? Traceback") and plain[1:] == (None, 2)
    assert plain[0].endswith("KeyboardInterrupt\r\nthread ended\r\nfinalized\r\n")


def test_the_server_outlives_the_thread_that_started_it(tmp_path: Path) -> None:
    """A parent-death signal follows the thread that forked, not the process: a server tied to it died
    when a pool's worker thread that happened to start it ended, and with it every run then in flight.
    The server ends with the grader's end of its control socket instead, which only the process closes."""
    forking.stop()
    folder = submission(tmp_path, "descriptors")

    def one_run() -> None:
        with running(folder) as (box, child):
            assert box.launch == FORK
            child.expect_exact("Enter key: ")
            child.sendline("")
            assert ended(child)[1:] == (0, None)

    starter = threading.Thread(target=one_run)  # starts the server, and has it serve a run
    starter.start()
    starter.join()
    server = forking._server
    while os.path.exists(f"/proc/self/task/{starter.native_id}"):  # until the thread has really ended
        time.sleep(0.001)
    one_run()
    assert forking._server is server and server.alive()
