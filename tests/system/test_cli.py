"""`python3 -m grader check` as students, instructors and CI run it: reports, results files, exit statuses."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

from conftest import ROOT, one_spec
from grader.sandbox import proc
from grader.spec.specs import load_specs
from grader_command import run_grader


def check(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return run_grader("check", *args, cwd=cwd, timeout=600)


def test_reference_earns_full_marks_and_exit_0(tmp_path):
    result = check("reference", "--json", str(tmp_path / "results.json"))
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["score"] == data["max_score"] > 0
    assert {t["status"] for t in data["tests"]} == {"passed"}
    assert set(data["tests"][0]) >= {"name", "score", "max_score", "status", "output", "visibility"}


def test_template_scores_zero_with_a_message_per_spec_and_no_grader_error():
    result = check("student_template")
    specs = load_specs(ROOT / "specs")
    assert result.returncode == 1 and result.stderr == ""
    assert "Score: 0/" in result.stdout
    grouped = sum(int(n) for n in re.findall(r"The same difference in (\d+) more spec", result.stdout))
    assert result.stdout.count("Problem: ") + grouped == len(specs)  # each difference told once
    assert "Traceback" not in result.stdout


def test_missing_trailing_space_in_the_prompt_shows_in_the_diff(tmp_path):
    submission = tmp_path / "student"
    submission.mkdir()
    source = (ROOT / "reference" / "mastermind.py").read_text().replace('"Enter guess: "', '"Enter guess:"')
    (submission / "mastermind.py").write_text(source)
    result = check(str(submission), "--specs", str(ROOT / "specs"))
    assert result.returncode == 1
    assert "- Enter guess:·" in result.stdout and "+ Enter guess:\n" in result.stdout
    assert '1. "' in result.stdout and "<- the output after this one is where it went wrong" in result.stdout


def test_a_folder_without_the_program_is_a_student_failure(tmp_path):
    result = check(str(tmp_path))
    assert result.returncode == 1
    assert "no mastermind.py (the folder is empty)" in result.stdout


def test_bad_arguments_and_malformed_specs_exit_2_without_a_traceback(tmp_path):
    assert check(str(tmp_path / "nowhere")).returncode == 2
    specs = tmp_path / "specs"
    shutil.copytree(ROOT / "specs", specs)
    (specs / "zz-broken.yaml").write_text("name: x\npoints: 1\n")
    result = check("reference", "--specs", str(specs))
    assert result.returncode == 2
    assert f"{specs / 'zz-broken.yaml'}:1: the spec: 'description' is a required property" in result.stderr
    assert "nothing was graded" in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""
    assert check("reference", "--jobs", "many").returncode == 2


def test_limits_can_be_changed_per_run_and_bad_ones_are_usage_errors():
    result = check("reference", "--limit", "output_bytes=40")
    assert result.returncode == 1 and "(too much output)" in result.stdout
    assert "printed more than 40 bytes" in result.stdout
    bad = check("reference", "--limit", "cpu=3")
    assert bad.returncode == 2 and "NAME one of cpu_seconds" in bad.stderr


def test_missing_protections_are_said_once_and_require_sandbox_refuses(monkeypatch):
    monkeypatch.setenv("GRADER_SANDBOX", "off")
    result = check("reference")
    assert result.returncode == 0
    assert result.stderr.count("note: your program runs with limits but without the full sandbox") == 1
    lines = [line for line in result.stderr.splitlines() if "student code can read" not in line]  # as root: see test_redteam
    assert "pid_namespace" not in result.stderr and len(lines) == 1  # one plain line, no jargon
    refused = check("reference", "--require-sandbox")
    assert refused.returncode == 2 and "full isolation is not available" in refused.stderr
    assert refused.stdout == ""


def test_grade_passes_run_options_to_its_workers(tmp_path):
    shutil.copytree(ROOT / "reference", tmp_path / "class" / "ada")
    specs = one_spec(tmp_path)  # the options reach the workers whatever the specs
    result = run_grader("grade", tmp_path / "class", "--out", tmp_path / "out", "--specs", specs,
                        "--limit", "output_bytes=40", timeout=600)
    assert result.returncode == 0, result.stderr
    results = json.loads((tmp_path / "out" / "students" / "ada" / "results.json").read_text())
    assert results["score"] == 0 and "more than 40 bytes" in results["tests"][0]["output"]
    (tmp_path / "class" / "bob.zip").write_bytes(b"PK")  # a file, not a folder: graded, never left out
    again = run_grader("grade", tmp_path / "class", "--out", tmp_path / "out", "--specs", specs, timeout=600)
    assert again.returncode == 0, again.stderr
    results = json.loads((tmp_path / "out" / "students" / "ada" / "results.json").read_text())
    assert results["score"] == results["max_score"], "changed run options must regrade"
    gradebook = (tmp_path / "out" / "gradebook.csv").read_text()
    assert "\nbob.zip,0," in gradebook


def test_a_sandbox_that_cannot_start_the_program_is_a_grader_error_not_a_zero(tmp_path):
    from grader.sandbox.protections import protections

    if not protections().full:
        import pytest
        pytest.skip(protections().describe())
    big = tmp_path / "big"
    shutil.copytree(ROOT / "reference", big)
    (big / "data.bin").write_bytes(b"x" * 700_000)
    result = check(str(big), "--specs", one_spec(tmp_path), "--limit", "disk_mb=1")
    assert result.returncode == 2 and "too much for the sandbox's disk (disk_mb=1)" in result.stderr
    many = tmp_path / "many"
    shutil.copytree(ROOT / "reference", many)
    (many / "files").mkdir()
    for number in range(101):  # more files than the sandbox's file system holds (disk_files), once intake allows them
        (many / "files" / str(number)).touch()
    result = check(str(many), "--specs", one_spec(tmp_path), "--limit", "disk_files=100")
    assert result.returncode == 2, result.stdout
    assert "the sandbox could not run" in result.stderr and "cannot build the sandbox" in result.stderr
    assert "Traceback" not in result.stderr


def test_unwritable_result_paths_and_non_folders_are_usage_errors(tmp_path):
    for args in (["--json", str(tmp_path)], ["--junit", str(tmp_path / "no" / "such" / "x.xml")]):
        result = check("reference", *args)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    not_a_folder = tmp_path / "file.py"
    not_a_folder.write_text("print()")
    result = check(str(not_a_folder))
    assert result.returncode == 2 and "is not a folder" in result.stderr
    assert check("reference", "--jobs", "0").returncode == 2
    unwritable = check("reference", "--junit", "/proc/junit.xml")  # /proc: not writable even by root
    assert unwritable.returncode == 2 and "error: /proc/junit.xml: cannot write in /proc" in unwritable.stderr
    assert ".tmp" not in unwritable.stderr and "Checking" not in unwritable.stdout  # refused before grading


def make(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["make", "--no-print-directory", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_make_passes_any_folder_name_and_says_plainly_what_is_wrong(tmp_path):
    spaced = tmp_path / "my sub 'q' \"dq\""
    spaced.mkdir()
    (spaced / "main.py").write_text("print()\n")  # nothing runs: the check is about the path
    checked = make("check", f"SUBMISSION={spaced}")
    assert f"Checking {spaced} against" in checked.stdout, checked.stdout + checked.stderr
    assert "no mastermind.py (found: main.py)" in checked.stdout

    a_file = tmp_path / "class.zip"
    a_file.write_bytes(b"PK")
    graded = make("grade", f"SUBMISSIONS={a_file}", f"OUT={tmp_path / 'out'}")
    assert f"error: {a_file}: is a file; give the class folder (one subfolder per student)" in graded.stderr

    (tmp_path / "my class" / "ada").mkdir(parents=True)
    under_a_file = tmp_path / "class.zip" / "grades"
    graded = make("grade", f"SUBMISSIONS={tmp_path / 'my class'}", f"OUT={under_a_file}")
    assert f"error: {under_a_file}: cannot create this folder (Not a directory)" in graded.stderr
    assert ".tmp" not in graded.stderr and "Traceback" not in graded.stderr
    graded = make("grade", f"SUBMISSIONS={tmp_path / 'my class'}", f"OUT={tmp_path / 'my out'}")
    assert (tmp_path / "my out" / "gradebook.csv").is_file(), graded.stdout + graded.stderr


def test_make_test_is_quiet_and_names_the_slowest_tests():
    """`make test` prints a dot per test and the ten slowest by name, not a line per test, and make echoes
    none of its recipes; `make test-fast` runs only tests/unit."""
    planned = make("-n", "test")
    processes = (os.cpu_count() or 1) + 1  # one more than the cores: a test waiting on a clock idles none
    assert f"-m pytest -n {processes} --dist loadgroup -q --durations=10" in planned.stdout, planned.stdout
    assert "--verbose" not in planned.stdout and "-m mypy" in planned.stdout
    assert "-m pytest tests/unit -q" in make("-n", "test-fast").stdout
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert not [line for line in makefile.splitlines() if line.startswith("\t") and not line.startswith("\t@")]


def test_check_leaves_no_daemon_behind_even_without_isolation(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADER_SANDBOX", "off")
    folder = tmp_path / "daemon"
    folder.mkdir()
    source = (ROOT / "reference" / "mastermind.py").read_text().replace(
        'if __name__ == "__main__":',
        'import subprocess\n'
        'subprocess.Popen(["sh", "-c", "exec sleep 3171"], start_new_session=True, env={},\n'
        '                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n'
        'if __name__ == "__main__":')
    (folder / "mastermind.py").write_text(source)
    result = check(str(folder), "--visible-only")
    assert result.returncode == 0, result.stdout + result.stderr
    assert [pid for pid in proc.pids() if b"3171" in b" ".join(proc.cmdline(pid))] == []


def test_check_finds_the_program_one_folder_down_and_names_a_misnamed_one(tmp_path):
    nested = tmp_path / "alice" / "mastermind-main"
    nested.mkdir(parents=True)
    shutil.copy(ROOT / "reference" / "mastermind.py", nested)
    found = check(str(tmp_path / "alice"), "--visible-only")
    assert found.returncode == 0, found.stdout + found.stderr
    assert f"Checking {nested / 'mastermind.py'}" in found.stdout
    (nested / "mastermind.py").rename(nested / "main.py")
    misnamed = check(str(tmp_path / "alice"), "--visible-only", "--json", str(tmp_path / "results.json"))
    assert misnamed.returncode == 1, misnamed.stderr
    assert "no mastermind.py (found: mastermind-main/main.py)" in misnamed.stdout
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["score"] == 0 and "no mastermind.py (found: mastermind-main/main.py)" in results["tests"][0]["output"]
    assert results["extra_data"]["problem"] == "no mastermind.py (found: mastermind-main/main.py)"  # the gradebook's column


def test_an_oversized_upload_is_the_students_zero_not_a_grader_error(tmp_path):
    folder = tmp_path / "bob"
    shutil.copytree(ROOT / "reference", folder)
    (folder / "dataset.bin").write_bytes(b"x" * (11 << 20))
    specs = one_spec(tmp_path)
    big = check(str(folder), "--specs", specs)
    assert big.returncode == 1, big.stdout + big.stderr
    assert "too big: more than 10 MB of files (limit submission_mb=10)" in big.stdout
    (folder / "dataset.bin").unlink()
    for number in range(1001):
        (folder / f"note{number}.txt").touch()
    many = check(str(folder), "--specs", specs)
    assert many.returncode == 1 and "too many files: more than 1000" in many.stdout
    allowed = check(str(folder), "--specs", specs, "--limit", "submission_files=2000")
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr


HEAVY = ("ruamel", "jsonschema", "referencing", "playwright")  # recording's, reading specs', a web page's
RUNNING = ("grader.engine", "grader.sandbox", "grader.batch")  # what runs students' programs


def imported(argv: list[str], watched: tuple[str, ...]) -> list[str]:
    """Which of the `watched` packages a fresh interpreter holds once the grader has run `argv`."""
    code = ("import json, sys\nfrom grader.commands.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n"
            f"    pass\nprint(json.dumps(sorted(p for p in {watched!r} if any(n == p or n.startswith(p + '.') for n in sys.modules))))\n")
    done = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_help_and_the_commands_that_run_nothing_import_only_what_they_use():
    """`--help` builds every command's parser and imports none of the heavy dependencies; `feedback` (every
    student's CI summary) reads results without loading the engine, the sandbox or the batch."""
    assert imported(["--help"], HEAVY) == []
    assert imported(["feedback", "--help"], HEAVY + RUNNING) == []


def test_a_command_imports_only_its_own_module():
    """`check` is what students run most: it does not pay for importing what `record` or `grade` drive."""
    code = ("import sys\nfrom grader.commands.cli import build_parser\nbuild_parser(['check', 'folder'])\n"
            "print(sorted(name for name in ('ruamel.yaml', 'grader.commands.recording', 'grader.commands.grade') if name in sys.modules))\n"
            "print(sorted(build_parser(['--help'])._subparsers._group_actions[0].choices))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    imported, every = done.stdout.splitlines()
    assert imported == "[]"
    assert every == str(sorted(["check", "record", "mutants", "validate", "explore", "grade", "gradebook", "feedback", "handout",
                                "gradescope", "convert", "prairielearn", "classroom50", "dry-run", "similar", "new"]))
