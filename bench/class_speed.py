#!/usr/bin/env python3
"""A class at the speed of the hardware (issue 23): what grading a whole class costs per spec-run, and
`check` against the grader of an earlier commit, measured side by side in one run.

  correct   a class of --students copies of reference/, every spec: `grade --force --jobs 2` and
            `--jobs 1`, interleaved (--repetitions each): wall and CPU (the whole process tree's, user and
            system) per spec-run, and 2 jobs' throughput over 1 job's
  half      the same class cut to half its size, --jobs 2, beside the whole one: the cost per spec-run of
            both says whether the cost is linear, which the extrapolation to 1,000 x 22 assumes
  mixed     a class of --students cycled from tests/submissions (crashes, floods, wrong outputs, every kind
            but hang-*, which cost their timeout), --jobs 2, per submission against the correct class
  similar   `python -m grader similar` on the correct class: the class report's section on similar
            submissions, which `grade` writes after the runs; its time is taken out of the runs' wall time
            (it compares every pair of programs: a cost of the class, not of its runs)
  check     `python -m grader check reference` with this tree's grader and with --before's (a copy of that
            commit exported with `git archive`), interleaved (--check-repetitions), medians

    .venv/bin/python bench/class_speed.py [--students 200] [--before COMMIT]
"""

from __future__ import annotations

import argparse
import math
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REFERENCE, ROOT, SPECS, build_class, emit, interleaved, median  # noqa: E402

from grader.spec.specs import spec_files  # noqa: E402

BEFORE = "681b9db"  # main when issue 23 began: the grader the speed work is measured against
CLASS_SIZE, SPECS_PER_CLASS = 1000, 22  # the class of the target


def copies(folder: Path, size: int) -> Path:
    """A class of `size` copies of the reference."""
    for index in range(size):
        (folder / f"student{index:04d}").mkdir(parents=True)
        shutil.copy(REFERENCE / "mastermind.py", folder / f"student{index:04d}")
    return folder


