"""`check --junit FILE`: JUnit XML that parses, one testcase per spec, failures with their details, and
any character a program prints made safe for XML."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]

CONTROL_CHARACTERS = """
import sys
sys.stdout.write("\\x1b[31mEnter key: \\x00\\x07")
sys.stdout.flush()
input()
"""


def specs_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "specs"
    folder.mkdir()
    for name in ("01-example-game.yaml", "20-hidden-win-on-first-guess.yaml"):
        shutil.copy(ROOT / "specs" / name, folder)
    return folder


def check_junit(submission: Path, specs: Path, out: Path) -> ET.Element:
    done = run_grader("check", submission, "--specs", specs, "--junit", out)
    assert done.returncode in (0, 1), done.stderr
    return ET.parse(out).getroot()


def test_reference_passes_every_testcase(tmp_path: Path):
    root = check_junit(ROOT / "reference", specs_dir(tmp_path), tmp_path / "junit.xml")
    assert root.tag == "testsuites" and root.get("tests") == "2" and root.get("failures") == "0"
    cases = root.findall("./testsuite/testcase")
    assert [case.get("name").split(":")[0] for case in cases] == ["01-example-game", "20-hidden-win-on-first-guess"]
    assert all(case.find("failure") is None for case in cases)


def test_failures_carry_kind_message_and_diff(tmp_path: Path):
    root = check_junit(ROOT / "tests" / "submissions" / "bug-prompt-no-trailing-space", specs_dir(tmp_path),
                       tmp_path / "junit.xml")
    suite = root.find("testsuite")
    assert suite.get("failures") == "2"
    failure = suite.find("testcase/failure")
    assert failure.get("type") == "output differs"
    assert "is not what was expected" in failure.get("message")
    assert "Enter guess:" in failure.text and "Inputs typed, in order:" in failure.text
    assert {p.get("name"): p.get("value") for p in suite.iter("property")} == {"score": "0", "max_score": "14"}


def test_characters_xml_forbids_are_escaped(tmp_path: Path):
    program = tmp_path / "controls"
    program.mkdir()
    (program / "mastermind.py").write_text(CONTROL_CHARACTERS)
    root = check_junit(program, specs_dir(tmp_path), tmp_path / "junit.xml")
    text = "".join(failure.text or "" for failure in root.iter("failure"))
    assert "\\x1b[31mEnter key: \\x00\\x07" in text
