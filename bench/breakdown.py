#!/usr/bin/env python3
"""Where a spec-run's CPU goes, with this tree's grader and with --before's, side by side: the grader's own
user and system time (the process that waits for the program), and the runs' (the fork server's children,
which it reaps: each run's init and program, and a launcher in a tree from before the server forked init
itself), with the runs' minor page faults.

Each repetition grades the reference on every spec in one process per tree (`runner.run_spec` + `judge`,
what a `grade` worker does), the trees in a shuffled order; medians of the repetitions.

    .venv/bin/python bench/breakdown.py [--repetitions 5] [--before COMMIT]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_speed import BEFORE, earlier_tree  # noqa: E402
from common import REFERENCE, ROOT, emit, interleaved, median  # noqa: E402

# Run in the tree measured (its own grader on sys.path): one warm-up run starts the fork server, then every
# spec twice. The runs' CPU is the server's and its reaped children's (fields 14-17 of /proc/PID/stat).
MEASURE = r"""
import json, os, resource, sys, time
sys.path.insert(0, os.getcwd())
from pathlib import Path
from grader.engine import runner
from grader.judge.judging import judge
from grader.sandbox import forking
from grader.spec.specs import load_specs
specs, options, reference = load_specs(Path("specs")), runner.Options(), Path(sys.argv[1])
judge(specs[0], runner.run_spec(reference, specs[0], options))
server = forking._server.process.pid
def runs():
    fields = open(f"/proc/{server}/stat").read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[13])) / tick, (int(fields[12]) + int(fields[14])) / tick, int(fields[8])
before, started, runs_before = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter(), runs()
for spec in specs * 2:
    if not judge(spec, runner.run_spec(reference, spec, options)).passed:
        raise SystemExit(f"the reference failed {spec.id}")
wall, after, runs_after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF), runs()
count = 2 * len(specs)
print(json.dumps({"wall": wall / count, "grader_user": (after.ru_utime - before.ru_utime) / count,
                  "grader_system": (after.ru_stime - before.ru_stime) / count,
                  "runs_user": (runs_after[0] - runs_before[0]) / count,
                  "runs_system": (runs_after[1] - runs_before[1]) / count,
                  "faults": (runs_after[2] - runs_before[2]) / count}))
"""
PARTS = ("grader_user", "grader_system", "runs_user", "runs_system")


def measure(tree: Path, into: list[dict]) -> None:
    done = subprocess.run([sys.executable, "-c", MEASURE, str(REFERENCE)], cwd=tree, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"measuring {tree} failed:\n{done.stderr[-2000:]}")
    into.append(json.loads(done.stdout.splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--before", default=BEFORE)
    args = parser.parse_args()
    found: dict[str, list[dict]] = {"now": [], "before": []}
    with tempfile.TemporaryDirectory(prefix="breakdown-") as temporary:
        before = earlier_tree(args.before, Path(temporary) / "before")
        interleaved({"now": lambda: measure(ROOT, found["now"]), "before": lambda: measure(before, found["before"])},
                    args.repetitions)
    result = {name: {key: median([run[key] for run in runs]) for key in ("wall", "faults", *PARTS)}
              for name, runs in found.items()}
    print(f"per spec-run (reference, every spec twice, {args.repetitions} interleaved repetitions, medians), ms:")
    print(f"{'':10} {'grader user':>12} {'grader sys':>11} {'runs user':>10} {'runs sys':>9} {'CPU':>7} {'wall':>7} "
          f"{'faults':>7}")
    for name, label in (("before", f"at {args.before}"), ("now", "now")):
        row = result[name]
        print(f"{label:10} " + " ".join(f"{row[key] * 1000:{width}.2f}" for key, width in zip(PARTS, (12, 11, 10, 9)))
              + f" {sum(row[key] for key in PARTS) * 1000:7.2f} {row['wall'] * 1000:7.2f} {row['faults']:7.0f}")
    emit({"before": args.before, **result})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
