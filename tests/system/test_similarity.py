"""`similar`: pairs of submissions to read side by side. The test class is the corpus's independently
written programs (tests/submissions/ok-*, real-*) plus one disguised copy of one of them (identifiers
renamed, spacing and comments changed, two functions swapped: tests/similarity/disguised-copy)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import one_spec
from grader.report.similarity import THRESHOLD, Pair, Similarity, code_pairs, rare_strings, ranked, string_literals
from grader.report.similarity_html import similarity_html
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
CORPUS = sorted([*ROOT.glob("tests/submissions/ok-*"), *ROOT.glob("tests/submissions/real-*")])
COPY = ROOT / "tests" / "similarity" / "disguised-copy"
ORIGINAL = "real-globals-own-prompts"
TEMPLATE = (ROOT / "student_template" / "mastermind.py").read_text()


def make_class(folder: Path) -> Path:
    for source in [*CORPUS, COPY]:
        shutil.copytree(source, folder / source.name)
    return folder


def similar(*args: str, **env: str) -> subprocess.CompletedProcess:
    return run_grader("similar", *args, timeout=120, env={**os.environ, **env})


def test_the_disguised_copy_and_its_original_are_the_top_pair_well_above_the_next(tmp_path: Path):
    class_dir = make_class(tmp_path / "class")
    done = similar(str(class_dir), "--out", str(tmp_path / "similar.html"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    students = len(CORPUS) + 1
    assert lines[0].startswith(f"1 pair(s) to look at, of {students * (students - 1) // 2} compared.")
    assert "not a finding" in lines[0]
    assert lines[1].startswith(f"A pair is listed when its code similarity is at least {THRESHOLD:.2f}") and "Why 0.80:" in lines[1]
    ranked_lines = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
    top, runner_up = ranked_lines[0].split(), ranked_lines[1].split()
    assert top[1] == "look" and top[3:6] == ["disguised-copy", "/", ORIGINAL]
    assert float(top[2]) >= 0.95 and float(runner_up[1]) <= float(top[2]) - 0.25  # well above the next
    assert "'Enter the secret number:'" in ranked_lines[0]  # their own prompts: nobody else prints them
    page = (tmp_path / "similar.html").read_text()
    assert page.count('<article class="pair"') == 1 and "<mark>" in page and "Why 0.80:" in page
    assert (tmp_path / "similar.html").stat().st_mode & 0o777 == 0o600  # every student's code: the instructor's alone


def test_the_ranking_is_the_same_whatever_pythons_hash_seed(tmp_path: Path):
    class_dir = make_class(tmp_path / "class")
    pages = []
    for seed in ("1", "2"):
        done = similar(str(class_dir), "--out", str(tmp_path / f"{seed}.html"), PYTHONHASHSEED=seed)
        assert done.returncode == 0, done.stderr
        pages.append(((tmp_path / f"{seed}.html").read_bytes(), done.stdout))
    assert pages[0] == pages[1]


def test_the_template_is_boilerplate():
    filled = TEMPLATE.replace("pass", "print('mine')", 1)
    sources = {"a": TEMPLATE, "b": filled}
    assert code_pairs(sources)[0].similarity > 0.9
    assert code_pairs(sources, TEMPLATE)[0].similarity == 0


@pytest.mark.parametrize("source, expected", [
    ('"""The module."""\nprint("Hello there")\n', {"Hello there"}),
    ('def f():\n    """Doc."""\n    return f"Score: {x} of {y}"\n', {"Score:"}),
    ('print("ok"); print("  padded text  "); print("1234"); print("a b")\n', {"padded text"}),
    ('print("Broken prompt: "\nif x\n', {"Broken prompt: "}),  # no parse: quoted texts read as they are
    ('BANNER = "' + "\\" * 60 + '\nprint("Welcome to the game")\n', {"Welcome to the game"}),  # no backtracking
])
def test_string_literals_are_what_a_program_could_print(source: str, expected: set[str]):
    assert string_literals(source) == {text.strip() for text in expected}


def test_a_string_is_unusual_when_two_programs_alone_hold_it_and_it_is_not_expected():
    sources = {"a": 'print("Gues again")\nprint("Welcome!")', "b": 'print("Gues again")\nprint("Welcome!")',
               "c": 'print("Welcome!")', "d": 'print("Enter key: ")', "e": 'print("Enter key: ")'}
    assert rare_strings(sources, {"Enter key:"}) == {("a", "b"): ("Gues again",)}
    pairs = ranked(sources, reference='print("Enter key: ")')  # the reference's strings are expected
    assert [(pair.first, pair.second, pair.strings) for pair in pairs if pair.strings] == [("a", "b", ("Gues again",))]


def test_the_report_shows_submitted_text_escaped():
    hostile = '</pre><script>alert(1)</script>\x1b[2J\u202e'
    sources = {"<b>x</b>": hostile, "y": hostile}
    pair = Pair("<b>x</b>", "y", 1.0, (1.0, 1.0), ("</pre>",), (((0,), (10,)), ((0,), (10,))))
    page = similarity_html(Similarity((pair,), {"highest": 1.0}, sources, ("<i>z</i>: no mastermind.py",)))
    assert "<script>alert" not in page and "<b>x</b>" not in page and "<i>z</i>" not in page and "\x1b" not in page
    assert "<mark>&lt;/pre&gt;&lt;scr</mark>ipt&gt;alert(1)" in page and "\\x1b[2J" in page and "\\u202e" in page
    assert page.count("<mark>") == 2


def test_every_python_file_of_a_submission_is_compared_and_named(tmp_path: Path):
    # Only mastermind.py was read: a copy moved into helper.py, and `import helper; helper.main()`, rated 0.00.
    class_dir = tmp_path / "class"
    for source in (CORPUS[0], ROOT / "tests" / "submissions" / ORIGINAL):
        shutil.copytree(source, class_dir / source.name)
    (class_dir / "hider").mkdir()
    (class_dir / "hider" / "mastermind.py").write_text("import helper\nhelper.main()\n")
    shutil.copy(ROOT / "tests" / "submissions" / ORIGINAL / "mastermind.py", class_dir / "hider" / "helper.py")
    done = similar(str(class_dir))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    _, mark, score, first, _, second = next(line for line in lines if line.startswith("  1.")).split()[:6]
    assert (mark, first, second) == ("look", "hider", ORIGINAL) and float(score) > THRESHOLD, done.stdout
    assert "  hider: mastermind.py, helper.py" in lines and \
        "compared: every .py file of each program's folder, mastermind.py first; more than mastermind.py of 1 " \
        "student(s)" in lines, done.stdout


def test_unreadable_submissions_are_listed_and_bad_arguments_named(tmp_path: Path):
    class_dir = make_class(tmp_path / "class")
    (class_dir / "misnamed").mkdir()
    (class_dir / "misnamed" / "main.py").write_text("print('hi')\n")
    done = similar(str(class_dir))
    assert done.returncode == 0 and "not compared: misnamed: no mastermind.py (found: main.py)" in done.stdout
    for args, message in [([str(tmp_path / "nowhere")], "no such class folder"),
                          ([str(class_dir / "misnamed")], "0 program(s) to compare"),
                          ([str(class_dir), "--template", str(tmp_path)], "no mastermind.py in the template folder")]:
        bad = similar(*args)
        assert bad.returncode == 2 and message in bad.stderr and "Traceback" not in bad.stderr, bad.stderr


def grade(class_dir: Path, out: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """`grade` on one short spec: the report's section is about the programs, not their grades."""
    return run_grader("grade", class_dir, "--out", out, "--specs", one_spec(class_dir.parent), *args, timeout=600,
                      env={**os.environ, **env})


