"""The package pyproject.toml builds: every package of grader/ and the example `new` copies, with the
files the grader reads beside its code; and which assignment a command finds when given none."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.commands.new import EXAMPLE_FILES, start_assignment
from grader.base.errors import UsageError
from grader.spec.assignment import CONFIG, find_assignment, load_assignment

tomllib = pytest.importorskip("tomllib")  # Python 3.11 on
ROOT = Path(__file__).resolve().parents[2]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_of_the_grader_is_built_and_the_example_beside_them():
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in ROOT.glob("grader/**/__init__.py")}
    assert set(SETUPTOOLS["packages"]) == found | {"grader.example"}
    assert SETUPTOOLS["package-dir"] == {"grader.example": "."}


def test_the_example_s_package_data_is_what_new_copies():
    assert SETUPTOOLS["package-data"]["grader.example"] == list(EXAMPLE_FILES)


def test_every_file_the_grader_reads_beside_its_code_is_package_data():
    data = SETUPTOOLS["package-data"]
    read = {path.relative_to(ROOT / "grader") for path in (ROOT / "grader").rglob("*") if path.is_file()
            and "__pycache__" not in path.parts and (path.suffix != ".py" or "templates" in path.parts)}
    shipped = {path.relative_to(ROOT / "grader") for package, patterns in data.items() if package != "grader.example"
               for pattern in patterns for path in (ROOT / package.replace(".", "/")).glob(pattern) if path.is_file()}
    assert read and read <= shipped


@pytest.mark.parametrize("holding, start, found", [
    (["a"], "a/b/c", "a"),  # from a folder below the assignment's
    (["a"], "a", "a"),
    (["", "a"], "a/b", "a"),  # the nearest
    (["", "a"], "d", ""),
])
def test_a_command_finds_the_nearest_assignment_from_where_it_runs(holding, start, found, tmp_path):
    for folder in holding:
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / CONFIG).write_text("name: Game\nprogram: game.py\n")
    (tmp_path / start).mkdir(parents=True, exist_ok=True)
    assert find_assignment(tmp_path / start) == tmp_path / found


def test_with_none_above_a_checkout_s_own_is_found():
    assert find_assignment(Path("/")) == ROOT


def test_new_copies_the_example_without_its_slug_into_a_new_folder(tmp_path):
    copied = start_assignment(tmp_path / "hw1", ROOT)
    assert {path.relative_to(tmp_path / "hw1").parts[0] for path in copied} == {
        CONFIG, "specs", "reference", "student_template"}
    assert tmp_path / "hw1" / "specs" / "suite.yaml" in copied
    assert not (tmp_path / "hw1" / "specs" / "README.md").exists()  # the spec format's page stays in the docs
    assignment = load_assignment(tmp_path / "hw1")
    assert (assignment.name, assignment.program, assignment.slug) == ("Mastermind (digits)", "mastermind.py", "hw1")


@pytest.mark.parametrize("existing", ["file", "folder with a file"])
def test_new_refuses_a_folder_that_holds_something(existing, tmp_path):
    out = tmp_path / "hw1"
    if existing == "file":
        out.write_text("")
    else:
        out.mkdir()
        (out / "notes.txt").write_text("")
    with pytest.raises(UsageError, match="already exists and is not an empty folder"):
        start_assignment(out, ROOT)
