"""`grade` with a late policy on a real class of correct programs: submission times from a CSV and from
the students' git repositories (untrusted: their hooks and config never run), extensions, a regrade
under a new policy that runs no program, and bad files named in one line with nothing graded lost."""

from __future__ import annotations

import csv
import json
import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = "2026-12-01T23:59:00+00:00"
POLICY = ("--deadline", DEADLINE, "--late-penalty", "10", "--late-cap", "50")
TIMES = """student,submitted_at
ontime,2026-12-01T23:59:00+00:00
hour,2026-12-02T00:59:00Z
twodays,2026-12-04T00:59:00+00:00
tendays,2026-12-11T23:59:00+00:00
extended,2026-12-04T11:59:00+00:00
"""
EXTENSIONS = "student,deadline\nextended,2026-12-05T23:59:00+00:00\n"


def make_class(tmp_path: Path, names: list[str]) -> Path:
    folder = tmp_path / "class"
    for name in names:
        (folder / name).mkdir(parents=True)
        shutil.copy(ROOT / "reference" / "mastermind.py", folder / name)
    return folder


def grade(class_dir: Path, out: Path, *extra: str | Path) -> subprocess.CompletedProcess:
    return run_grader("grade", class_dir, "--out", out, "--jobs", "2", *extra, timeout=600)


def gradebook(out: Path) -> dict[str, dict[str, str]]:
    return {row["student"]: row for row in csv.DictReader(io.StringIO((out / "gradebook.csv").read_text()))}


def test_csv_times_and_extensions_then_a_new_policy_without_running_anything(tmp_path):
    names = ["ontime", "hour", "twodays", "tendays", "extended", "missing"]
    class_dir, out = make_class(tmp_path, names), tmp_path / "out"
    (tmp_path / "times.csv").write_text(TIMES)
    (tmp_path / "ext.csv").write_text(EXTENSIONS)
    done = grade(class_dir, out, *POLICY, "--submitted-at", tmp_path / "times.csv", "--extensions", tmp_path / "ext.csv")
    assert done.returncode == 0, done.stderr
    rows = gradebook(out)
    assert {name: rows[name]["score"] for name in names} == {
        "ontime": "145", "hour": "130.5", "twodays": "101.5", "tendays": "72.5", "extended": "145", "missing": "145"}
    assert [rows["missing"][key] for key in ("raw_score", "time_source", "late", "penalty")] == [
        "145", "none", "no submission time", "0"]
    assert [rows["hour"][key] for key in ("submitted_at", "time_source", "late", "penalty")] == [
        "2026-12-02T00:59:00+00:00", "csv", "1 hour late", "10"]
    assert "no submission time for 1 student(s), graded without a late penalty: missing" in done.stderr
    assert "a late penalty of 10% took 14.5 of the 145 points" in (out / "students" / "hour" / "feedback.md").read_text()
    assert '<section id="late">' in (out / "report.html").read_text()

    again = grade(class_dir, out, "--deadline", DEADLINE, "--late-penalty", "20", "--submitted-at", tmp_path / "times.csv")
    assert again.returncode == 0, again.stderr
    assert again.stderr.count("unchanged, not regraded") == len(names)  # no program ran again
    rows = gradebook(out)
    assert (rows["hour"]["score"], rows["extended"]["score"], rows["tendays"]["score"]) == ("116", "58", "0")
    assert "**Score: 116/145**" in (out / "students" / "hour" / "feedback.md").read_text()

    plain = grade(class_dir, out)  # the policy dropped: the gradebook as without one
    assert plain.returncode == 0 and plain.stderr.count("unchanged, not regraded") == len(names)
    assert gradebook(out)["hour"]["score"] == "145" and "raw_score" not in gradebook(out)["hour"]