def test_the_class_report_has_the_similar_pairs_unless_a_shard_holds_part_of_the_class(tmp_path: Path):
    class_dir = tmp_path / "class"
    for source in (COPY, ROOT / "tests" / "submissions" / ORIGINAL, ROOT / "tests" / "submissions" / "ok-class-game"):
        shutil.copytree(source, class_dir / source.name)
    done = grade(class_dir, tmp_path / "grades")
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "grades" / "report.html").read_text()
    assert '<a href="#similar">Similar submissions</a>' in page and '<section id="similar">' in page
    assert page.count('<article class="pair"') == 1 and f"disguised-copy and {ORIGINAL}: similarity 1.00" in page

    shard = grade(class_dir, tmp_path / "shard", "--shard", "1/2")
    assert shard.returncode == 0, shard.stderr
    assert "similar submissions: not in a shard's report" in shard.stderr
    assert '<section id="similar">' not in (tmp_path / "shard" / "report.html").read_text()

    # A grading host without the instructor's numpy (a stand-in package that fails to import, as a
    # missing one does) still writes the whole report, without the section, and says so.
    missing = tmp_path / "no-numpy" / "numpy"
    missing.mkdir(parents=True)
    (missing / "__init__.py").write_text("raise ImportError('not installed', name='numpy')\n")
    bare = grade(class_dir, tmp_path / "bare", "--force", PYTHONPATH=str(missing.parent))
    assert bare.returncode == 0, bare.stderr
    assert "similar submissions: left out of the report (numpy is not installed)" in bare.stderr
    assert '<section id="similar">' not in (tmp_path / "bare" / "report.html").read_text()
    alone = similar(str(class_dir), PYTHONPATH=str(missing.parent))
    assert alone.returncode == 2 and "the similarity check needs numpy and Pygments (numpy is not installed)" in alone.stderr
    assert "Traceback" not in alone.stderr
