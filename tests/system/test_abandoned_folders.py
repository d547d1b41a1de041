"""A grader killed before it could remove its folders (SIGKILL, the out-of-memory killer, a CI job's timeout)
leaves them, and the next grader's first run removes them: the folders of makers that are gone, in this
pid namespace, this user's, never a link; a maker still running keeps its own (grader/sandbox/scratch.py)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from conftest import ROOT, nest, one_spec
from grader.sandbox import leftovers, proc
from grader.sandbox.scratch import (INITIAL_PID_NAMESPACE, PROBE_FOLDER, RUN_FOLDER, WORKER_FOLDER, owned, owner,
                                    _living_namespaces, remove_abandoned, scratch)
from grader_command import run_grader

HANGS = "input('Enter key: ')\nimport time\ntime.sleep(120)\n"


def folders_of(pid: int) -> list[Path]:
    """The folders named for process `pid` where runs keep theirs."""
    return [Path(parent) / name for parent in {scratch(), tempfile.gettempdir()} for name in os.listdir(parent)
            if (found := owner(name)) is not None and found[1] == pid]


def test_a_killed_graders_folders_are_removed_by_the_next_graders_first_run(tmp_path: Path):
    (tmp_path / "program").mkdir()
    (tmp_path / "program" / "mastermind.py").write_text(HANGS)
    specs = one_spec(tmp_path)
    grader = subprocess.Popen([sys.executable, "-m", "grader", "check", str(tmp_path / "program"), "--specs", specs],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not any(path.name.startswith(RUN_FOLDER) for path in folders_of(grader.pid)):
            assert grader.poll() is None and time.monotonic() < deadline, "the grader never made its run's folder"
            time.sleep(0.02)
    finally:
        grader.send_signal(signal.SIGKILL)
        grader.wait()
    left = folders_of(grader.pid)
    assert left and all(path.is_dir() for path in left)  # nothing else removes them
    done = run_grader("check", "reference", "--specs", specs)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not [path for path in left if path.exists()]


def test_only_the_folders_of_this_users_makers_that_are_gone_are_removed(tmp_path: Path):
    namespace = os.stat("/proc/self/ns/pid").st_ino
    ended = subprocess.Popen(["sleep", "60"])
    since = proc.state(ended.pid)[1].decode()
    ended.kill()
    ended.wait()
    parent = Path(tempfile.gettempdir())
    gone = [parent / f"{kind}{namespace}.{ended.pid}.{since}-test{index}" for index, kind in
            enumerate((RUN_FOLDER, WORKER_FOLDER, PROBE_FOLDER))]
    reused = parent / f"{RUN_FOLDER}{namespace}.{os.getpid()}.1-testpid"  # our pid, another process's start time
    running = Path(tempfile.mkdtemp(prefix=owned(RUN_FOLDER)))
    vanished = parent / f"{RUN_FOLDER}1.{ended.pid}.{since}-testns"  # a pid namespace no process is in (none is 1)
    unknown = parent / f"{RUN_FOLDER}0.{ended.pid}.{since}-testunknown"  # a maker that could not tell its own
    someone_else = parent / f"{RUN_FOLDER}{namespace}.{ended.pid}.{since}-testuid"
    unnamed = parent / f"{RUN_FOLDER}testold1"  # an older grader's name, which says no maker
    strange = parent / f"{RUN_FOLDER}\u00b2.{ended.pid}.{since}-teststrange"  # any user's: a digit int() refuses
    target = tmp_path / "kept"
    link = parent / f"{RUN_FOLDER}{namespace}.{ended.pid}.{since}-testlink"
    try:
        for folder in (*gone, reused, vanished, unknown, someone_else, unnamed, strange, target):
            folder.mkdir()
            (folder / "copy.py").write_text("print()\n")
        if os.geteuid() == 0:  # else made by this user, like the others: it goes with them
            os.chown(someone_else, 54321, 54321)
        link.symlink_to(target)
        remove_abandoned()
        assert not [folder for folder in (*gone, reused) if folder.exists()]
        assert all(folder.is_dir() for folder in (running, unknown, unnamed, strange))
        sees_all = namespace == INITIAL_PID_NAMESPACE and _living_namespaces() is not None
        assert vanished.is_dir() != sees_all  # only who sees every process knows no process is in it
        assert someone_else.is_dir() == (os.geteuid() == 0)
        assert link.is_symlink() and (target / "copy.py").is_file()
    finally:
        link.unlink(missing_ok=True)
        for folder in (*gone, reused, running, vanished, unknown, someone_else, unnamed, strange):
            subprocess.run(["rm", "-rf", str(folder)], check=True)


def test_a_link_swapped_in_for_a_folder_being_removed_is_not_followed(tmp_path: Path):
    """What remove_tree makes its own to list (0700) is the folder itself: a process still running (a daemon
    that outlived a killed grader) that puts a link in its place between the look and the change changes the
    mode of nothing outside."""
    outside = tmp_path / "outside"
    outside.mkdir(mode=0o500)
    (tmp_path / "swapped").symlink_to(outside)
    with pytest.raises(NotADirectoryError):
        leftovers._let_in(str(tmp_path / "swapped"))
    folder = os.open(tmp_path, os.O_RDONLY)
    try:
        with pytest.raises(NotADirectoryError):
            leftovers._let_in("swapped", folder)
    finally:
        os.close(folder)
    assert stat.S_IMODE(outside.stat().st_mode) == 0o500
    outside.chmod(0o700)


def test_a_maker_in_another_time_namespace_keeps_its_folders(tmp_path: Path):
    """/proc shows start times moved by the reader's own time namespace (`unshare --time --boottime`): a grader
    in one and a grader outside it still tell each other's running makers from ones that are gone. Their
    folders go in a TMPDIR of the test's own, where no other grader's are."""
    shifted = ["unshare", "--time", "--boottime", "100000", "--fork", sys.executable, "-c"]
    env = dict(os.environ, TMPDIR=str(tmp_path), PYTHONPATH=str(ROOT))
    if subprocess.run([*shifted, "pass"], stderr=subprocess.DEVNULL).returncode != 0:
        pytest.skip("this machine makes no time namespace for this user")
    ours = Path(tempfile.mkdtemp(prefix=owned(RUN_FOLDER), dir=tmp_path))
    maker = ("import sys\nfrom grader.sandbox.scratch import RUN_FOLDER, make_folder\n"
             "print(make_folder(RUN_FOLDER), flush=True)\nsys.stdin.read()\n")  # its first folder sweeps first
    inside = subprocess.Popen([*shifted, maker], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        theirs = Path(inside.stdout.readline().strip())
        sweep = "from grader.sandbox.scratch import remove_abandoned\nremove_abandoned()\n"
        subprocess.run([sys.executable, "-c", sweep], env=env, check=True)
        assert theirs.name.startswith(RUN_FOLDER)
        assert (ours.is_dir(), theirs.is_dir()) == (True, True)  # kept by the sweep inside, by the one outside
    finally:
        inside.stdin.close()
        inside.wait()


def test_another_pid_namespaces_folders_stay_while_a_process_is_in_it(tmp_path: Path):
    """Its pids are not ours to read: while any process is in it, its makers may run (in a TMPDIR of the
    test's own, where no other grader's folders are)."""
    waits = "import os, sys\nprint(os.stat('/proc/self/ns/pid').st_ino, flush=True)\nsys.stdin.read()\n"
    inside = subprocess.Popen(["unshare", "--pid", "--fork", "--mount-proc", sys.executable, "-c", waits],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        namespace = inside.stdout.readline().strip()
        if not namespace:
            pytest.skip("this machine makes no pid namespace for this user")
        folder = tmp_path / f"{RUN_FOLDER}{namespace}.1.1-testns"  # pid 1 there runs, whatever it started as
        folder.mkdir()
        sweep = "from grader.sandbox.scratch import remove_abandoned\nremove_abandoned()\n"
        subprocess.run([sys.executable, "-c", sweep], env=dict(os.environ, TMPDIR=str(tmp_path), PYTHONPATH=str(ROOT)),
                       check=True)
        assert folder.is_dir()
    finally:
        inside.stdin.close()
        inside.wait()


def test_graders_that_start_together_remove_an_abandoned_folder_once(tmp_path: Path):
    """Each of them sweeps: one takes the folder, the others find it gone (each used to remove what another had
    moved, and all gave up). In a TMPDIR of the test's own, where no other grader's folders are."""
    ended = subprocess.Popen(["true"])
    ended.wait()
    namespace = os.stat("/proc/self/ns/pid").st_ino
    sweep = [sys.executable, "-c", "from grader.sandbox.scratch import remove_abandoned\nremove_abandoned()\n"]
    env = dict(os.environ, TMPDIR=str(tmp_path), PYTHONPATH=str(ROOT))
    for round_ in range(3):
        folder = tmp_path / f"{RUN_FOLDER}{namespace}.{ended.pid}.1-round{round_}"
        for wide in range(30):
            (folder / f"w{wide}").mkdir(parents=True)
            nest(folder / f"w{wide}", 40)
            for name in range(20):
                (folder / f"w{wide}" / f"up-{name}").mkdir()  # what remove_tree names what it moves up
        sweeps = [subprocess.Popen(sweep, env=env) for _ in range(4)]
        assert [process.wait() for process in sweeps] == [0] * 4
        assert os.listdir(tmp_path) == []


def test_a_grader_with_tmpdir_set_removes_what_one_without_it_left(tmp_path: Path):
    """One without TMPDIR puts its runs' folders in /dev/shm (isolated) or /tmp (the fallback); one with it set
    (a CI job's) used to look in its TMPDIR alone, and what a killed one left in memory stayed there."""
    ended = subprocess.Popen(["true"])
    ended.wait()
    name = f"{RUN_FOLDER}{os.stat('/proc/self/ns/pid').st_ino}.{ended.pid}.1-testtmpdir"
    left = [Path(parent) / name for parent in ("/dev/shm", "/tmp") if os.access(parent, os.W_OK)]
    try:
        for folder in left:
            folder.mkdir()
        sweep = [sys.executable, "-c", "from grader.sandbox.scratch import remove_abandoned\nremove_abandoned()\n"]
        subprocess.run(sweep, env=dict(os.environ, TMPDIR=str(tmp_path), PYTHONPATH=str(ROOT)), check=True)
        assert left and not [folder for folder in left if folder.exists()]
    finally:
        for folder in left:
            subprocess.run(["rm", "-rf", str(folder)], check=True)


def test_no_folder_is_removed_where_proc_shows_another_namespaces_pids(tmp_path: Path):
    """Under `unshare --pid --fork` without --mount-proc, /proc/1 is the machine's init, not this namespace's
    pid 1: a process there took its own running folder for one whose maker is gone."""
    mine = ("import os\nfrom grader.sandbox import proc\n"
            "from grader.sandbox.scratch import RUN_FOLDER, remove_abandoned\n"
            "since = proc.read('/proc/self/stat').rsplit(b')', 1)[-1].split()[19].decode()\n"
            "namespace = os.stat('/proc/self/ns/pid').st_ino\n"
            "os.mkdir(os.path.join(os.environ['TMPDIR'], f'{RUN_FOLDER}{namespace}.{os.getpid()}.{since}-testself'))\n"
            "remove_abandoned()\n")  # named for itself, as a right /proc would name it
    done = subprocess.run(["unshare", "--pid", "--fork", sys.executable, "-c", mine], capture_output=True, text=True,
                          env=dict(os.environ, TMPDIR=str(tmp_path), PYTHONPATH=str(ROOT)))
    if done.returncode != 0 and not os.listdir(tmp_path):
        pytest.skip(f"this machine makes no pid namespace for this user: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    assert len(os.listdir(tmp_path)) == 1
