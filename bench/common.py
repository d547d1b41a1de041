"""Shared helpers for the benchmarks under bench/ (not part of `make test`).

Every benchmark measures its variants side by side in one run: each repetition runs every variant once,
in a shuffled order, and the report uses medians, so load on the machine hits all variants alike."""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from grader.sandbox import protections  # noqa: E402
from grader.sandbox.environment import child_environment, student_python  # noqa: E402

REFERENCE = ROOT / "reference"
SUBMISSIONS = ROOT / "tests" / "submissions"
SPECS = ROOT / "specs"
WRONG_PROMPTS = SUBMISSIONS / "bug-prompt-no-trailing-space"  # every prompt lacks its trailing space


def timed(action: Callable[[], object]) -> tuple[float, object]:
    started = time.perf_counter()
    result = action()
    return time.perf_counter() - started, result


def interleaved(variants: dict[str, Callable[[], object]], repetitions: int, seed: int = 6) -> dict[str, list[float]]:
    """Run every variant once per repetition, in a shuffled order; seconds per variant, per repetition."""
    order = random.Random(seed)
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(repetitions):
        names = list(variants)
        order.shuffle(names)
        for name in names:
            times[name].append(timed(variants[name])[0])
    return times


def median(values: list[float]) -> float:
    return statistics.median(values)


def floor_run(folder: Path, inputs: tuple[str, ...], script: str = "mastermind.py") -> int:
    """The floor: a fresh `python3 mastermind.py` (the very interpreter students run under) in the
    submission folder, with the spec's inputs piped to its stdin, output captured. Nothing else."""
    done = subprocess.run(
        [student_python(), script], cwd=folder, input="".join(line + "\n" for line in inputs).encode(),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_environment(folder),
    )
    return done.returncode


class isolation_off:
    """Inside this block the grader runs as under GRADER_SANDBOX=off (the probe result is per process,
    so the benchmark swaps the cached one, exactly what the environment variable would have produced)."""

    def __enter__(self) -> None:
        protections.protections()
        self.saved = protections._probed
        protections._probed = protections._fallback("disabled by GRADER_SANDBOX=off")

    def __exit__(self, *exc: object) -> None:
        protections._probed = self.saved


def emit(result: dict) -> None:
    """The machine-readable last line that bench/run_all.py collects."""
    print("RESULT " + json.dumps(result), flush=True)


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next((line.split()[1] for line in open("/proc/meminfo") if line.startswith("MemTotal")), "0")
    return (f"{os.uname().sysname} {os.uname().release}, {os.cpu_count()} cores ({model}), "
            f"{int(memory) // 1024} MiB RAM, Python {sys.version.split()[0]} ({student_python()})")


def build_class(folder: Path, size: int, hangers: bool) -> dict[str, int]:
    """A class of `size` students cycled from the corpus in a fixed shuffled order (a mix at every size,
    the same mix on every run); returns how many of each kind (ok, bug, crash, ...) it holds."""
    corpus = sorted(path for path in SUBMISSIONS.iterdir()
                    if (path / "mastermind.py").exists() and (hangers or not path.name.startswith("hang-")))
    random.Random(6).shuffle(corpus)
    kinds: dict[str, int] = {}
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(size):
        source = corpus[index % len(corpus)]
        shutil.copytree(source, folder / f"student{index:04d}-{source.name}")
        kind = source.name.split("-")[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds
