"""Course files hidden wherever they live: a course's Docker image kept its specs and reference at
/usr/local/share/cs101, which isolation showed (it shared the whole of /usr) and Landlock granted, and a run
read the specs and ran the reference (145/145, no warning). Of /usr a run now gets what an interpreter needs
(grader/sandbox/rootconfig.py), and the course's own folders are hidden by name wherever they lie. Each case
makes its system paths in a mount namespace of its own (unshare -m), so nothing of the machine changes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from test_sandbox import HOSTILE, ROOT, needs_isolation

# Run inside the namespace: the program of folder argv[1] in the sandbox (argv[2]: isolated or fallback),
# argv[3:] hidden, as the runner runs it; prints what the program printed.
DRIVE = textwrap.dedent("""
    import sys, pexpect
    from grader.sandbox.modes import open_sandbox
    from grader.sandbox.limits import Limits
    with open_sandbox(sys.argv[1], Limits(), isolate=sys.argv[2] == "isolated", hidden=sys.argv[3:]) as box:
        child = box.start(["python3", "mastermind.py"], encoding="utf-8", timeout=10)
        child.expect(pexpect.EOF)
        box.kill_all(child.pid)
        child.close(force=True)
    print(child.before.replace("\\r\\n", "\\n"), end="")
""")
# A tmpfs over each folder of $MOUNTS (nothing of the machine's is written), the course copied into the first.
SETUP = 'for folder in $MOUNTS; do mount -t tmpfs course "$folder" || exit 97; done; ' \
        'mkdir "$COURSE" && cp -r "$SPECS" "$REFERENCE" $CLASS "$COURSE"/ && exec "$@"'


def namespaced(command: list[str], mounts: list[str], course: str, class_folder: Path | None = None) -> str:
    """What `command` printed, run in a mount namespace where `course` (under the first of `mounts`) holds the
    specs, the reference and a copy of `class_folder`; skipped where no namespace can be made."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("course files in system folders are made in a mount namespace of the test's own: that needs root")
    env = {**os.environ, "MOUNTS": " ".join(mounts), "COURSE": course, "SPECS": str(ROOT / "specs"),
           "REFERENCE": str(ROOT / "reference"), "CLASS": str(class_folder or ""), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", SETUP, "sh", *command],
                          env=env, capture_output=True, text=True, timeout=120)
    if done.returncode == 97 or "unshare failed" in done.stderr:
        pytest.skip(f"no mount namespace here: {done.stderr.strip()}")
    return done.stdout


def in_a_namespace(tmp_path: Path, mode: str, mounts: list[str], course: str, hidden: list[str]) -> dict[str, str]:
    """What tests/hostile/course_files printed, run in `mode` in a mount namespace where `course` holds the specs
    and the reference (`namespaced`)."""
    folder = tmp_path / "course_files"
    folder.parent.mkdir(exist_ok=True)
    shutil.copytree(HOSTILE / "course_files", folder)
    (folder / "paths.txt").write_text(f"{course}/specs\n{course}/reference/mastermind.py\n{course}\n")
    output = namespaced([sys.executable, "-c", DRIVE, str(folder), mode, *hidden], mounts, course)
    return dict(line.rsplit(": ", 1) for line in output.splitlines() if ": " in line)


@needs_isolation
def test_an_isolated_run_sees_no_course_files_under_usr_local_share(tmp_path: Path) -> None:
    said = in_a_namespace(tmp_path, "isolated", ["/usr/local/share"], "/usr/local/share/cs101", [])
    assert set(said.values()) == {"ENOENT"}, said  # /usr/local/share, /opt, /srv, the prefix's share: all absent