def test_bad_files_are_one_line_each_and_lose_nothing_graded(tmp_path):
    class_dir, out = make_class(tmp_path, ["hour"]), tmp_path / "out"
    times = tmp_path / "times.csv"
    times.write_text("student,submitted_at\nhour,2026-12-02T00:59:00Z\n")
    assert grade(class_dir, out, *POLICY, "--submitted-at", times).returncode == 0
    before = (out / "gradebook.csv").read_bytes()
    for text, error in [
        ("student,submitted_at\nhour,2026-12-02 00:59\n", f"{times}:2: submitted_at of hour: '2026-12-02 00:59' has no time zone"),
        ("student,submitted_at\nhour,soon\n", f"{times}:2: submitted_at of hour: 'soon' is not an ISO 8601 time"),
        ("student,submitted_at\nhour,2026-12-02T00:59:00Z\nhour,2026-12-02T00:59:00Z\n", f"{times}:3: hour again (first on line 2)"),
    ]:
        times.write_text(text)
        done = grade(class_dir, out, *POLICY, "--submitted-at", times)
        assert done.returncode == 2 and error in done.stderr and "Traceback" not in done.stderr
        assert (out / "gradebook.csv").read_bytes() == before
    done = grade(class_dir, out, "--deadline", "2026-12-01T23:59", "--late-penalty", "10")
    assert done.returncode == 2 and "--deadline: '2026-12-01T23:59' has no time zone" in done.stderr
    times.write_text("student,submitted_at\nhour,2026-12-02T00:59:00Z\nstranger,2026-12-02T00:59:00Z\n")
    done = grade(class_dir, out, *POLICY, "--submitted-at", times)
    assert done.returncode == 0
    assert f"warning: {times}:3: stranger is not a student of this class (no such folder); row ignored" in done.stderr


def git(folder: Path, *args: str, date: str | None = None) -> None:
    environment = {"PATH": os.environ["PATH"], "HOME": str(folder), "GIT_CONFIG_NOSYSTEM": "1",
                   "GIT_CONFIG_GLOBAL": os.devnull}
    if date:
        environment |= {"GIT_COMMITTER_DATE": date, "GIT_AUTHOR_DATE": date}
    subprocess.run(["git", "-c", "user.name=S", "-c", "user.email=s@example.com", "-c", "init.defaultBranch=main",
                    *args], cwd=folder, env=environment, check=True, capture_output=True)


def test_git_times_read_from_a_copy_whose_hooks_and_config_never_run(tmp_path):
    class_dir, out = make_class(tmp_path, ["late", "nogit"]), tmp_path / "out"
    student = class_dir / "late"
    git(student, "init", "-q")
    git(student, "add", "mastermind.py")
    git(student, "commit", "-qm", "first", date="2026-12-01T20:00:00+00:00")
    (student / "notes.txt").write_text("more\n")
    git(student, "add", "notes.txt")
    git(student, "commit", "-qm", "late", date="2026-12-02T00:59:00+00:00")
    marker = tmp_path / "ran"
    hooks = student / ".git" / "hooks"
    for hook in ("post-checkout", "pre-commit", "reference-transaction"):
        (hooks / hook).write_text(f"#!/bin/sh\ntouch {marker}\n")
        (hooks / hook).chmod(0o755)
    with open(student / ".git" / "config", "a") as config:
        config.write(f"[core]\n\tfsmonitor = touch {marker}\n\tpager = touch {marker}\n")
    done = grade(class_dir, out, *POLICY, "--submitted-at", "git")
    assert done.returncode == 0, done.stderr
    rows = gradebook(out)
    assert [rows["late"][key] for key in ("score", "submitted_at", "time_source")] == ["130.5", "2026-12-02T00:59:00+00:00", "git"]
    assert rows["nogit"]["time_source"] == "none" and "nogit: no git repository" in done.stderr

    (student / "mastermind.py").write_text("print('broken after the deadline')\n")  # not committed
    at_deadline = grade(class_dir, out, *POLICY, "--submitted-at", "git", "--at-deadline")
    assert at_deadline.returncode == 0, at_deadline.stderr
    rows = gradebook(out)
    assert [rows["late"][key] for key in ("score", "submitted_at", "late")] == ["145", "2026-12-01T20:00:00+00:00", "on time"]
    assert (student / "mastermind.py").read_text() == "print('broken after the deadline')\n"  # never checked out there
    assert not marker.exists()


