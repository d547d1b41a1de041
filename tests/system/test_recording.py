"""`grader record`: expected output comes from the reference, and the spec file keeps its shape."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from grader.judge.judging import judge
from grader.grading.recording import RecordError, record_file, record_text
from grader.engine.runner import Options, run_spec
from grader.spec.specs import parse_spec
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "student_template"

HAND_WRITTEN = """\
# A loss: the wording of the last line is free.
name: Losing after twelve guesses
description: >
  Twelve wrong guesses.
points: 3
visibility: hidden
steps:
  - input: "  0123 "     # the key, with spaces around it
  - input: 1234
  - input: 12a           # too short
  - input: 4567
  - input: 5678
  - input: 6789
  - input: 7890
  - input: 8901
  - input: 9012
  - input: 3210
  - input: 2301
  - input: 1023
  - input: 0132
  - input: 0213
  - output:
      - contains: "0123"  # any wording, as long as the key is there
      - regex: "Well done.*"
"""


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return run_grader(*args, timeout=120)


def passes_reference(text: str, path: str = "x.yaml") -> bool:
    spec = parse_spec(text, path, "x")
    return judge(spec, run_spec(ROOT / "reference", spec, Options())).passed


def test_hand_written_inputs_are_filled_in_and_comments_and_order_kept():
    result = record_text(HAND_WRITTEN, "loss.yaml")
    new = result.new
    assert result.changed
    for comment in ("# A loss: the wording", "# the key, with spaces around it", "# too short",
                    "# any wording, as long as the key is there"):
        assert comment in new
    keys = [line.split(":")[0] for line in new.splitlines() if line and not line.startswith((" ", "#"))]
    assert keys == ["name", "description", "points", "visibility", "steps"]
    # The matching pattern line stays; the one that matches nothing becomes exact text.
    assert '- contains: "0123"' in new
    assert "Well done" not in new
    assert any("Well done" in warning for warning in result.warnings)
    # Inputs are untouched text, expected output is the reference's, the ending is recorded.
    assert 'input: "  0123 "' in new and "input: 0132" in new
    assert '"0213 : exist: 2, position: 2"' in new
    assert "Guess must be of 4 digits!" in new
    assert new.rstrip().endswith("exit: 0")
    spec = parse_spec(new, "loss.yaml", "loss")
    assert spec.inputs[0] == "  0123 " and spec.inputs[-1] == "0213"
    assert spec.steps[-1].lines[-1].kind == "contains"
    assert passes_reference(new)


def test_recording_a_recorded_spec_changes_nothing():
    text = (ROOT / "specs" / "01-example-game.yaml").read_text(encoding="utf-8")
    assert not record_text(text, "01-example-game.yaml").changed


def test_stale_expected_output_is_fixed_and_styles_kept(tmp_path):
    original = (ROOT / "specs" / "02-win-on-first-guess.yaml").read_text(encoding="utf-8")
    stale = (original.replace("5830 : exist: 0, position: 4", "5830 : exist: 4, position: 0")
             .replace('prompt: "Enter guess: "', "prompt: 'Enter Guess: '"))
    assert stale != original and not passes_reference(stale)
    path = tmp_path / "02-win-on-first-guess.yaml"
    path.write_text(stale, encoding="utf-8")
    result = record_file(path)
    assert result.changed
    assert "-      5830 : exist: 4, position: 0" in result.diff()
    assert "prompt: 'Enter guess: '" in result.new  # single quotes kept, text fixed
    assert result.new == original.replace('prompt: "Enter guess: "', "prompt: 'Enter guess: '")
    assert passes_reference(result.new)


def test_pattern_lines_kept_in_place_when_they_still_match():
    original = (ROOT / "specs" / "05-loss-after-twelve-guesses.yaml").read_text(encoding="utf-8")
    flexible = original.replace('- "1234 : exist: 2, position: 1"', '- regex: "1234 : exist: \\\\d, position: \\\\d"')
    assert flexible != original
    result = record_text(flexible, "05.yaml")
    assert not result.changed and not result.warnings


def test_cli_records_in_place_and_reports(tmp_path):
    path = tmp_path / "hand.yaml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    first = run_cli("record", str(path))
    assert first.returncode == 0, first.stderr
    assert "+++" in first.stdout and f"{path}: recorded" in first.stdout
    recorded = path.read_text(encoding="utf-8")
    assert passes_reference(recorded)
    again = run_cli("record", "--check", str(path))
    assert again.returncode == 0 and f"{path}: unchanged" in again.stdout
    assert path.read_text(encoding="utf-8") == recorded


@pytest.mark.parametrize("inputs, message", [
    (["1234", "4321"], "asked for more input"),
    (["1234", "1234", "5678"], "ended after input 2"),
])
def test_refuses_when_the_reference_cannot_run_the_spec(tmp_path, inputs, message):
    text = "name: n\ndescription: d\npoints: 1\nvisibility: visible\nsteps:\n" + "".join(
        f"  - input: {i}\n" for i in inputs)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        record_file(path)
    result = run_cli("record", str(path))
    assert result.returncode == 2
    assert message in result.stderr and "not recorded" in result.stderr
    assert path.read_text(encoding="utf-8") == text  # left as it was


def test_records_from_another_program(tmp_path):
    """--reference: the template, which prints bare guesses, gives different expected output."""
    result = record_text(HAND_WRITTEN.replace("  - input: 12a           # too short\n", ""), "t.yaml", TEMPLATE)
    assert '"1234"' in result.new or "- 1234\n" in result.new
    assert not passes_reference(result.new)


def test_the_suite_file_is_skipped_and_its_options_never_change_what_is_recorded(tmp_path):
    suite = tmp_path / "suite.yaml"
    suite.write_text("defaults:\n  ignore: [prompts, blank_lines, case, trailing_whitespace]\n", encoding="utf-8")
    path = tmp_path / "hand.yaml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    result = run_cli("record", str(suite), str(path))
    assert result.returncode == 0, result.stderr
    assert f"{suite}: the suite's defaults, not a spec: skipped" in result.stdout
    assert 'prompt: "Enter guess: "' in path.read_text(encoding="utf-8")  # exactly as the reference printed it


def test_record_refuses_a_web_pages_specs_saying_they_are_written_by_hand():
    done = run_grader("record", "assignments/web-colour/specs/01-example.yaml", "--assignment",
                      "assignments/web-colour", timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert "a web page's specs are written by hand" in done.stderr and "Traceback" not in done.stderr
