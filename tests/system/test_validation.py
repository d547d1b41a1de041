"""`grader validate`: a suite with a duplicate, a spec the reference fails, or a spec the template passes
is reported; the real suite is sound."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from grader.grading.recording import record_text
from grader.grading.validation import validate
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "specs" / "02-win-on-first-guess.yaml"

# A short game, recorded from the template below: the template passes it, the reference does not.
TEMPLATE_GAME = """\
name: Recorded from the template
description: Expected output that only the template's placeholders produce.
points: 1
visibility: visible
steps:
  - input: "0123"
  - input: "12a"
"""


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return run_grader(*args, timeout=120)


def suite(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "specs"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def template_game() -> str:
    """Twelve guesses (12a counts: the template accepts anything) typed into the template, which never wins."""
    text = TEMPLATE_GAME + "".join(f'  - input: "{guess}"\n' for guess in
                                   ["1234", "4567", "5678", "6789", "7890", "8901", "9012", "3210", "2301", "1023",
                                    "0132"])
    return record_text(text, "template.yaml", ROOT / "student_template").new


def test_the_real_suite_is_sound():
    result = run_cli("validate")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK:" in result.stdout


def test_each_problem_is_reported(tmp_path):
    good = GOOD.read_text(encoding="utf-8")
    stale = good.replace("You did it in 1 guesses.", "You did it in 1 guess.")
    folder = suite(tmp_path, {
        "a-good.yaml": good,
        "b-same-inputs.yaml": good.replace("name: Winning on the first guess", "name: Another name"),
        "c-stale.yaml": stale.replace("5830", "6830").replace("name: Winning on the first guess", "name: Stale"),
        "d-template-passes.yaml": template_game(),
    })
    result = validate(folder)
    text = "\n".join(result.problems)
    assert result.status == 1
    assert "specs a-good, b-same-inputs type the same inputs" in text
    assert "c-stale: the reference fails it" in text and "1 guess." in text  # with the diff
    assert "d-template-passes: the student template passes it" in text
    assert "d-template-passes: the reference fails it" in text
    assert not any(p.startswith(("a-good:", "b-same-inputs:")) for p in result.problems)


def test_same_names_are_reported(tmp_path):
    good = GOOD.read_text(encoding="utf-8")
    folder = suite(tmp_path, {"a.yaml": good, "b.yaml": good.replace("5830", "5831")})
    result = validate(folder)
    assert any("same name" in p for p in result.problems)


def test_cli_exit_statuses(tmp_path):
    folder = suite(tmp_path, {"a.yaml": GOOD.read_text(encoding="utf-8")})
    ok = run_cli("validate", "--specs", str(folder))
    assert ok.returncode == 0, ok.stdout
    shutil.copy(folder / "a.yaml", folder / "b.yaml")
    duplicate = run_cli("validate", "--specs", str(folder))
    assert duplicate.returncode == 1 and "problem: specs a, b type the same inputs" in duplicate.stdout
    (folder / "c.yaml").write_text("name: x\nsteps: 3\n", encoding="utf-8")
    malformed = run_cli("validate", "--specs", str(folder))
    assert malformed.returncode == 2 and f"malformed: {folder / 'c.yaml'}" in malformed.stdout
    missing = run_cli("validate", "--specs", str(tmp_path / "nowhere"))
    assert missing.returncode == 2 and "no such folder" in missing.stderr
