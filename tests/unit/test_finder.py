"""The one rule for finding a submission's program (grader/engine/finder.py), on real folders."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from grader.engine.finder import find_program
from grader.engine.intake import Entry, IntakeLimits, admit, not_run

PROGRAM = "mastermind.py"


def build(root: Path, layout: dict[str, str | None]) -> Path:
    """Files (text) and folders (None) under `root`; "a -> b" makes a symbolic link."""
    root.mkdir()
    for name, content in layout.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if " -> " in name:
            link, target = name.split(" -> ")
            os.symlink(target, root / link)
        elif content is None:
            path.mkdir()
        else:
            path.write_text(content)
    return root


@pytest.mark.parametrize("layout, where, problem", [
    ({PROGRAM: "", "notes.txt": ""}, ".", None),
    ({"mastermind-main/mastermind.py": "", "mastermind-main/README.md": ""}, "mastermind-main", None),
    ({PROGRAM: "", "old/mastermind.py": ""}, ".", None),  # the top one wins
    ({"__MACOSX/mastermind.py": "", "src/mastermind.py": ""}, "src", None),
    ({".git/mastermind.py": "", "v1/mastermind.py": ""}, "v1", None),
    ({"main.py": ""}, None, "no mastermind.py (found: main.py)"),
    ({"a/main.py": "", "notes.txt": ""}, None, "no mastermind.py (found: a/main.py)"),
    ({"notes.txt": ""}, None, "no mastermind.py (found: notes.txt)"),
    ({}, None, "no mastermind.py (the folder is empty)"),
    ({"a/b/mastermind.py": ""}, None, "no mastermind.py (the folder is empty)"),  # two levels down: not searched
    ({"__MACOSX/mastermind.py": ""}, None, "no mastermind.py (the folder is empty)"),
    ({"a/mastermind.py": "", "b/mastermind.py": ""}, None, "more than one mastermind.py (in a/, b/): keep only one"),
    ({"mastermind.py -> /etc/passwd": None}, None, "mastermind.py is not a regular file (a link or a folder)"),
    ({"one.py": "", "two.py": "", "three.py": "", "four.py": "", "five.py": "", "six.py": ""}, None,
     "no mastermind.py (found: five.py, four.py, one.py, six.py, three.py and 1 more)"),
])
def test_find_program(tmp_path, layout, where, problem):
    root = build(tmp_path / "student", layout)
    found = find_program(root, PROGRAM)
    assert found.problem == problem
    assert found.folder == (None if where is None else root / where)


def test_odd_names_are_found_and_shown_safely(tmp_path):
    root = tmp_path / "student"
    root.mkdir()
    odd = os.fsdecode(b"new\nline \xff\x1b[31m")
    (root / odd).mkdir()
    (root / odd / PROGRAM).write_text("")
    assert find_program(root, PROGRAM).folder == root / odd
    (root / odd / PROGRAM).rename(root / odd / "game.py")
    problem = find_program(root, PROGRAM).problem
    assert problem == "no mastermind.py (found: new\\x0aline \\udcff\\x1b[31m/game.py)"


def test_a_file_or_nothing_instead_of_a_folder(tmp_path):
    (tmp_path / "alice").write_text("print('hi')")
    assert find_program(tmp_path / "alice", PROGRAM).problem.startswith("not a folder")
    assert find_program(tmp_path / "nobody", PROGRAM).problem == "no submission folder"


def test_the_submission_folder_may_be_a_link_but_nothing_inside_is_followed(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / PROGRAM).write_text("")
    (tmp_path / "alice").symlink_to(tmp_path / "real")  # as tests/sample_class links to corpus entries
    assert find_program(tmp_path / "alice", PROGRAM).folder == tmp_path / "alice"
    (tmp_path / "bob").mkdir()
    (tmp_path / "bob" / PROGRAM).symlink_to(tmp_path / "real" / PROGRAM)
    assert find_program(tmp_path / "bob", PROGRAM).problem == f"{PROGRAM} is not a regular file (a link or a folder)"


ZIPPED = b"PK\x05\x06" + bytes(18)  # an empty zip archive: its end record alone
MAGIC = importlib.util.MAGIC_NUMBER


@pytest.mark.parametrize("files, named", [
    ({"mastermind.py": b"", "helper.py": b""}, ()),
    ({"mastermind.py": b"", "helper.py": b"", "helper.pyc": b""}, ()),  # a stray cache beside its source: read
    ({"mastermind.py": b"", "helper.pyc": b""}, ("helper.pyc",)),  # bytecode with no source: imported, unread
    ({"mastermind.py": b"", "lib/helper.pyc": b"", "lib/helper.py": b"", "lib/other.pyc": b""}, ("lib/other.pyc",)),
    ({"mastermind.py": b"", "helper.py": b"", "helper.cpython-311-x86_64-linux-gnu.so": b""},  # before helper.py
     ("helper.cpython-311-x86_64-linux-gnu.so",)),
    ({"mastermind.py": b"", "notes.txt": b"", "pyc.py": b""}, ()),
    ({"mastermind.py": MAGIC + bytes(12)}, ("mastermind.py",)),  # bytecode under a source's name
    ({"mastermind.py": b"", "helper.py": ZIPPED}, ("helper.py",)),  # a zip archive: run as one whatever its name
    ({"mastermind.py": b"print(1)\n# " + ZIPPED}, ("mastermind.py",)),  # text ahead of the archive, as `head` shows
    ({"mastermind.py": b"print(1)\n", "notes.zip": ZIPPED}, ()),  # an archive under its own name: never run
])
def test_compiled_code_a_report_names_as_not_run(tmp_path, files, named):
    for name, content in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(content)
    assert not_run(tmp_path, [Entry(name, os.lstat(tmp_path / name)) for name in files]) == named


def test_a_program_that_holds_compiled_code_is_no_program(tmp_path):
    (tmp_path / PROGRAM).write_bytes(b"print(1)\n# " + ZIPPED)
    admitted = admit(tmp_path, PROGRAM, IntakeLimits())
    assert admitted.folder is None and admitted.problem == (
        f"{PROGRAM} holds compiled code (bytecode or a zip archive), not Python source: submit the .py file you wrote")