def grade(class_dir: Path, out: Path, jobs: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system of the whole process tree) of one `grade --force`."""
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "grader", "grade", str(class_dir), "--out", str(out), "--force",
                           "--jobs", str(jobs)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"grade --jobs {jobs} failed with status {done.returncode}:\n{done.stdout[-2000:]}")
    graded = sum(1 for _ in (out / "students").glob("*/results.json"))
    if graded != sum(1 for _ in class_dir.iterdir()):
        raise SystemExit(f"only {graded} students graded:\n{done.stdout[-2000:]}")
    return seconds, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def similar(class_dir: Path) -> tuple[float, float]:
    """Wall and CPU seconds of the similarity section alone (`similar` ranks the pairs `grade` puts in its report)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "grader", "similar", str(class_dir)], cwd=ROOT, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return seconds, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def earlier_tree(commit: str, folder: Path) -> Path:
    """The project as it was at `commit`, exported into `folder` (no checkout, no worktree of ours touched)."""
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True).stdout
    folder.mkdir()
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def check_in(tree: Path) -> None:
    subprocess.run([sys.executable, "-m", "grader", "check", str(REFERENCE)], cwd=tree,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--repetitions", type=int, default=1, help="of each grade of the correct class")
    parser.add_argument("--before", default=BEFORE, help="the commit whose `check` is measured beside this one")
    parser.add_argument("--check-repetitions", type=int, default=5)
    args = parser.parse_args()
    specs = len(spec_files(SPECS))
    runs = args.students * specs
    with tempfile.TemporaryDirectory(prefix="class-speed-") as temporary:
        work = Path(temporary)
        correct = copies(work / "correct", args.students)
        half = copies(work / "half", args.students // 2)
        mixed = work / "mixed"
        kinds = build_class(mixed, args.students, hangers=False)
        print(f"correct class: {args.students} copies of the reference; mixed class: "
              f"{', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}; {specs} specs each", flush=True)
        measured: dict[str, list[tuple[float, float]]] = {"jobs 2": [], "jobs 1": []}
        for repetition in range(args.repetitions):
            for name in (("jobs 2", "jobs 1") if repetition % 2 == 0 else ("jobs 1", "jobs 2")):
                measured[name].append(grade(correct, work / "out", int(name[-1])))
                seconds, cpu = measured[name][-1]
                print(f"  correct, --{name}: {seconds:6.1f} s, {seconds / runs * 1000:5.2f} ms wall and "
                      f"{cpu / runs * 1000:5.2f} ms CPU per spec-run", flush=True)
        half_seconds, _ = grade(half, work / "out", 2)
        mixed_seconds, mixed_cpu = grade(mixed, work / "out", 2)
        pairs = {size: similar(folder) for size, folder in ((args.students, correct), (args.students // 2, half))}
        growth = math.log(pairs[args.students][0] / pairs[args.students // 2][0]) / math.log(2)  # time ~ size ** growth
        similar_minutes = pairs[args.students][0] * (CLASS_SIZE / args.students) ** growth / 60
        print(f"  similar submissions, the section `grade` writes after the runs: {pairs[args.students][0]:.1f} s "
              f"({pairs[args.students][1]:.1f} s CPU) for {args.students}, {pairs[args.students // 2][0]:.1f} s for "
              f"{args.students // 2}: growing as the size to the power {growth:.1f}, about {similar_minutes:.0f} minutes "
              f"for {CLASS_SIZE}", flush=True)
        measured = {name: [(seconds - pairs[args.students][0], cpu - pairs[args.students][1]) for seconds, cpu in runs]
                    for name, runs in measured.items()}
        half_seconds -= pairs[args.students // 2][0]
        mixed_pairs = similar(mixed)
        mixed_seconds, mixed_cpu = mixed_seconds - mixed_pairs[0], mixed_cpu - mixed_pairs[1]
        two, one = (median([seconds for seconds, _ in measured[name]]) for name in ("jobs 2", "jobs 1"))
        cpu = median([cpu for _, cpu in measured["jobs 2"] + measured["jobs 1"]])
        wall_ms, half_ms = two / runs * 1000, half_seconds / ((args.students // 2) * specs) * 1000
        minutes = wall_ms * CLASS_SIZE * SPECS_PER_CLASS / 1000 / 60
        print(f"  the runs alone (the similarity section taken out): --jobs 2 {two:.1f} s, --jobs 1 {one:.1f} s, "
              f"{cpu / runs * 1000:.2f} ms CPU per spec-run")
        print(f"  half the class ({args.students // 2}), --jobs 2: {half_seconds:6.1f} s, {half_ms:5.2f} ms per spec-run "
              f"({wall_ms / half_ms:.2f}x at {args.students})")
        print(f"  mixed class, --jobs 2: {mixed_seconds:6.1f} s, {mixed_seconds / args.students * 1000:.0f} ms per "
              f"submission against {two / args.students * 1000:.0f} ms correct: {mixed_seconds / two:.2f}x; "
              f"CPU {mixed_cpu / runs * 1000:.2f} ms per spec-run")
        print(f"  2 jobs over 1: {one / two:.2f}x; {CLASS_SIZE} x {SPECS_PER_CLASS} at {wall_ms:.2f} ms per spec-run: "
              f"{minutes:.1f} minutes", flush=True)
        before = earlier_tree(args.before, work / "before")
        times = interleaved({"now": lambda: check_in(ROOT), "before": lambda: check_in(before)}, args.check_repetitions)
        now_s, before_s = median(times["now"]), median(times["before"])
        print(f"  check reference: {now_s:.2f} s now, {before_s:.2f} s at {args.before}: {now_s / before_s:.2f}x "
              f"(medians of {args.check_repetitions}, interleaved)")
    emit({"students": args.students, "specs": specs, "wall_ms_per_run": wall_ms, "half_ms_per_run": half_ms,
          "cpu_ms_per_run": cpu / runs * 1000, "speedup": one / two, "minutes_for_class": minutes,
          "mixed_over_correct": mixed_seconds / two, "check_seconds": now_s, "check_before_seconds": before_s,
          "before": args.before, "similar_seconds": pairs[args.students][0], "similar_growth": growth, "similar_minutes": similar_minutes})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
