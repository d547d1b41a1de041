"""The handout and the Gradescope bundle, built and then run the way students and Gradescope run them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from grader.platforms.dry_run import unpack_gradescope
from grader.report.text import HIDDEN_NOTE
from grader.sandbox.browser import chromium
from grader.sandbox.protections import protections
from grader.spec.specs import SUITE_FILE, load_specs
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
SPECS = load_specs(ROOT / "specs")
HIDDEN = [spec for spec in SPECS if spec.hidden]
VISIBLE = [spec for spec in SPECS if not spec.hidden]
WEB = ROOT / "assignments" / "web-colour"
WEB_SPECS = load_specs(WEB / "specs")


def skip_without_a_browser() -> None:
    """Skip the rest of a test that plays a page where none can be played, saying why."""
    if chromium() is None:
        pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium package)")
    if not protections().full:
        pytest.skip(f"a browser runs only in the isolated sandbox: {protections().describe()}")


def clean_env(**extra: str) -> dict[str, str]:
    """No PYTHONPATH or venv from the test run: the built folder must stand on its own."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, **extra}


def build(command: str, out: Path, assignment: Path = ROOT, fresh: bool = False) -> None:
    done = run_grader(command, "--out", out, "--assignment", assignment, fresh=fresh)
    assert done.returncode == 0, done.stderr


