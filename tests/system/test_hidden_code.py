"""What runs is what anyone reads: a submission's bytecode caches and compiled files are left out of its runs, in
every mode, and a report names the compiled code it left out (grader/base/files.py `compiled`, intake's
`not_run`). The attack (tests/hostile/hidden_bytecode): `import helper` of the handout's empty template, beside
an unchecked-hash __pycache__/helper.<tag>.pyc of a working solution, which Python loads without reading
helper.py: 145/145 in every mode, and `similar` saw only the template."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grader.sandbox.environment import student_python, unprivileged_python
from grader_command import run_grader
from test_fallback_gaps import as_nobody_in_a_sandbox
from test_sandbox import ROOT, ended, needs_isolation, running, submission

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="only the fallback as root runs programs as a per-run uid")

COMPILE = """
import importlib.util, py_compile, sys
folder, unchecked = sys.argv[1], py_compile.PycInvalidationMode.UNCHECKED_HASH
for target in (importlib.util.cache_from_source(folder + "/helper.py"), folder + "/extra.pyc"):
    py_compile.compile(folder + "/hidden.py", cfile=target, invalidation_mode=unchecked, doraise=True)
"""
RAN_ONLY_THE_SOURCE = ["helper.py ran", "extra: not found", "caches: none"]


def hide_bytecode(folder: Path, python: str) -> None:
    """Put the compiled hidden.py where `python` would import it in place of helper.py, and as extra.pyc."""
    subprocess.run([python, "-c", COMPILE, str(folder)], check=True, timeout=30)


def bytecode_run(tmp_path: Path, isolate: bool, python: str) -> list[str]:
    folder = submission(tmp_path, "hidden_bytecode")
    hide_bytecode(folder, python)
    with running(folder, isolate=isolate) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    return output.splitlines()


@needs_isolation
def test_an_isolated_run_loads_no_bytecode_of_the_submission(tmp_path: Path) -> None:
    assert bytecode_run(tmp_path, True, student_python()) == RAN_ONLY_THE_SOURCE


@as_root
def test_a_fallback_run_as_root_loads_no_bytecode_of_the_submission(tmp_path: Path) -> None:
    python = unprivileged_python()
    if python is None:
        pytest.skip("no interpreter another user may run: the fallback as root cannot run programs here")
    assert bytecode_run(tmp_path, False, python) == RAN_ONLY_THE_SOURCE


def test_a_fallback_run_not_as_root_loads_no_bytecode_of_the_submission(nobodys: Path) -> None:
    said = as_nobody_in_a_sandbox(nobodys, "hidden_bytecode", prepare=lambda folder: hide_bytecode(folder, unprivileged_python()))
    assert said.splitlines()[:3] == RAN_ONLY_THE_SOURCE, said


def test_a_report_names_the_compiled_code_it_did_not_run(tmp_path: Path) -> None:
    # A stray cache beside its source is no offence and goes unsaid; bytecode with no source is named.
    folder = submission(tmp_path, "hidden_bytecode")
    hide_bytecode(folder, sys.executable)
    done = run_grader("check", folder, "--visible-only", "--json", tmp_path / "results.json", timeout=120)
    said = "Not run: extra.pyc (compiled code with no source beside it; only the .py files anyone can read are run)."
    assert said in done.stdout.splitlines(), done.stdout[:2000]
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["extra_data"]["not_run"] == ["extra.pyc"] and results["output"].startswith(said)


def test_grade_names_the_compiled_code_it_did_not_run_in_every_file_a_student_reads(tmp_path: Path) -> None:
    folder = submission(tmp_path / "class", "hidden_bytecode")
    hide_bytecode(folder, sys.executable)
    specs = tmp_path / "specs"
    specs.mkdir()
    (specs / "02-win-on-first-guess.yaml").write_text((ROOT / "specs" / "02-win-on-first-guess.yaml").read_text())
    done = run_grader("grade", folder.parent, "--out", tmp_path / "out", "--specs", specs, timeout=120)
    assert done.returncode in (0, 1), done.stderr[-1000:]
    student = tmp_path / "out" / "students" / "hidden_bytecode"
    assert json.loads((student / "results.json").read_text())["extra_data"]["not_run"] == ["extra.pyc"]
    assert "Not run: extra.pyc (compiled code" in (student / "feedback.md").read_text()
