"""Variants through the real commands (assignments/colour: eight, ten and twelve rows): each variant's
reference earns full marks, a program of another variant's rules loses the loss, a spec marked for some
variants grades those only and every variant must be worth the same points, an unknown name lists the
variants in every command, one handout per variant with its numbers written in and its own check, and
the corpus's {{rows}} filled in for mutants. A few specs each, to stay quick."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader.commands.variant_files import fill_folder
from grader.spec.assignment import load_assignment, with_variant
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
COLOUR = ROOT / "assignments" / "colour"


def grader(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return run_grader(*args, cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT)})


def colour_copy(tmp_path: Path, specs: dict[str, tuple[str, str]]) -> Path:
    """The colour assignment with only these specs (each named: the colour spec it copies, and YAML to
    append), and its suite file."""
    folder = tmp_path / "colour"
    (folder / "specs").mkdir(parents=True)
    for name in ("assignment.yaml", "referee.py", "specs/suite.yaml"):
        shutil.copyfile(COLOUR / name, folder / name)
    for name in ("reference", "student_template"):
        shutil.copytree(COLOUR / name, folder / name)
    for name, (source, extra) in specs.items():
        text = (COLOUR / "specs" / source).read_text(encoding="utf-8").replace("name: ", f"name: {Path(name).stem}, ", 1)
        (folder / "specs" / name).write_text(text + extra, encoding="utf-8")
    return folder


def reference_of(variant: str, tmp_path: Path) -> Path:
    return fill_folder(COLOUR / "reference", tmp_path / f"reference-{variant}",
                       with_variant(load_assignment(COLOUR), variant).variant)


def test_each_variant_s_reference_earns_full_marks_and_a_marked_spec_grades_its_variants_only(tmp_path):
    folder = colour_copy(tmp_path, {"01-demo.yaml": ("01-demo.yaml", "variants: [eight-rows]\n"),
                                    "03-loss.yaml": ("03-loss.yaml", ""),
                                    "01-demo-again.yaml": ("01-demo.yaml", "variants: [ten-rows, twelve-rows]\n")})
    ten = grader("validate", "--assignment", str(folder), "--variant", "ten-rows", "--jobs", "2")
    assert ten.returncode == 0, ten.stdout + ten.stderr
    assert "for the variant ten-rows (rows 10)" in ten.stdout and "OK: 2 specs" in ten.stdout  # 01-demo is not its
    (folder / "specs" / "01-demo-again.yaml").unlink()
    unequal = grader("validate", "--assignment", str(folder), "--variant", "twelve-rows", "--jobs", "2")
    assert unequal.returncode == 1
    assert "the variants are not worth the same points (eight-rows 4, ten-rows 2, twelve-rows 2)" in unequal.stdout


def test_a_program_of_the_eight_row_rules_loses_the_loss_of_the_ten_row_variant(tmp_path):
    folder = colour_copy(tmp_path, {"03-loss.yaml": ("03-loss.yaml", ""), "02-win.yaml": ("02-win.yaml", "")})
    eight = reference_of("eight-rows", tmp_path)
    result = grader("check", str(eight), "--assignment", str(folder), "--variant", "ten-rows", "--jobs", "2",
                    "--json", str(tmp_path / "results.json"))
    assert result.returncode == 1, result.stderr
    assert "variant ten-rows (rows 10)" in result.stdout.splitlines()[0]  # the report says which rules
    assert ("This looks written for variant eight-rows. Graded by that variant's rules, the tests it failed would "
            "earn back all 2 points it lost") in result.stdout  # 03-loss run again by the other variants' rules: eight-rows gives it back
    extra = json.loads((tmp_path / "results.json").read_text())["extra_data"]
    assert extra["looks_like"] == {"variant": "eight-rows", "points": 2}
    assert "PASS  02-win" in result.stdout and "FAIL  03-loss" in result.stdout
    assert ("the program ended, but the game was not over (it last asked 'Guess 8/8: '): it must ask for guess 9"
            in result.stdout)  # its own prompt shows it counts to 8


@pytest.mark.parametrize("command, arguments", [
    ("validate", []), ("mutants", []), ("handout", ["--out", "x"]), ("gradescope", ["--out", "x.zip"]),
    ("check", [str(COLOUR / "student_template")]), ("grade", [str(COLOUR / "tests" / "submissions"), "--out", "x"]),
])
def test_an_unknown_variant_lists_the_variants(command, arguments, tmp_path):
    result = grader(command, *arguments, "--assignment", str(COLOUR), "--variant", "ten", cwd=tmp_path)
    assert result.returncode == 2
    assert "no variant 'ten'; its variants are eight-rows, ten-rows, twelve-rows" in result.stderr
    assert "Traceback" not in result.stderr and not list(tmp_path.iterdir())  # nothing was built or graded


def test_one_handout_per_variant_each_with_its_numbers_and_its_own_check(tmp_path):
    built = grader("handout", "--assignment", str(COLOUR), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    handouts = sorted(path.name for path in (tmp_path / "dist" / "colour").iterdir())
    assert handouts == ["handout-eight-rows", "handout-ten-rows", "handout-twelve-rows"]
    ten = tmp_path / "dist" / "colour" / "handout-ten-rows"
    readme = (ten / "student_template" / "README.md").read_text(encoding="utf-8")
    assert "Ask with `Guess N/10: `" in readme and "{{" not in readme
    assert [variant.name for variant in load_assignment(ten).variants] == ["ten-rows"]  # that variant alone
    assert grader("handout", "--assignment", str(COLOUR), "--out", str(tmp_path / "one")).returncode == 2  # which one?
    checked = subprocess.run([sys.executable, "-m", "grader", "check", str(reference_of("ten-rows", tmp_path)),
                              "--jobs", "2"], cwd=ten, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0 and "Score: 18/18" in checked.stdout, checked.stdout + checked.stderr


def test_mutants_fill_in_the_corpus_for_the_variant(tmp_path):
    folder = colour_copy(tmp_path, {"03-loss.yaml": ("03-loss.yaml", "")})
    result = grader("mutants", "--assignment", str(folder), "--corpus", str(COLOUR / "tests" / "submissions"),
                    "--variant", "twelve-rows", "seven", "recursive")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 of 1 FAIL entries caught; 1 of 1 PASS entries earn full marks" in result.stdout


def test_record_uses_the_variant_s_reference_and_skips_a_spec_marked_for_others(tmp_path):
    folder = colour_copy(tmp_path, {"01-demo.yaml": ("01-demo.yaml", "variants: [eight-rows]\n")})
    spec = str(folder / "specs" / "01-demo.yaml")
    skipped = grader("record", spec, "--assignment", str(folder), "--variant", "ten-rows", "--check")
    assert skipped.returncode == 0 and "marked for the variant(s) eight-rows, not ten-rows: skipped" in skipped.stdout
    recorded = grader("record", spec, "--assignment", str(folder), "--check")  # the default: eight-rows
    assert recorded.returncode == 0 and f"{spec}: unchanged" in recorded.stdout, recorded.stdout + recorded.stderr


def test_a_class_graded_with_per_student_variants(tmp_path):
    """Each student is graded by the variant the roster gives them; a program of the eight-row rules
    given the ten-row variant loses the loss and its report says which rules it looks like; a regrade
    gives the same book, and a student whose variant changes is graded again."""
    folder = colour_copy(tmp_path, {name: (name, "") for name in ("02-win.yaml", "03-loss.yaml")})
    eight, ten = reference_of("eight-rows", tmp_path), reference_of("ten-rows", tmp_path)
    for student, program in (("ada", eight), ("bob", ten), ("chen", eight)):
        shutil.copytree(program, tmp_path / "class" / student)
    roster = tmp_path / "roster.csv"
    roster.write_text("student,email,variant\nada,ada@uni.example,eight-rows\nbob,bob@uni.example,ten-rows\n"
                      "chen,chen@uni.example,ten-rows\n", encoding="utf-8")
    out = tmp_path / "out"
    command = ("grade", str(tmp_path / "class"), "--out", str(out), "--assignment", str(folder), "--jobs", "2",
               "--variants-from", f"{roster}:variant")
    first = grader(*command)
    assert first.returncode == 0, first.stderr
    assert "variants: eight-rows 1, ten-rows 2 student(s); 1 look written for another variant's rules: chen (eight-rows)" \
        in first.stderr
    book = (out / "gradebook.csv").read_text(encoding="utf-8")
    assert book.splitlines() == [
        "student,score,max_score,status,variant,looks_like,02-win,03-loss,problem",
        "ada,5,5,full marks,eight-rows,,3,2,", "bob,5,5,full marks,ten-rows,,3,2,",
        "chen,3,5,points lost,ten-rows,eight-rows (+2),3,0,"]
    feedback = (out / "students" / "chen" / "feedback.md").read_text(encoding="utf-8")
    assert "Graded by the rules of your variant, **ten-rows**" in feedback
    assert "**This looks written for variant eight-rows.**" in feedback
    results = json.loads((out / "students" / "chen" / "results.json").read_text(encoding="utf-8"))
    assert results["extra_data"] == {"variant": "ten-rows", "looks_like": {"variant": "eight-rows", "points": 2},
                                     "assignment": "colour"}
    report = (out / "report.html").read_text(encoding="utf-8")
    assert '<span class="tag warn">looks like eight-rows</span>' in report and "Graded by the variant <strong>ten-rows" in report
    again = grader(*command)
    assert again.stderr.count("unchanged, not regraded") == 3 and (out / "gradebook.csv").read_text(encoding="utf-8") == book
    roster.write_text(roster.read_text(encoding="utf-8").replace("chen@uni.example,ten-rows", "chen@uni.example,eight-rows"),
                      encoding="utf-8")
    moved = grader(*command)
    assert "chen: 5/5 (" in moved.stderr and moved.stderr.count("unchanged, not regraded") == 2  # the fingerprint holds it


@pytest.mark.parametrize("extra, said", [
    (["--variants-from", "ROSTER:section"], "no column 'section'; its columns are student, variant"),
    (["--variants-from", "ROSTER:variant", "--variants-by-id"], "give one of the two"),
    (["--variants-by-id", "--variant", "ten-rows"], "--variant grades everyone by one variant"),
    (["--variants-from", "nowhere.csv:variant"], "nowhere.csv: no such roster file"),
])
def test_per_student_variants_refuse_what_cannot_be_graded(extra, said, tmp_path):
    (tmp_path / "class" / "ada").mkdir(parents=True)
    roster = tmp_path / "roster.csv"
    roster.write_text("student,variant\nada,ten-rows\n", encoding="utf-8")
    result = grader("grade", str(tmp_path / "class"), "--out", str(tmp_path / "out"), "--assignment", str(COLOUR),
                    *[word.replace("ROSTER", str(roster)) for word in extra], cwd=tmp_path)
    assert result.returncode == 2 and said in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_one_gradescope_zip_grades_each_submitter_by_their_variant(tmp_path):
    """The zip holds every variant and each student's by email (variants.csv, from the roster); run_autograder
    reads the submitter from submission_metadata.json. bob has ten rows: his eight-row program loses the loss."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student,email,variant\nada,ada@uni.example,eight-rows\nbob,bob@uni.example,ten-rows\n",
                      encoding="utf-8")
    folder = colour_copy(tmp_path, {name: (name, "") for name in ("02-win.yaml", "03-loss.yaml")})  # two specs: quick
    bundle = tmp_path / "autograder.zip"
    built = grader("gradescope", "--assignment", str(folder), "--variants-from", f"{roster}:variant", "--out", str(bundle))
    assert built.returncode == 0, built.stderr
    root = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as archive:
        assert archive.read("variants.csv") == b"email,variant\nada@uni.example,eight-rows\nbob@uni.example,ten-rows\n"
        archive.extractall(root / "source")
        for info in archive.infolist():  # zipfile drops permissions: restore them as unzip would
            os.chmod(root / "source" / info.filename, (info.external_attr >> 16) & 0o777)
    shutil.copytree(reference_of("eight-rows", tmp_path), root / "submission")
    (root / "submission_metadata.json").write_text(json.dumps({"users": [{"email": "bob@uni.example", "id": 2}]}),
                                                   encoding="utf-8")
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "AUTOGRADER_PYTHON": sys.executable}
    done = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert results["extra_data"]["variant"] == "ten-rows"
    lost = {test["tags"][0] for test in results["tests"] if test["status"] == "failed"}
    assert lost == {"03-loss"}
    (root / "submission_metadata.json").unlink()  # no submitter: refused, never graded by the default's rules
    done = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0 and "cannot read the submission metadata" in done.stderr
    refused = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert refused["tests"] == [] and "could not run" in refused["output"]


def test_grading_the_assignment_s_own_corpus_fills_in_its_numbers(tmp_path):
    """`make grade ASSIGNMENT=...` grades the corpus as a class: its {{rows}} are the instructor's own, filled
    in for the variant graded (a student's folder never is)."""
    folder = colour_copy(tmp_path, {"03-loss.yaml": ("03-loss.yaml", "")})
    for name in ("ok-recursive-turns", "bug-seven-guesses"):
        shutil.copytree(COLOUR / "tests" / "submissions" / name, folder / "tests" / "submissions" / name)
    result = grader("grade", str(folder / "tests" / "submissions"), "--out", str(tmp_path / "out"), "--assignment",
                    str(folder), "--variant", "twelve-rows", "--jobs", "2")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "gradebook.csv").read_text(encoding="utf-8").splitlines()[1:] == [
        "bug-seven-guesses,0,2,points lost,twelve-rows,,0,", "ok-recursive-turns,2,2,full marks,twelve-rows,,2,"]