def make_check(handout: Path, submission: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The handout's own `make check`, as a student runs it (of `submission`, or of its template)."""
    chosen = [f"SUBMISSION={submission}"] if submission else []
    return subprocess.run(["make", "check", *chosen], cwd=handout, capture_output=True, text=True, env=clean_env(),
                          timeout=600)


def fake_tree(bundle: Path, root: Path, files: list[Path], nested: str = "") -> Path:
    """The bundle unpacked at `root`, and a submission of `files` (in the folder `nested`, if given)."""
    unpack_gradescope(bundle, root)
    (root / "submission" / nested).mkdir(parents=True)
    for path in files:
        shutil.copy(path, root / "submission" / nested / path.name)
    return root


def only(specs: Path, kept: list[str]) -> None:
    """Leave in a built `specs` folder the suite file and the specs `kept`: a page costs seconds of chromium a
    spec, and what a bundle ships is checked before. (The Gradescope test below plays every spec of the suite.)"""
    for path in specs.iterdir():
        if path.name != SUITE_FILE and path.stem not in kept:
            path.unlink()
    assert sorted(path.stem for path in specs.iterdir() if path.name != SUITE_FILE) == sorted(kept)


def run_autograder(root: Path) -> dict:
    """run_autograder on a fake tree, and the results.json it wrote. setup.sh's venv is what Gradescope
    uses; here the test's interpreter already has the dependencies."""
    done = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True,
                          env=clean_env(AUTOGRADER_ROOT=str(root), AUTOGRADER_PYTHON=sys.executable), timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads((root / "results" / "results.json").read_text())


def test_handout_has_no_secrets_and_make_check_works_on_its_own(tmp_path: Path):
    handout = tmp_path / "handout"
    build("handout", handout)
    files = {path.relative_to(handout).as_posix() for path in handout.rglob("*") if path.is_file()}
    assert {"Makefile", "README.md", "requirements.txt", ".gitignore", ".github/workflows/check.yml",
            "student_template/mastermind.py", "student_template/README.md"} <= files
    assert sorted(path.name for path in (handout / "specs").iterdir()) == sorted(
        [SUITE_FILE] + [Path(s.path).name for s in VISIBLE])  # the suite's defaults grade the specs too
    secrets = {Path(spec.path).read_bytes() for spec in HIDDEN} | {(ROOT / "reference" / "mastermind.py").read_bytes()}
    for path in handout.rglob("*"):
        assert not (path.is_file() and path.read_bytes() in secrets), f"{path} leaks a secret"
    for spec in HIDDEN:  # not even a copy under another name or inside another file
        assert not any(spec.id in (handout / name).read_text(errors="replace") for name in files if name.startswith("specs/"))
    assert "pytest" not in (handout / "requirements.txt").read_text()
    assert "playwright" not in (handout / "requirements.txt").read_text()  # a web assignment's alone
    assert "@" not in (handout / "README.md").read_text() and "Chromium" not in (handout / "README.md").read_text()
    # Only what a student runs: `check` and `feedback`, never the instructor's commands.
    shipped = {name for name in files if name.startswith("grader/")}
    assert {"grader/commands/cli.py", "grader/engine/runner.py", "grader/report/feedback.py", "grader/commands/feedback.py", "grader/spec/spec.schema.json",
            "grader/sandbox/inside/init.py", "grader/sandbox/inside/rootfs.py", "grader/sandbox/inside/forkserver.py"} <= shipped
    for instructor_only in ("batch", "gradebook", "mutants", "recording", "validation", "packaging"):
        assert f"grader/{instructor_only}.py" not in shipped
    assert not any(name.startswith("grader/templates/") for name in shipped)

    workflow = yaml.safe_load((handout / ".github" / "workflows" / "check.yml").read_text())
    steps = workflow["jobs"]["check"]["steps"]
    assert any(step.get("run") == "make check" for step in steps)
    assert any("GITHUB_STEP_SUMMARY" in step.get("run", "") for step in steps)
    assert any(step.get("uses", "").startswith("actions/upload-artifact") for step in steps)
    assert workflow[True]["push"] is None or "push" in workflow[True]  # `on:` parses as True in YAML 1.1

    # The real thing, as a student would: a fresh .venv from requirements.txt (pip's local cache/wheels
    # make it a few seconds here), the template graded against the visible specs (0 points, exit 1).
    moved = tmp_path / "elsewhere" / "my-mastermind"
    shutil.move(str(handout), moved)
    check = make_check(moved)
    assert check.returncode == 2 and "Error 1" in check.stderr, check.stdout + check.stderr  # make: grader said 1
    assert "Checking student_template/mastermind.py" in check.stdout
    assert f"(0 of {len(VISIBLE)} specs passed)" in check.stdout
    results = json.loads((moved / "results.json").read_text())
    assert results["score"] == 0 and len(results["tests"]) == len(VISIBLE)
    assert (moved / "junit.xml").is_file()
    assert not list(moved.glob(".venv/lib/python*/site-packages/pip"))  # installed by the host's pip: none of its own
    summary = subprocess.run([".venv/bin/python", "-m", "grader", "feedback", "results.json"], cwd=moved,
                             capture_output=True, text=True, env=clean_env())
    assert summary.returncode == 0 and "| ❌ fail |" in summary.stdout
    assert summary.stdout.startswith("# Mastermind (digits): your results\n")  # the assignment's name
    usage = subprocess.run([".venv/bin/python", "-m", "grader", "record", "specs"], cwd=moved,
                           capture_output=True, text=True, env=clean_env())
    assert usage.returncode == 2 and "invalid choice: 'record'" in usage.stderr and "check" in usage.stderr

    solved = tmp_path / "solved"
    solved.mkdir()
    shutil.copy(ROOT / "reference" / "mastermind.py", solved)
    passing = make_check(moved, solved)
    assert passing.returncode == 0, passing.stdout + passing.stderr


def test_two_assignments_build_into_their_own_folders_under_dist(tmp_path: Path):
    """Without --out, each assignment builds into dist/<slug>/: the digit game's and the match's coexist."""
    env = {**clean_env(), "PYTHONPATH": str(ROOT)}
    for command in ("handout", "gradescope"):
        for assignment in (ROOT, ROOT / "assignments" / "match"):
            done = subprocess.run([sys.executable, "-m", "grader", command, "--assignment", str(assignment)],
                                  cwd=tmp_path, capture_output=True, text=True, env=env)
            assert done.returncode == 0, done.stderr
    dist = tmp_path / "dist"
    assert sorted(path.relative_to(dist).as_posix() for path in dist.glob("*/*")) == [
        "mastermind/autograder.zip", "mastermind/handout", "match/autograder.zip", "match/handout"]
    assert (dist / "mastermind" / "handout" / "README.md").read_text().startswith("# Mastermind (digits)\n")
    assert (dist / "match" / "handout" / "README.md").read_text().startswith("# Mastermind Match\n")
    with zipfile.ZipFile(dist / "match" / "autograder.zip") as bundle:
        assert "match.py" not in bundle.namelist() and "assignment.yaml" in bundle.namelist()
    # The handout's feedback command titles a results.json with the assignment's name.
    shutil.copy(ROOT / "tests" / "golden" / "results.json", tmp_path / "results.json")
    summary = subprocess.run([sys.executable, "-m", "grader", "feedback", str(tmp_path / "results.json")],
                             cwd=dist / "match" / "handout", capture_output=True, text=True, env=clean_env())
    assert summary.returncode == 0, summary.stderr
    assert summary.stdout.startswith("# Mastermind Match: your results\n")


def test_every_title_of_the_handout_is_the_assignment_s_name_whatever_it_holds(tmp_path: Path):
    from grader.platforms.handout import build_handout  # noqa: PLC0415 - the instructor's side
    from grader.spec.assignment import load_assignment  # noqa: PLC0415

    match = load_assignment(ROOT / "assignments" / "match")
    name = 'Match "two": C:\\ & $HOME `x`'
    handout = build_handout(tmp_path / "handout", match.specs, replace(match, name=name))
    assert (handout / "README.md").read_text().startswith(f"# {name}\n")
    container = json.loads((handout / ".devcontainer" / "devcontainer.json").read_text())
    assert container["name"] == f"{name} (Linux, as the official grade)"
    workflow = yaml.safe_load((handout / ".github" / "workflows" / "check.yml").read_text())
    assert workflow["name"] == f"{name}: check"
    [summary] = [step for step in workflow["jobs"]["check"]["steps"] if step.get("name") == "Per-spec summary"]
    assert summary["env"]["TITLE"] == f"{name}: visible specs" and '--title "$TITLE"' in summary["run"]


def test_gradescope_bundle_runs_against_a_fake_autograder_tree(tmp_path: Path):
    bundle = tmp_path / "autograder.zip"
    build("gradescope", bundle)
    again = tmp_path / "again.zip"
    build("gradescope", again, fresh=True)  # another hash seed: no set order shows
    assert bundle.read_bytes() == again.read_bytes()  # reproducible

    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
    assert {"setup.sh", "run_autograder", "requirements.txt", "grader/commands/cli.py"} <= names
    with zipfile.ZipFile(bundle) as archive:  # no browser for a console program
        assert 'PACKAGES=""' in archive.read("setup.sh").decode() and b"playwright" not in archive.read("requirements.txt")
    assert {f"specs/{Path(spec.path).name}" for spec in SPECS} | {f"specs/{SUITE_FILE}"} <= names
    assert not any(name.startswith("reference") for name in names)

    full = run_autograder(fake_tree(bundle, tmp_path / "good", [ROOT / "reference" / "mastermind.py"]))
    assert full["score"] == full["max_score"] == sum(spec.points for spec in SPECS)
    assert len(full["tests"]) == len(SPECS)

    # From a repository or a zip, the program sits one folder down: found all the same, whatever its name.
    # A rule bug: it loses the specs of its rule (scoring), hidden ones included.
    buggy = run_autograder(fake_tree(bundle, tmp_path / "buggy", [ROOT / "tests" / "submissions" /
                                     "bug-exist-position-swapped" / "mastermind.py"], nested="mastermind-main\nv2 $(x)"))
    by_id = {test["tags"][0]: test for test in buggy["tests"]}
    assert buggy["score"] < buggy["max_score"]
    assert all(by_id[spec]["score"] < by_id[spec]["max_score"] / 2 for spec in ("03-scoring", "21-hidden-scoring"))
    for spec in HIDDEN:
        failed = by_id[spec.id]["score"] < spec.points
        assert by_id[spec.id]["output"] == (HIDDEN_NOTE if failed else "Passed.") and by_id[spec.id]["max_score"] == spec.points
    assert any("Inputs typed" in by_id[spec.id]["output"] for spec in VISIBLE)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="Gradescope runs as root; this does not")
