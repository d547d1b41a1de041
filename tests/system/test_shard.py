"""`grade --shard K/N`: shards partition a class by student id, and their merged results are exactly the
gradebook of one unsharded run."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from grader.batch.shard import Shard, parse_shard
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "submissions"
STUDENTS = ["ok-plain-functions", "ok-class-game", "bug-exist-position-swapped", "bug-key-as-int",
            "crash-int-on-non-digit", "syntax-missing-colon", "bug-only-ten-guesses"]


def test_shards_partition_any_class_by_id_alone() -> None:
    ids = [f"student-{n}" for n in range(200)] + ["名前", "a\udcffb"]
    for count in (1, 2, 3, 7):
        owners = [[index for index in range(1, count + 1) if Shard(index, count).holds(i)] for i in ids]
        assert all(len(found) == 1 for found in owners)
    assert Shard(1, 3).holds("late-student") == Shard(1, 3).holds("late-student")


@pytest.mark.parametrize("text", ["0/2", "3/2", "2", "a/b", "1/0", "-1/2"])
def test_a_bad_shard_is_refused(text: str) -> None:
    with pytest.raises(Exception, match="K/N"):
        parse_shard(text)


def grade(*args: str) -> subprocess.CompletedProcess[str]:
    return run_grader(*args, timeout=600)


def test_merged_shards_give_the_book_of_one_run(tmp_path: Path) -> None:
    specs = tmp_path / "specs"
    specs.mkdir()
    for name in ("02-win-on-first-guess.yaml", "07-length-message.yaml"):
        shutil.copy(ROOT / "specs" / name, specs / name)
    if (ROOT / "specs" / "suite.yaml").exists():
        shutil.copy(ROOT / "specs" / "suite.yaml", specs / "suite.yaml")
    class_dir = tmp_path / "class"
    for name in STUDENTS:
        shutil.copytree(CORPUS / name, class_dir / name)
    whole = grade("grade", str(class_dir), "--out", str(tmp_path / "whole"), "--specs", str(specs), "--jobs", "2")
    assert whole.returncode == 0, whole.stderr
    parts = []
    empty = next(k for k in range(1, 50) if not any(Shard(k, 50).holds(s) for s in STUDENTS))
    for shard in ("1/3", "2/3", "3/3", f"{empty}/50"):
        out = tmp_path / f"shard{len(parts)}"
        result = grade("grade", str(class_dir), "--out", str(out), "--specs", str(specs), "--shard", shard)
        assert result.returncode == 0, result.stderr
        assert f"shard {shard}:" in result.stderr
        parts.append(out)
    graded = [sorted(p.name for p in (out / "students").iterdir()) if (out / "students").exists() else [] for out in parts]
    assert sorted(sum(graded, [])) == sorted(STUDENTS)
    merged = tmp_path / "merged.csv"
    result = run_grader("gradebook", *parts, "--out", merged, fresh=True)  # another hash seed than the whole's
    assert result.returncode == 0, result.stderr
    assert merged.read_bytes() == (tmp_path / "whole" / "gradebook.csv").read_bytes()


RECIPES = ROOT / "grader" / "templates" / "shards"
RECIPE_CLASS = ["ok-plain-functions", "bug-key-as-int"]


def run_recipe_command(command: str, env: dict[str, str]) -> None:
    result = subprocess.run(["sh", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def recipe_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The recipes' environment: a class of two, and (through make's ASSIGNMENT) the digit game with one spec:
    what a recipe must show is who each shard grades, not every spec again."""
    class_dir = tmp_path / "class"
    for name in RECIPE_CLASS:
        shutil.copytree(CORPUS / name, class_dir / name)
    assignment = tmp_path / "assignment"
    (assignment / "specs").mkdir(parents=True)
    (assignment / "assignment.yaml").write_text("name: Mastermind (digits)\nprogram: mastermind.py\n")
    for name in ("02-win-on-first-guess.yaml", "suite.yaml"):
        shutil.copy(ROOT / "specs" / name, assignment / "specs" / name)
    return {**os.environ, "CLASS_DIR": str(class_dir), "RESULTS_DIR": str(tmp_path / "results"),
            "ASSIGNMENT": str(assignment), **extra}


def merged_students(tmp_path: Path) -> list[str]:
    book = (tmp_path / "results" / "gradebook.csv").read_text().splitlines()
    return sorted(line.split(",")[0] for line in book[1:])


def test_the_github_actions_recipe_grades_every_student_once(tmp_path: Path) -> None:

    workflow = yaml.safe_load((RECIPES / "github-actions.yml").read_text())
    shards = workflow["jobs"]["shard"]["strategy"]["matrix"]["shard"]
    assert int(workflow["env"]["SHARDS"]) == len(shards)
    grade_step = next(s for s in workflow["jobs"]["shard"]["steps"] if "make grade" in s.get("run", ""))
    merge_step = next(s for s in workflow["jobs"]["merge"]["steps"] if "gradebook" in s.get("run", ""))
    env = recipe_env(tmp_path, SHARDS=str(len(shards)))
    for shard in shards:  # what each matrix job runs (the runner's sudo aside: the tests run as they are)
        run_recipe_command(grade_step["run"].replace("sudo --preserve-env ", "").replace("${{ matrix.shard }}", str(shard)), env)
    run_recipe_command(merge_step["run"], env)
    assert merged_students(tmp_path) == sorted(RECIPE_CLASS)


def test_the_kubernetes_indexed_job_recipe_grades_every_student_once(tmp_path: Path) -> None:

    text = (RECIPES / "kubernetes-indexed-job.yaml").read_text()
    job = yaml.safe_load(text)
    container = job["spec"]["template"]["spec"]["containers"][0]
    env = recipe_env(tmp_path, **{item["name"]: item["value"] for item in container["env"] if item["name"] == "SHARDS"})
    assert int(env["SHARDS"]) == job["spec"]["completions"]
    for index in range(job["spec"]["completions"]):  # what each pod runs
        run_recipe_command(container["command"][2], {**env, "JOB_COMPLETION_INDEX": str(index)})
    merge = next(line for line in text.splitlines() if "grader gradebook" in line).lstrip("# ")
    run_recipe_command(merge.replace("/results", env["RESULTS_DIR"]), env)
    assert merged_students(tmp_path) == sorted(RECIPE_CLASS)
