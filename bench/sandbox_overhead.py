"""What the sandbox costs per run: `python -m grader.sandbox.inside.overhead [RUNS]`.

Runs a program that does nothing (`pass`) on a pty the way the runner does, RUNS times (default 20) with
isolation and RUNS times without (the fallback: rlimits only), interleaved so that load on the machine
hits both alike, and prints the median and spread of: spawn until exit and kill_all, and the whole
life of the Sandbox (copy, probe of nothing, cleanup) around it."""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grader.sandbox.modes import open_sandbox  # noqa: E402
from grader.sandbox.limits import Limits  # noqa: E402
from grader.sandbox.protections import protections  # noqa: E402
from grader.spec.assignment import PYTHON  # noqa: E402


def one(folder: Path, isolate: bool) -> tuple[float, float]:
    started = time.perf_counter()
    with open_sandbox(folder, Limits(), isolate=isolate) as box:
        argv, env, cwd = box.command([PYTHON, "mastermind.py"])
        spawned = time.perf_counter()
        child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), preexec_fn=box.preexec, echo=False,
                              dimensions=(24, 80))
        child.delayafterclose = child.ptyproc.delayafterclose = 0  # as grader.engine.terminal does
        child.delayafterterminate = child.ptyproc.delayafterterminate = 0
        child.expect(pexpect.EOF, timeout=30)
        child.wait()
        box.kill_all(child.pid)
        child.close(force=True)
        if child.exitstatus != 0:
            raise SystemExit(f"the empty program failed: {child.before!r}")
        ran = time.perf_counter() - spawned
    return ran, time.perf_counter() - started


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(protections().describe())
    if not protections().full:
        raise SystemExit("nothing to compare: isolation is not available here")
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "mastermind.py").write_text("pass\n")
        results: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        for _ in range(runs):
            for isolate in (False, True):
                results[isolate].append(one(Path(folder), isolate))
    for isolate, label in ((False, "plain   "), (True, "isolated")):
        ran = [r[0] * 1000 for r in results[isolate]]
        whole = [r[1] * 1000 for r in results[isolate]]
        print(f"{label} run: median {statistics.median(ran):6.1f} ms (min {min(ran):6.1f}, max {max(ran):6.1f})"
              f" | with Sandbox setup and cleanup: median {statistics.median(whole):6.1f} ms")
    extra = statistics.median(r[0] for r in results[True]) - statistics.median(r[0] for r in results[False])
    print(f"overhead of isolation per run: {extra * 1000:.1f} ms (medians)")


if __name__ == "__main__":
    main()