def test_gradescope_without_isolation_keeps_the_source_from_student_code(tmp_path: Path):
    """Gradescope's containers run everything as root, often without namespaces: setup.sh leaves the source
    root's alone, and a submission that reads a hidden spec and rewrites run_autograder gets neither."""
    bundle = tmp_path / "autograder.zip"
    build("gradescope", bundle)
    root = unpack_gradescope(bundle, tmp_path / "autograder")
    shims = tmp_path / "bin"  # setup.sh's own commands, without a download: python3 -m venv makes a no-op pip
    shims.mkdir()
    (shims / "python3").write_text('#!/bin/sh\n[ "$1" = -m ] && mkdir -p "$3/bin" && printf "#!/bin/sh\\n" > "$3/bin/pip"'
                                    ' && chmod +x "$3/bin/pip"\nexit 0\n')
    (shims / "python3").chmod(0o755)
    done = subprocess.run(["bash", str(root / "source" / "setup.sh")], capture_output=True, text=True,
                          env=clean_env(AUTOGRADER_ROOT=str(root), PATH=f"{shims}:{os.environ['PATH']}"))
    assert done.returncode == 0, done.stderr
    assert (root / "source").stat().st_mode & 0o077 == 0
    hidden = root / "source" / "specs" / Path(HIDDEN[0].path).name
    script = root / "source" / "run_autograder"
    before = (hidden.read_bytes(), script.read_bytes())
    (root / "submission").mkdir()
    shutil.copy(ROOT / "tests" / "hostile" / "tamper" / "mastermind.py", root / "submission")
    (root / "submission" / "paths.txt").write_text(f"{hidden}\n{script}\n")
    done = subprocess.run([str(script)], capture_output=True, text=True, timeout=600,
                          env=clean_env(AUTOGRADER_ROOT=str(root), AUTOGRADER_PYTHON=sys.executable, GRADER_SANDBOX="off"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("sandbox: running WITHOUT pid_namespace"), done.stdout  # never silent
    results = (root / "results" / "results.json").read_text()
    assert json.loads(results)["score"] == 0
    assert "+ cannot read" in results and f"+ read {hidden}" not in results and "+ rewrote" not in results
    assert (hidden.read_bytes(), script.read_bytes()) == before


@pytest.mark.timeout(600)  # a fresh .venv with Playwright, then 16 specs in a browser: minutes on a loaded machine
def test_a_web_assignment_s_handout_checks_pages_in_chromium_on_its_own(tmp_path: Path):
    """The handout's own .venv gets Playwright, and its `make check` plays the reference page (every visible
    spec) in Debian's chromium, in the sandbox, as a student runs it. (That a failing check fails `make`,
    and that the template is checked by default, the digit game's handout test shows: the recipe is one.)"""
    handout = tmp_path / "colour code"
    build("handout", handout, WEB)
    assert "playwright==" in (handout / "requirements.txt").read_text()
    assert (handout / "grader" / "sandbox" / "inside" / "door.py").is_file()  # how the browser enters the sandbox
    assert "Debian's `chromium` package" in (handout / "README.md").read_text()  # what its check needs
    assert sorted(path.name for path in (handout / "specs").iterdir()) == sorted(
        [SUITE_FILE] + [Path(spec.path).name for spec in WEB_SPECS if not spec.hidden])
    skip_without_a_browser()
    only(handout / "specs", ["07-keyboard"])  # a page in chromium by the handout alone; every spec: the zip's test
    reference = make_check(handout, WEB / "reference")
    assert reference.returncode == 0, reference.stdout + reference.stderr
    assert "Score: 10/10  (1 of 1 specs passed)" in reference.stdout


def test_a_web_assignment_s_gradescope_bundle_installs_its_browser_and_grades_a_page(tmp_path: Path):
    """The zip holds what the browser transport needs (Playwright, chromium from setup.sh, the door into the
    sandbox), and run_autograder grades a page one folder down against every spec, hidden ones too."""
    bundle = tmp_path / "autograder.zip"
    build("gradescope", bundle, WEB)
    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
        assert 'PACKAGES="chromium"' in archive.read("setup.sh").decode()
        assert b"playwright==" in archive.read("requirements.txt")
    assert {"assignment.yaml", "grader/engine/browser.py", "grader/sandbox/browser.py",
            "grader/sandbox/inside/door.py"} <= names
    assert {f"specs/{Path(spec.path).name}" for spec in WEB_SPECS} <= names
    skip_without_a_browser()
    page = WEB / "tests" / "submissions" / "bug-debug-secret-on-page"  # right but for the code on the page
    results = run_autograder(fake_tree(bundle, tmp_path / "page", [page / "index.html", page / "main.js"],
                                       nested="colour-main"))
    by_id = {test["tags"][0]: test for test in results["tests"]}
    assert sorted(by_id) == sorted(spec.id for spec in WEB_SPECS)
    assert [spec for spec, test in by_id.items() if test["score"] < test["max_score"]] == ["08-code-kept-secret"]
    assert results["score"] == sum(spec.points for spec in WEB_SPECS) - 10


def test_the_referee_s_key_goes_with_the_hidden_specs_and_never_into_a_handout(tmp_path: Path):
    # The key keeps the referee's randomness from the program (grader/engine/referee.py): a handout holding it
    # would hand students what the hidden random-combination game is drawn from.
    from grader.engine.referee import KEY_FILE  # noqa: PLC0415
    from grader.platforms.gradescope import build_gradescope  # noqa: PLC0415
    from grader.platforms.handout import build_handout, leaks  # noqa: PLC0415
    from grader.spec.assignment import load_assignment  # noqa: PLC0415

    codebreaker = load_assignment(ROOT / "assignments" / "codebreaker")
    key = codebreaker.folder / KEY_FILE
    handout = build_handout(tmp_path / "handout", codebreaker.specs, codebreaker)
    assert not (handout / KEY_FILE).exists() and (handout / "referee.py").is_file()
    with zipfile.ZipFile(build_gradescope(tmp_path / "autograder.zip", codebreaker.specs, codebreaker)) as bundle:
        assert bundle.read(KEY_FILE) == key.read_bytes()
    shutil.copy(key, handout / "notes.txt")
    assert leaks(handout, [], ROOT / "none", [(KEY_FILE, key)]) == ["notes.txt is the referee's key"]
