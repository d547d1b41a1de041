#!/usr/bin/env python3
"""Class throughput, scaling with cores, and memory as the class grows.

Builds classes by cycling through tests/submissions/ (correct ok-*, buggy bug-*, crash-*, syntax-*;
no hang-*, which would only measure their timeouts) and runs the real instructor command,
`python -m grader grade CLASS --out OUT --force --jobs N --specs SUBSET`, as a subprocess, while a
sampler adds up the RSS of its whole process tree (grader, workers, sandboxes, student programs)
every 20 ms; the peak is reported, with the largest single process (getrusage RUSAGE_CHILDREN).

  part 1: --students (200) with --jobs 1 and --jobs 2, interleaved (--repetitions times), with the specs
          in --specs-small: submissions/second, speed-up, peak memory
  part 2: --sizes (200 400 800) with --jobs 2 and --specs-scale: seconds per submission must stay flat
          (linear cost) and so must peak memory.

    .venv/bin/python bench/throughput.py [--students 200] [--sizes 200 400 800]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, SPECS, build_class, emit, median  # noqa: E402

SMALL = ["01-example-game", "22-hidden-invalid-entries-do-not-count"]
SCALE = ["01-example-game"]


def spec_subset(folder: Path, names: list[str]) -> Path:
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(SPECS / f"{name}.yaml", folder)
    return folder


def tree_rss_kb(root: int) -> int:
    total, pending, seen = 0, [root], set()
    while pending:
        pid = pending.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            with open(f"/proc/{pid}/status", "rb") as status:
                for line in status:
                    if line.startswith(b"VmRSS:"):
                        total += int(line.split()[1])
                        break
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/children", "rb") as children:
                    pending.extend(int(child) for child in children.read().split())
        except (OSError, ValueError):
            continue
    return total


def machine_busy_seconds() -> float:
    """CPU time the whole machine has spent busy (every core, every process), from /proc/stat."""
    with open("/proc/stat") as stat:
        fields = [int(value) for value in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def grade(class_dir: Path, specs: Path, out: Path, jobs: int) -> tuple[float, int, int, float, float]:
    """Seconds, peak RSS of the process tree (KiB), the largest single descendant's max RSS (KiB), the CPU
    seconds of the whole tree, and the cores the rest of the machine kept busy meanwhile (on average)."""
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy_before = machine_busy_seconds()
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "grader", "grade", str(class_dir), "--out", str(out), "--jobs", str(jobs), "--force",
         "--specs", str(specs)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    peak = [0]

    def sample() -> None:
        while process.poll() is None:
            peak[0] = max(peak[0], tree_rss_kb(process.pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    output, _ = process.communicate()
    seconds = time.perf_counter() - started
    busy = machine_busy_seconds() - busy_before
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if process.returncode not in (0, 1):
        raise SystemExit(f"grade --jobs {jobs} failed with status {process.returncode}:\n{output}")
    graded = sum(1 for _ in (out / "students").glob("*/results.json"))
    if graded != len(list(class_dir.iterdir())):
        raise SystemExit(f"only {graded} students graded:\n{output}")
    return seconds, peak[0], max(before.ru_maxrss, after.ru_maxrss), cpu, max(busy - cpu, 0) / seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--repetitions", type=int, default=1)
    parser.add_argument("--sizes", type=int, nargs="*", default=[200, 400, 800])
    parser.add_argument("--specs-small", nargs="+", default=SMALL)
    parser.add_argument("--specs-scale", nargs="+", default=SCALE)
    args = parser.parse_args()
    result: dict = {"students": args.students, "specs_small": args.specs_small, "specs_scale": args.specs_scale}
    with tempfile.TemporaryDirectory(prefix="throughput-") as temporary:
        work = Path(temporary)
        small = spec_subset(work / "specs-small", args.specs_small)
        scale = spec_subset(work / "specs-scale", args.specs_scale)
        classes = {}
        for size in sorted({args.students, *args.sizes}):
            classes[size] = work / f"class-{size}"
            kinds = build_class(classes[size], size, hangers=False)
            print(f"class of {size}: {', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}")
        print(f"part 1: {args.students} submissions x {len(args.specs_small)} specs ({', '.join(args.specs_small)})",
              flush=True)
        runs: dict[int, list[tuple[float, int, int, float, float]]] = {1: [], 2: []}
        for repetition in range(args.repetitions):
            for jobs in ((1, 2) if repetition % 2 == 0 else (2, 1)):
                runs[jobs].append(grade(classes[args.students], small, work / "out", jobs))
                seconds, peak, largest, cpu, others = runs[jobs][-1]
                print(f"  --jobs {jobs}: {seconds:6.1f} s, {args.students / seconds:5.2f} submissions/s, "
                      f"peak tree RSS {peak / 1024:.0f} MiB (largest process {largest / 1024:.0f} MiB), "
                      f"CPU {cpu / args.students * 1000:.0f} ms per submission, other work on the machine "
                      f"{others:.2f} of its {os.cpu_count()} cores", flush=True)
        one, two = (median([run[0] for run in runs[jobs]]) for jobs in (1, 2))
        result["jobs"] = {str(jobs): {"seconds": median([r[0] for r in runs[jobs]]),
                                      "per_second": args.students / median([r[0] for r in runs[jobs]]),
                                      "peak_rss_mib": max(r[1] for r in runs[jobs]) / 1024,
                                      "cpu_ms_per_submission": median([r[3] for r in runs[jobs]]) / args.students * 1000,
                                      "other_cores": median([r[4] for r in runs[jobs]])} for jobs in (1, 2)}
        result["speedup"] = one / two
        print(f"  speed-up with 2 jobs: {one / two:.2f}x")
        if args.sizes:
            print(f"part 2: --jobs 2, {len(args.specs_scale)} spec(s) ({', '.join(args.specs_scale)})", flush=True)
        result["scaling"] = {}
        for size in args.sizes:
            seconds, peak, largest, _, _ = grade(classes[size], scale, work / "out", 2)
            result["scaling"][str(size)] = {"seconds": seconds, "ms_per_submission": seconds / size * 1000,
                                            "peak_rss_mib": peak / 1024}
            print(f"  {size:4d} submissions: {seconds:6.1f} s, {seconds / size * 1000:5.1f} ms per submission, "
                  f"peak tree RSS {peak / 1024:.0f} MiB", flush=True)
    emit(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