def test_gradescope_metadata_gives_check_the_submission_time_and_the_students_due_date(tmp_path):
    """What run_autograder passes: Gradescope's submission_metadata.json, its created_at one hour after the
    assignment's due date; then the same student with an extension of their own in the metadata."""
    metadata = tmp_path / "submission_metadata.json"
    assignment = {"due_date": "2026-12-01T23:59:00.000000+00:00", "late_due_date": None}
    metadata.write_text(json.dumps({"created_at": "2026-12-02T00:59:00.123456+00:00", "assignment": assignment,
                                    "users": [{"email": "ada@uni.example", "id": 1, "name": "Ada"}]}))
    results = tmp_path / "results.json"
    done = run_grader("check", ROOT / "reference", "--json", results, "--late-penalty", "10",
                      "--times-from-metadata", metadata, timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(results.read_text())
    assert (data["score"], data["extra_data"]["late"]["time_source"], data["extra_data"]["late"]["raw_score"]) == (
        130.5, "gradescope", 145)
    assert data["output"].startswith("Submitted 1 hour late (2026-12-02T00:59:00+00:00, the deadline 2026-12-01T23:59:00+00:00)")
    metadata.write_text(json.dumps({"created_at": "2026-12-02T00:59:00+00:00", "assignment": assignment,
                                    "users": [{"email": "ada@uni.example", "assignment": {"due_date": "2026-12-03T23:59:00Z"}}]}))
    done = run_grader("check", ROOT / "reference", "--json", results, "--late-penalty", "10",
                      "--times-from-metadata", metadata, timeout=300)
    assert done.returncode == 0 and json.loads(results.read_text())["score"] == 145
    metadata.write_text("{}")
    done = run_grader("check", ROOT / "reference", "--late-penalty", "10", "--times-from-metadata", metadata)
    assert done.returncode == 2 and f"{metadata}: no `created_at`" in done.stderr and "Traceback" not in done.stderr


def test_a_gradescope_autograder_applies_assignment_yaml_s_policy_from_the_submission_metadata(tmp_path):
    """The bundle as Gradescope runs it: assignment.yaml's late_penalty, the metadata's created_at one
    hour after its due_date; two specs, for speed."""
    folder = tmp_path / "assignment"
    (folder / "specs").mkdir(parents=True)
    for name in ("01-example-game.yaml", "20-hidden-win-on-first-guess.yaml"):
        shutil.copy(ROOT / "specs" / name, folder / "specs")
    (folder / "assignment.yaml").write_text("name: Late digits\nprogram: mastermind.py\nlate_penalty: 10\nlate_cap: 50\n")
    bundle, root = tmp_path / "autograder.zip", tmp_path / "autograder"
    built = run_grader("gradescope", "--assignment", folder, "--out", bundle)
    assert built.returncode == 0, built.stderr
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
        for info in archive.infolist():  # zipfile drops permissions: restore them as unzip would
            os.chmod(root / "source" / info.filename, (info.external_attr >> 16) & 0o777)
    (root / "submission").mkdir()
    shutil.copy(ROOT / "reference" / "mastermind.py", root / "submission")
    (root / "submission_metadata.json").write_text(json.dumps({
        "created_at": "2026-12-02T00:59:00.365935+00:00", "assignment": {"due_date": "2026-12-01T23:59:00.000000+00:00"},
        "users": [{"email": "ada@uni.example", "id": 1, "name": "Ada"}]}))
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "AUTOGRADER_PYTHON": sys.executable}
    done = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    assert (results["score"], results["extra_data"]["late"]["raw_score"]) == (12.6, 14)
    assert results["output"].startswith("Submitted 1 hour late")


def test_a_policy_without_times_or_a_deadline_is_said_not_applied_or_refused(tmp_path):
    class_dir, out = make_class(tmp_path, ["ada"]), tmp_path / "out"
    done = grade(class_dir, out, *POLICY)
    assert done.returncode == 0 and "late policy not applied: no submission times" in done.stderr
    assert "raw_score" not in gradebook(out)["ada"]
    (tmp_path / "times.csv").write_text("student,submitted_at\nada,2026-12-02T00:59:00Z\n")
    for extra, said in [(("--late-penalty", "10", "--submitted-at", tmp_path / "times.csv"), "--submitted-at needs a deadline"),
                        (("--submitted-at", tmp_path / "times.csv", "--at-deadline"), "--at-deadline picks a commit")]:
        done = grade(class_dir, out, *extra)
        assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr
