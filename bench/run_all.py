#!/usr/bin/env python3
"""`make bench`: run every benchmark of bench/ in turn and write bench/RESULTS.md from this run.

    .venv/bin/python bench/run_all.py [--quick]
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, machine  # noqa: E402

BENCH = Path(__file__).resolve().parent
RUNS = [
    ("per_spec", ["--repetitions", "5"]),
    ("peers", ["--repetitions", "7", "--wrong-repetitions", "1"]),
    ("throughput", []),
    ("hang_cost", ["--repetitions", "3"]),
    ("launch_equivalence", ["--jobs", "2"]),
    ("class_speed", ["--students", "200"]),
    ("breakdown", ["--repetitions", "5"]),
    ("bubblewrap_launch", ["--repetitions", "60"]),
]
QUICK = {"per_spec": ["--repetitions", "1"], "peers": ["--repetitions", "1"],
         "throughput": ["--students", "20", "--sizes", "20", "40"], "hang_cost": ["--repetitions", "1"], "launch_equivalence": ["--jobs", "2"],
         "class_speed": ["--students", "20", "--check-repetitions", "1"], "breakdown": ["--repetitions", "1"],
         "bubblewrap_launch": ["--repetitions", "5"]}


def run(name: str, extra: list[str]) -> tuple[str, dict, float]:
    command = [sys.executable, str(BENCH / f"{name}.py"), *extra]
    print(f"$ {' '.join(command)}", flush=True)
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    lines = []
    for line in process.stdout:
        if not line.startswith("RESULT "):
            print(line, end="", flush=True)
        lines.append(line)
    found = [line for line in lines if line.startswith("RESULT ")]
    if process.wait() != 0 and not found:  # a measurement that says "missed" still reports (exit 1 and a RESULT)
        raise SystemExit(f"{name} failed")
    result = json.loads(found[-1][7:])
    text = "".join(line for line in lines if not line.startswith("RESULT "))
    return f"$ {' '.join(['.venv/bin/python', f'bench/{name}.py', *extra])}\n{text}", result, time.perf_counter() - started


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def missed_speedup(load: dict, used: list[float]) -> list[str]:
    """Why 2 jobs did not reach 1.8x, from what this run measured."""
    one, two = load["jobs"]["1"], load["jobs"]["2"]
    grew = two["cpu_ms_per_submission"] / one["cpu_ms_per_submission"]
    return [
        f"**Why 2 jobs give {load['speedup']:.2f}x, not 1.8x.** Each submission costs the same work with 1 or 2 jobs "
        f"({grew:.2f}x the CPU), and other work on the machine took {two['other_cores']:.2f} cores: the cores were "
        f"there, but 2 jobs kept only {used[1]:.2f} of 2 busy. A run is a ping-pong between the grader, which polls "
        "/proc to know the program waits, and the program, each idle while the other works; with 2 jobs, 2 graders "
        "and 2 programs (and their launchers) want the 2 cores at the same moments, so, most likely, each ping-pong "
        "waits for a core more often (a guess this run cannot prove: fewer /proc polls made it worse, not better). Forking runs made each run cheaper (so 1 job got faster too, and more of its time is that "
        "ping-pong); replacing /proc polling by an event when the program blocks would need ptrace or eBPF.",
        "",
    ]


def class_rows(speed: dict, split: dict) -> list[tuple[str, str, str, str]]:
    """Issue 23's targets, from bench/class_speed.py and bench/breakdown.py."""
    runs = speed["students"] * speed["specs"]
    linear = speed["wall_ms_per_run"] / speed["half_ms_per_run"]
    check = speed["check_seconds"] / speed["check_before_seconds"]
    ms = lambda row: sum(row[key] for key in ("grader_user", "grader_system", "runs_user", "runs_system")) * 1000  # noqa: E731
    return [
        ("Wall time per spec-run, 2 jobs, a class of correct submissions, extrapolated to 1,000 x 22", "<= 8 ms (3 min)",
         f"{speed['wall_ms_per_run']:.2f} ms ({speed['students']} x {speed['specs']} = {runs} runs; half the class: "
         f"{speed['half_ms_per_run']:.2f} ms per run, so the cost per run at {speed['students']} is {linear:.2f}x that "
         f"at {speed['students'] // 2}; 1,000 x 22 at this cost per run: {speed['minutes_for_class']:.1f} minutes; "
         f"without the class report's similarity section, {speed['similar_seconds']:.0f} s for {speed['students']}, "
         f"growing as the size to the power {speed['similar_growth']:.1f}: about {speed['similar_minutes']:.0f} "
         "minutes more for 1,000)", verdict(speed["wall_ms_per_run"] <= 8)),
        ("CPU per spec-run (the whole process tree of `grade`, user + system)", "<= 10 ms",
         f"{speed['cpu_ms_per_run']:.2f} ms (in-process, reference, every spec: {ms(split['now']):.2f} ms now, "
         f"{ms(split['before']):.2f} ms at {split['before']})", verdict(speed["cpu_ms_per_run"] <= 10)),
        ("2 jobs vs 1 job, the class of correct submissions, every spec", ">= 1.9x", f"{speed['speedup']:.2f}x",
         verdict(speed["speedup"] >= 1.9)),
        ("A mixed class (the corpus but its hangs) per submission vs a correct class, 2 jobs", "<= 2x",
         f"{speed['mixed_over_correct']:.2f}x", verdict(speed["mixed_over_correct"] <= 2)),
        (f"`check` on the reference vs the grader at {speed['before']}", "<= 1.0x",
         f"{check:.2f}x ({speed['check_seconds']:.2f} s vs {speed['check_before_seconds']:.2f} s, interleaved medians)",
         verdict(check <= 1.0)),
    ]


