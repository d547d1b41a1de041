"""What is checked of a submission before anything is copied (grader/engine/intake.py), on real folders."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from conftest import nest, unnest
from grader.engine.intake import IntakeLimits, admit, survey
from grader.sandbox.scratch import PATH_MAX, copy_prefix
from grader_command import run_grader

SMALL = IntakeLimits(submission_mb=1, submission_files=20, submission_depth=3)


def files_in(folder: Path, count: int, size: int) -> None:
    folder.mkdir(parents=True)
    for n in range(count):
        (folder / f"f{n}").write_bytes(b"x" * size)


def program_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "mastermind.py").write_text("print('hi')\n")
    return folder


@pytest.mark.parametrize("make, problem", [
    (lambda folder: None, None),
    (lambda folder: nest(folder, 3), None),
    (lambda folder: nest(folder, 4), "folders nested too deep: d/d/d/d is more than 3 folders down (limit submission_depth=3)"),
    (lambda folder: [(folder / f"f{n}").touch() for n in range(19)], None),  # 20 entries with mastermind.py
    (lambda folder: [(folder / f"f{n}").touch() for n in range(20)], "too many files: more than 20 (limit submission_files=20)"),
    (lambda folder: (folder / "data.bin").write_bytes(b"x" * (1024 * 1024 - 12)), None),
    (lambda folder: (folder / "data.bin").write_bytes(b"x" * (1024 * 1024)),
     "too big: more than 1 MB of files (limit submission_mb=1)"),
    (lambda folder: files_in(folder / "node_modules", 25, 0),
     "too many files: more than 20 (limit submission_files=20); most of it is in node_modules/ (19 entries seen)"),
    (lambda folder: files_in(folder / "data", 2, 600 * 1024),
     "too big: more than 1 MB of files (limit submission_mb=1); most of it is in data/ (1.2 MB seen)"),
    (lambda folder: [files_in(folder / hidden, 25, 0) for hidden in (".git", "__MACOSX", "sub/.venv")], None),
])
def test_limits(tmp_path, make, problem):
    folder = program_folder(tmp_path)
    make(folder)
    assert survey(folder, SMALL)[1] == problem


def test_a_sparse_file_is_refused_by_its_apparent_size_without_reading_it(tmp_path):
    folder = program_folder(tmp_path)
    (folder / "huge.bin").touch()
    os.truncate(folder / "huge.bin", 3 << 30)
    admitted = admit(folder, "mastermind.py", IntakeLimits())
    assert admitted.folder is None
    assert admitted.problem == ("too big: more than 10 MB of files (limit submission_mb=10); "
                                "huge.bin is a sparse file of 3072.0 MB (0.0 MB stored)")


def test_deep_trees_odd_names_links_and_pipes_are_walked_without_recursion_or_following(tmp_path):
    folder = program_folder(tmp_path)
    nest(folder, 1200)  # a recursive walk would overflow Python's stack
    (folder / os.fsdecode(b"\xff\x1b[2J")).write_text("")
    os.symlink("/", folder / "root-link")
    os.mkfifo(folder / "pipe")
    try:
        roomy = IntakeLimits(submission_depth=1200, submission_files=2000)
        entries, problem = survey(folder, roomy)
        assert problem is None
        names = [entry.name for entry in entries]
        assert names[:3] == ["d", "d/d", "d/d/d"] and "root-link" in names and "pipe" in names
        assert len(names) == 1200 + 4  # mastermind.py, the odd name, the link (not followed into /), the pipe
        assert survey(folder, IntakeLimits(submission_files=2000))[1].startswith("folders nested too deep: d/d/d")
    finally:
        unnest(folder)


def test_admit_refuses_what_it_cannot_find_and_checks_the_folder_it_found(tmp_path):
    student = tmp_path / "alice"
    student.mkdir()
    inner = program_folder(student)
    assert admit(student, "mastermind.py", SMALL).folder == inner
    assert admit(student, "mastermind.py", SMALL).within == "student"
    nest(inner, 4)
    assert admit(student, "mastermind.py", SMALL).problem.startswith("folders nested too deep")
    assert admit(student, "main.py", SMALL).problem == "no main.py (found: student/mastermind.py)"


def long_path(folder: Path, length: int) -> str:
    """A file whose path below `folder` is `length` bytes: folders of 250 characters, then the file
    (made relative to open folders: the path from / may be longer than the system takes in one call)."""
    descriptor = os.open(folder, os.O_RDONLY)
    parts = []
    while length - len("/".join(parts)) > 251 + 10:
        os.mkdir("d" * 250, dir_fd=descriptor)
        descriptor, parent = os.open("d" * 250, os.O_RDONLY, dir_fd=descriptor), descriptor
        os.close(parent)
        parts.append("d" * 250)
    parts.append("f" * (length - len("/".join(parts)) - 1))
    os.close(os.open(parts[-1], os.O_CREAT | os.O_WRONLY, 0o644, dir_fd=descriptor))
    os.close(descriptor)
    return "/".join(parts)


@pytest.mark.parametrize("over", [0, 1])
def test_a_path_that_would_not_fit_under_the_sandboxs_folders_is_refused(tmp_path, over):
    folder = program_folder(tmp_path)
    copied_to = "/" + "c" * 200
    path = long_path(folder, PATH_MAX - 1 - len(copied_to) - 1 + over)
    problem = survey(folder, IntakeLimits(), copied_to)[1]
    if over:
        assert problem == (f"a path too long to copy: {path[:40]}...{path[-30:]} is {len(path)} bytes long, and the "
                           f"sandbox's copy of the submission leaves room for {len(path) - 1} (shorten the names of its folders)")
    else:
        assert problem is None


def test_a_submission_within_every_limit_whose_paths_are_too_long_to_copy_is_the_students_problem():
    # 16 folders of 250 characters and a file: it fits where it was uploaded, not under the sandbox's folders
    # (`File name too long`: check exited 2, grade said NOT GRADED again on every rerun).
    base = Path(tempfile.mkdtemp())  # shorter than the sandbox's own folders: the upload itself must fit
    try:
        (base / "class").mkdir()
        student = program_folder(base / "class")
        long_path(student, PATH_MAX - 1 - len(os.fsencode(student)) - 1)
        assert len(os.fsencode(student)) < len(copy_prefix())
        check = run_grader("check", student, timeout=120)
        assert check.returncode == 1, check.stderr[-500:]
        assert "a path too long to copy: dddd" in check.stdout and "Traceback" not in check.stderr + check.stdout
        grade = run_grader("grade", base / "class", "--out", base / "out", timeout=120)
        assert grade.returncode == 0, grade.stderr[-500:]
        assert "student,0,145," in (base / "out" / "gradebook.csv").read_text()
        assert "NOT GRADED" not in grade.stdout + grade.stderr and "a path too long to copy" in grade.stdout
    finally:
        shutil.rmtree(base)
