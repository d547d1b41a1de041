"""The worked example of docs/writing-specs.md is true: every file it shows is the file in
assignments/guess/, recording the inputs-only specs it shows gives the recorded files, and every
command's output it shows is what the command prints. A block says which it is in an HTML comment
just above it (`<!-- same as: PATH -->`, `<!-- record gives: PATH -->`, `<!-- output of: ARGS -->`)."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "writing-specs.md"
MARKED = re.compile(r"^<!-- (same as|record gives|output of): (.+?) -->\n```\w*\n(.*?)^```$", re.M | re.S)
BLOCKS = MARKED.findall(PAGE.read_text(encoding="utf-8"))


def marked(kind: str) -> list[tuple[str, str]]:
    return [(what, block) for found, what, block in BLOCKS if found == kind]


def test_the_page_marks_its_files_recordings_and_outputs():
    assert len(marked("same as")) >= 3 and len(marked("record gives")) == 2 and len(marked("output of")) >= 3


@pytest.mark.parametrize("path, block", marked("same as"), ids=lambda value: value if "\n" not in value else "")
def test_a_file_shown_is_the_file(path, block):
    assert block == (ROOT / path).read_text(encoding="utf-8")


def test_recording_the_inputs_shown_gives_the_specs_shown(tmp_path):
    assignment = tmp_path / "guess"
    shutil.copytree(ROOT / "assignments" / "guess", assignment)
    targets = []
    for path, block in marked("record gives"):
        target = assignment / Path(path).relative_to("assignments/guess")
        target.write_text(block, encoding="utf-8")
        targets.append((target, ROOT / path))
    done = run_grader("record", *(target for target, _ in targets), "--assignment", assignment, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    for recorded, shipped in targets:
        assert recorded.read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8")


@pytest.mark.parametrize("arguments, block", marked("output of"), ids=lambda value: value if "\n" not in value else "")
def test_a_command_s_output_shown_is_what_it_prints(arguments, block):
    done = run_grader(*shlex.split(arguments), timeout=120)
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout == block
