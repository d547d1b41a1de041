#!/usr/bin/env python3
"""Our grader against two peers on the example game (specs/01-example-game.yaml), side by side.

  ours      runner.run_spec + judge, isolation on (what `grade`/`check` do per spec)
  pexpect   a plain pexpect script with pexpect's default settings (echo on, delaybeforesend 50 ms,
            default close delays): for each step expect(<the step's output and prompt>) then sendline,
            then expect EOF and check the exit status; run directly in the submission folder (no copy,
            no sandbox); its timeout is set to our default step limit (5 s) instead of pexpect's 30 s
  check50   CS50's check50 (installed into a throwaway venv under /tmp, never into .venv), running an
            equivalent check written with its run().stdout().stdin() API: `check50 --dev CHECKS -o json`
            (--dev = offline: the slug is a local checks folder; nothing is downloaded or uploaded);
            run with the very interpreter we use (absolute path), check50's own timeouts (3 s)
each for the reference (correct) and for bug-prompt-no-trailing-space (wrong from the first prompt).

    .venv/bin/python bench/peers.py [--repetitions 3] [--wrong-repetitions 1] [--check50-venv /tmp/check50-venv]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REFERENCE, SPECS, WRONG_PROMPTS, emit, interleaved, median  # noqa: E402

import pexpect  # noqa: E402

from grader.judge.judging import judge  # noqa: E402
from grader.engine.runner import Options, run_spec  # noqa: E402
from grader.sandbox.protections import protections  # noqa: E402
from grader.sandbox.environment import child_environment, student_python  # noqa: E402
from grader.spec.specs import load_specs  # noqa: E402

STEP_TIMEOUT = 5


def expected_texts(spec) -> list[str]:
    """What each step prints (its output lines, then its prompt); the spec must use exact lines only."""
    texts = []
    for step in spec.steps:
        if any(line.kind != "exact" for line in step.lines):
            raise SystemExit(f"{spec.id}: peers need exact lines")
        texts.append("".join(line.text + "\n" for line in step.lines) + step.prompt)
    return texts


def pexpect_check(folder: Path, spec) -> bool:
    child = pexpect.spawn(student_python(), ["mastermind.py"], cwd=str(folder), env=child_environment(folder),
                          encoding="utf-8", timeout=STEP_TIMEOUT)
    try:
        for text, step in zip(expected_texts(spec), spec.steps):
            if text:
                child.expect(re.escape(text.replace("\n", "\r\n")))
            if step.input is not None:
                child.sendline(step.input)
        child.expect(pexpect.EOF)
        child.close()
        return child.exitstatus == 0
    except (pexpect.TIMEOUT, pexpect.EOF):
        return False
    finally:
        child.close(force=True)


def write_check50_checks(folder: Path, spec) -> None:
    lines = [
        "import check50", "", "", "@check50.check()", "def exists():", '    """mastermind.py exists"""',
        '    check50.exists("mastermind.py")', "", "", "@check50.check(exists)", "def example_game():",
        f"    {spec.name!r}", f"    run = check50.run({student_python() + ' mastermind.py'!r})",
    ]
    for text, step in zip(expected_texts(spec), spec.steps):
        if text:
            lines.append(f"    run.stdout({text!r}, regex=False)")
        if step.input is not None:
            lines.append(f"    run.stdin({step.input!r}, prompt=False)")
    lines.append("    run.exit(0)")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "__init__.py").write_text("\n".join(lines) + "\n")
    (folder / ".cs50.yml").write_text("check50:\n  checks: __init__.py\n")


def check50_check(check50: Path, checks: Path, folder: Path, work: Path) -> bool:
    copy = work / f"sub-{os.getpid()}"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(folder, copy)  # check50 includes every file of the current folder
    done = subprocess.run([str(check50), "--dev", str(checks), "-o", "json"], cwd=copy, capture_output=True, text=True,
                          env={**child_environment(copy), "HOME": str(work)})
    try:
        results = json.loads(done.stdout)["results"]
    except (ValueError, KeyError):
        raise SystemExit(f"check50 failed: {done.stdout[-500:]} {done.stderr[-2000:]}")
    return all(result["passed"] for result in results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--wrong-repetitions", type=int, default=1)
    parser.add_argument("--check50-venv", type=Path, default=Path("/tmp/check50-venv"))
    args = parser.parse_args()
    spec = next(spec for spec in load_specs(SPECS) if spec.id == "01-example-game")
    print(protections().describe())
    check50 = args.check50_venv / "bin" / "check50"
    why_not = ""
    if not check50.exists():
        created = subprocess.run(f"{sys.executable} -m venv {args.check50_venv} && "
                                 f"{args.check50_venv}/bin/pip install -q check50", shell=True,
                                 capture_output=True, text=True)
        if created.returncode != 0 or not check50.exists():
            why_not = f"check50 could not be installed: {created.stderr.strip()[-500:]}"
            print(why_not)
    result: dict = {"spec": spec.id, "check50_unavailable": why_not}
    with tempfile.TemporaryDirectory(prefix="peers-") as temporary:
        work = Path(temporary)
        checks = work / "checks"
        write_check50_checks(checks, spec)

        def variants(folder: Path, passes: bool) -> dict:
            def ours():
                if judge(spec, run_spec(folder, spec, Options())).passed != passes:
                    raise SystemExit(f"ours: wrong verdict for {folder.name}")

            def plain():
                if pexpect_check(folder, spec) != passes:
                    raise SystemExit(f"pexpect: wrong verdict for {folder.name}")

            def cs50():
                if check50_check(check50, checks, folder, work) != passes:
                    raise SystemExit(f"check50: wrong verdict for {folder.name}")

            found = {"ours": ours, "pexpect": plain}
            if not why_not:
                found["check50"] = cs50
            return found

        for label, folder, passes, reps in (("correct", REFERENCE, True, args.repetitions),
                                            ("wrong", WRONG_PROMPTS, False, args.wrong_repetitions)):
            times = interleaved(variants(folder, passes), reps)
            m = {name: median(values) for name, values in times.items()}
            result[label] = {name: value * 1000 for name, value in m.items()}
            print(f"{label:8} ({folder.name}, {reps} repetition(s)): " + ", ".join(
                f"{name} {value*1000:.0f} ms" for name, value in m.items()))
            for peer in ("pexpect", "check50"):
                if peer in m:
                    print(f"    ours / {peer}: {m['ours']/m[peer]:.3f}  ({m[peer]/m['ours']:.1f}x faster)")
    emit(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