def breakdown_rows(split: dict) -> list[str]:
    """The CPU of one spec-run by where it is spent, before and now (bench/breakdown.py)."""
    keys = ("grader_user", "grader_system", "runs_user", "runs_system")
    rows = [f"| {label} | " + " | ".join(f"{split[name][key] * 1000:.2f}" for key in keys)
            + f" | {sum(split[name][key] for key in keys) * 1000:.2f} | {split[name]['wall'] * 1000:.2f} | "
            f"{split[name]['faults']:.0f} |" for name, label in (("before", f"at {split['before']}"), ("now", "now"))]
    return ["| grader | grader user | grader system | runs user | runs system | CPU | wall, 1 run at a time | "
            "runs' minor faults |", "|---|---|---|---|---|---|---|---|", *rows]


def bubblewrap_cost(found: dict) -> str:
    """bench/bubblewrap_launch.py's wall and CPU per run of bwrap against the fork and plain launches."""
    if "bwrap" not in found:
        return "not measured: bwrap is not on PATH"
    fork, plain = found["bwrap_over_fork"], found["bwrap_over_plain"]
    return (f"{found['bwrap']['wall_ms']:.0f} ms a run (fork {found['fork']['wall_ms']:.0f} ms, plain "
            f"{found['plain']['wall_ms']:.0f} ms): {fork['wall']:.2f}x the fork launch's wall, {fork['cpu']:.2f}x its CPU; "
            f"{plain['wall']:.2f}x and {plain['cpu']:.2f}x the plain launch's")