@pytest.mark.skipif(os.geteuid() != 0, reason="the fallback as root needs root")
def test_a_fallback_run_reads_no_course_files_under_usr_local_share(tmp_path: Path) -> None:
    from grader.sandbox.inside import landlock  # noqa: PLC0415

    if not landlock.usable():
        pytest.skip("Landlock needs Linux 6.12 or later: without it a fallback run reads what any user may")
    said = in_a_namespace(tmp_path, "fallback", ["/usr/local/share"], "/usr/local/share/cs101", [])
    course = [value for path, value in said.items() if path.startswith("/usr/local/share")]
    assert course and set(course) == {"EACCES"}, said


@needs_isolation
def test_an_isolated_run_never_sees_the_course_s_folders_even_where_it_sees_their_tree(tmp_path: Path) -> None:
    # /usr/local/lib is shared (pip's libraries): the specs, the reference and the class folder named by the grader
    # are hidden there by name.
    shown = in_a_namespace(tmp_path / "shown", "isolated", ["/usr/local/lib"], "/usr/local/lib/cs101", [])
    assert shown["/usr/local/lib/cs101/specs"] == "found", shown  # the tree is shared: only a name hides them
    said = in_a_namespace(tmp_path / "hidden", "isolated", ["/usr/local/lib"], "/usr/local/lib/cs101",
                          ["/usr/local/lib/cs101/specs", "/usr/local/lib/cs101/reference"])
    assert said["/usr/local/lib/cs101/specs"] == "empty", said
    assert said["/usr/local/lib/cs101/reference/mastermind.py"] == "ENOENT", said


@needs_isolation
def test_checking_a_folder_inside_a_class_hides_the_whole_class(tmp_path: Path) -> None:
    # `check class/alice` of a program in class/alice/src hid alice alone: bob's program beside it was read.
    course = "/usr/local/lib/cs101"
    shutil.copytree(HOSTILE / "course_files", tmp_path / "class" / "alice" / "src")
    (tmp_path / "class" / "alice" / "src" / "paths.txt").write_text(f"{course}/class/bob/mastermind.py\n")
    shutil.copytree(ROOT / "reference", tmp_path / "class" / "bob")
    output = namespaced([sys.executable, "-m", "grader", "check", f"{course}/class/alice", "--specs",
                         f"{course}/specs", "--visible-only"], ["/usr/local/lib"], course, tmp_path / "class")
    assert f"{course}/class/bob/mastermind.py: ENOENT" in output and ": found" not in output, output


@needs_isolation
def test_an_isolated_run_never_sees_course_folders_under_the_interpreter_s_prefix(tmp_path: Path) -> None:
    # A course under the prefix's lib (exposed after the course's folders were hidden, where they did not exist
    # yet): a run listed it and read the reference. A real folder, made and removed here: the prefix is shared
    # by an overlay, which shows none of the mounts inside it.
    from grader.sandbox.environment import student_python  # noqa: PLC0415
    from grader.sandbox.rootconfig import interpreter_trees, system_trees  # noqa: PLC0415

    lib = os.path.realpath(interpreter_trees(student_python())[1])
    if any(lib == tree or lib.startswith(tree + "/") for tree in map(os.path.realpath, system_trees())):
        pytest.skip("the interpreter's prefix lies in the system trees here: nothing of it is exposed apart")
    course = f"{lib}/grader-test-cs101-{os.getpid()}-{tmp_path.name}"
    try:
        said = in_a_namespace(tmp_path, "isolated", [], course, [f"{course}/specs", f"{course}/reference"])
    finally:
        shutil.rmtree(course, ignore_errors=True)
    assert said[f"{course}/specs"] == "empty", said
    assert said[f"{course}/reference/mastermind.py"] == "ENOENT", said


@needs_isolation
def test_a_reference_of_one_file_is_hidden_where_its_tree_is_shared(tmp_path: Path) -> None:
    # A `reference:` naming a single file outside the assignment's folder was never hidden (only folders were).
    reference = "/usr/local/lib/cs101/reference/mastermind.py"
    said = in_a_namespace(tmp_path, "isolated", ["/usr/local/lib"], "/usr/local/lib/cs101", [reference])
    assert said[reference] == "EACCES" and said["/usr/local/lib/cs101/specs"] == "found", said