def main() -> int:
    quick = "--quick" in sys.argv[1:]
    started = time.perf_counter()
    outputs, results, seconds = {}, {}, {}
    for name, extra in RUNS:
        outputs[name], results[name], seconds[name] = run(name, QUICK[name] if quick else extra)
    spec, peers, load, hang = results["per_spec"], results["peers"], results["throughput"], results["hang_cost"]
    same = results["launch_equivalence"]
    speed, split = results["class_speed"], results["breakdown"]
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "grader"], cwd=ROOT, capture_output=True,
                           text=True).stdout.strip()
    total = spec["total_ms"]
    scaling = load["scaling"]
    ms = [value["ms_per_submission"] for value in scaling.values()]
    rss = [value["peak_rss_mib"] for value in scaling.values()]
    floor_ms, check_ms = hang["floor_ms"], hang["check_ms_per_spec"]
    rows = [
        ("`check` on the reference per spec, isolation on, vs one cold piped run", "<= 1.0x",
         f"{check_ms / floor_ms:.2f}x ({check_ms:.0f} ms per spec, wall of a whole `check` on every core / "
         f"{hang['specs']} specs; floor {floor_ms:.0f} ms, the mean of cold piped runs of every spec, interleaved)",
         verdict(check_ms / floor_ms <= 1.0)),
        ("Per-spec cost of one spec alone, isolation on, vs the floor", "(report)",
         f"{spec['median_grade_over_floor']:.2f}x median of per-spec ratios (suite total "
         f"{total['grade'] / total['floor']:.2f}x); isolation off: {spec['median_off_over_floor']:.2f}x",
         ""),
        ("Mismatch cost (every prompt wrong) vs correct", "<= 1.2x",
         f"{spec['median_wrong_over_grade']:.2f}x median per spec (suite total {total['wrong'] / total['grade']:.2f}x)",
         verdict(spec["median_wrong_over_grade"] <= 1.2)),
    ]
    if "check50" in peers.get("correct", {}):
        correct, wrong = peers["correct"], peers["wrong"]
        rows.append(("Faster than check50, correct submission", ">= 15x",
                     f"{correct['check50'] / correct['ours']:.1f}x ({correct['ours']:.0f} ms vs {correct['check50']:.0f} ms)",
                     verdict(correct["check50"] / correct["ours"] >= 15)))
        rows.append(("Faster than check50, wrong submission", "more than on a correct one",
                     f"{wrong['check50'] / wrong['ours']:.1f}x ({wrong['ours']:.0f} ms vs {wrong['check50']:.0f} ms)",
                     verdict(wrong["check50"] / wrong["ours"] > correct["check50"] / correct["ours"])))
    else:
        rows.append(("Faster than check50", ">= 15x", f"not measured: {peers.get('check50_unavailable')}", "NOT measured"))
    rows.append(("A program that never ends, vs a correct one (`check`)", "<= 8x",
                 f"busy loop after the last line {hang['busy_over_correct']:.1f}x, asleep after it "
                 f"{hang['asleep_over_correct']:.1f}x ({hang['seconds']['correct']:.1f} s correct)",
                 verdict(max(hang["busy_over_correct"], hang["asleep_over_correct"]) <= 8)))
    rows.append(("A flood of short lines at every step (1 MB), vs a correct one (`check`)", "<= 5x",
                 f"{hang['flood_over_correct']:.1f}x ({hang['seconds']['flood']:.1f} s; the report tells each "
                 "difference within its budget)", verdict(hang["flood_over_correct"] <= 5)))
    one, two = load["jobs"]["1"], load["jobs"]["2"]
    used = [run["cpu_ms_per_submission"] * load["students"] / 1000 / run["seconds"] for run in (one, two)]
    rows.append(("2 jobs vs 1 job throughput", ">= 1.8x",
                 f"{load['speedup']:.2f}x (CPU per submission {one['cpu_ms_per_submission']:.0f} ms with 1 job, "
                 f"{two['cpu_ms_per_submission']:.0f} ms with 2, keeping {used[0]:.2f} and {used[1]:.2f} cores busy; "
                 f"other work on the machine: {one['other_cores']:.2f} and {two['other_cores']:.2f} cores)",
                 verdict(load["speedup"] >= 1.8)))
    rows.append(("Linear cost, flat memory (200 -> 800)", "flat",
                 f"{' / '.join(f'{v:.0f}' for v in ms)} ms per submission; peak RSS {' / '.join(f'{v:.0f}' for v in rss)} MiB",
                 verdict(max(ms) <= 1.25 * min(ms) and max(rss) <= 1.25 * min(rss))))
    rows.append(("Fork launch against plain, whole corpus (output of every step, ending, verdict)", "identical",
                 f"{same['differing']} of {same['runs']} runs differ ({same['submissions']} submissions, every spec)",
                 verdict(same["differing"] == 0)))
    rows.append(("Sandbox overhead per spec", "(report)",
                 f"isolation on/off {spec['median_grade_over_off']:.2f}x median; "
                 f"{(total['grade'] - total['grade-off']) / spec['specs']:+.0f} ms per spec (suite mean)", ""))
    rows.append(("A launch through bubblewrap, a one-line program (issue 38; a note, not a switch)", "(report)",
                 bubblewrap_cost(results["bubblewrap_launch"]), ""))
    lines = [
        "# Benchmarks",
        "",
        f"Written by `make bench` (`.venv/bin/python bench/run_all.py{' --quick' if quick else ''}`) on "
        f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}, at commit {head}"
        f"{' with uncommitted changes under grader/' if dirty else ''}, in {time.perf_counter() - started:.0f} s.",
        "",
        f"Machine: {machine()}.",
        "Other work may have shared the machine: every ratio below compares variants measured side by side "
        "(interleaved repetitions in a shuffled order, medians), never runs from different moments.",
        "",
        "## Against the targets of issue 13",
        "",
        "| target | goal | this run | |",
        "|---|---|---|---|",
        *(f"| {name} | {goal} | {value} | {ok} |" for name, goal, value, ok in rows),
        "",
        *(missed_speedup(load, used) if load["speedup"] < 1.8 else []),
        "## Against the targets of issue 23",
        "",
        "| target | goal | this run | |",
        "|---|---|---|---|",
        *(f"| {name} | {goal} | {value} | {ok} |" for name, goal, value, ok in class_rows(speed, split)),
        "",
        "Milliseconds of one spec-run, the reference on every spec one run at a time in one process "
        "(`bench/breakdown.py`); the runs' time is the fork server's launchers, inits and programs:",
        "",
        *breakdown_rows(split),
        "",
        *(Path(BENCH / "NOTES.md").read_text().splitlines() if (BENCH / "NOTES.md").exists() else []),
        "",
        "## How each number is made",
        "",
        "* **Floor**: the reference run as a fresh `python3 mastermind.py` (the interpreter the grader gives "
        "students, by absolute path: the pyenv shim `python3` on PATH is a bash script that would only inflate "
        "the floor), in its folder, with the spec's inputs piped to stdin, output captured, clean environment. "
        "**Grade**: `runner.run_spec` + `judge` on the reference, exactly what `check`/`grade` do per spec: "
        "a sandboxed copy, a pty, /proc synchronisation, cleanup; the run forked by the process's fork server "
        "(the default launch; `bench/per_spec.py` also times `--launch plain`). Isolation off = as under "
        "`GRADER_SANDBOX=off`. **`check` per spec**: a whole `python -m grader check reference` (interpreter "
        "start, specs, the isolation probe, every spec on every core) divided by the number of specs, "
        "interleaved in `bench/hang_cost.py` with cold piped runs of the reference on every spec.",
        "* **Mismatch**: `tests/submissions/bug-prompt-no-trailing-space` (every prompt lacks its trailing space) "
        "graded spec by spec like the reference.",
        "* **Peers**: the example game (`specs/01-example-game.yaml`). See `bench/peers.py` for the exact pexpect "
        "script and the generated check50 check; check50 runs offline via `check50 --dev CHECKS` from a throwaway "
        "venv in /tmp.",
        "* **Hang cost**: the wall time of a whole `python -m grader check` on the reference and on the corpus's "
        "two programs that never end after their last line (a busy loop, a sleep), interleaved.",
        "* **Launch equivalence**: every corpus submission on every spec, once launched plain and once forked, "
        "compared on the normalised output of every step, how the run ended, its exit status or signal, and the "
        "verdict (`bench/launch_equivalence.py`).",
        "* **Throughput**: `python -m grader grade CLASS --force --jobs N --specs SUBSET` as a subprocess on classes "
        "cycled from tests/submissions (ok, bug, crash, syntax; no hang); memory is the summed RSS of the whole "
        "process tree sampled every 20 ms. The specs are a subset, to keep `make bench` within minutes: "
        f"{len(load['specs_small'])} specs ({', '.join(load['specs_small'])}) for the 1-vs-2-jobs class of "
        f"{load['students']}, {len(load['specs_scale'])} ({', '.join(load['specs_scale'])}) for the 200/400/800 series.",
        "",
        "## Raw output",
        "",
        *(f"```\n{outputs[name]}```\n" for name, _ in RUNS),
    ]
    (BENCH / "RESULTS.md").write_text("\n".join(lines) + "\n")
    print(f"wrote {BENCH / 'RESULTS.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
