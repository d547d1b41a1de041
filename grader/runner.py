"""Replaying a spec against a submission: the shell around the pure judge. Each run gets a fresh
sandboxed copy of the submission and a fresh pty (or pipes, see transport.py); what it captured is
judged after the program is dead."""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from grader.judging import Session, Verdict, judge
from grader.matching import normalise
from grader.outcome import Ending
from grader.sandbox import Limits, Sandbox, SandboxFailure
from grader.specs import Spec
from grader.pipes import Pipes
from grader.transport import PTY, Transport

SCRIPT = "mastermind.py"


@dataclass(frozen=True)
class Options:
    limits: Limits = field(default_factory=Limits)
    spec_timeout: float = 60.0
    wait_method: str = "auto"
    transport: str = PTY  # or PIPES (see grader/transport.py)
    script: str = SCRIPT
    require_isolation: bool = False


def _decode(data: bytes) -> str:
    return normalise(data.decode("utf-8", errors="replace"))


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold back Ctrl-C (SIGINT) for the block, so setting up or tearing down a run is never cut in half:
    the interrupt arrives right after. Only the main thread can (and only on POSIX): elsewhere the block
    runs as it is."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def open_transport(
    options: Options, argv: list[str], env: dict[str, str], cwd: Path, preexec: Callable[[], None]
) -> Transport:
    """Start the program on the transport the options name. The pty's module is imported only when used:
    it needs POSIX, and everything else must import on Windows too."""
    if options.transport == PTY:
        from grader.terminal import Terminal  # noqa: PLC0415 - POSIX only

        return Terminal(argv, env, cwd, preexec, options.wait_method)
    return Pipes(argv, env, cwd, preexec)


def run_session(
    submission: Path,
    inputs: tuple[str, ...],
    options: Options,
    step_timeout: float,
) -> Session:
    """Start the program and, each time it waits for input, type the next of `inputs`; after the last
    input, read until the program ends. Stops early only where going on is impossible: the program ended,
    hung or flooded. The program is dead on return."""
    base = Session((), Ending.MISSING, timeout=step_timeout, output_limit=options.limits.output_bytes, script=options.script)
    if not (submission / options.script).is_file():
        return base
    outputs: list[str] = []
    budget = options.limits.output_bytes
    deadline = time.monotonic() + options.spec_timeout
    box = transport = None
    try:
        with interrupts_deferred():  # a Ctrl-C held back here is raised at the end of the block: inside the try
            box = Sandbox(submission, options.limits, require_full_isolation=options.require_isolation)
        argv, env, cwd = box.command(options.script)
        with interrupts_deferred():  # the program and our handle on it exist together, or neither does
            transport = open_transport(options, argv, env, cwd, box.preexec)
        for step in range(len(inputs) + 1):
            chunk = transport.collect(min(step_timeout, max(deadline - time.monotonic(), 0)), budget)
            budget = max(budget - len(chunk.data), 0)
            outputs.append(_decode(chunk.data))
            event = chunk.event
            if event == Ending.EXITED and not transport.wait_exit(max(min(step_timeout, deadline - time.monotonic()), 0)):
                event = Ending.TIMEOUT
            if event != Ending.WAITING or step == len(inputs):
                break
            transport.send(inputs[step])
    finally:
        with interrupts_deferred():  # a Ctrl-C now waits until every process and file of the run is gone
            if transport is not None:
                status, killed_by = transport.close(box.kill_all)
            failure = box.failure() if box is not None else None
            if box is not None:
                box.close()
    if failure:
        raise SandboxFailure(f"the sandbox could not run {submission / options.script}: {failure}")
    ended = event == Ending.EXITED
    return replace(base, outputs=tuple(outputs), end=event, exit_status=status if ended else None,
                   signal=killed_by if ended else None)


def run_spec(submission: Path, spec: Spec, options: Options) -> Session:
    """Replay a spec to its end, whatever the program prints: the judge compares every step it reaches,
    since knowing when the program waits does not depend on what it printed."""
    options = replace(options, limits=replace(options.limits, **dict(spec.limits)))
    return run_session(submission, spec.inputs, options, spec.timeout)


def check_submission(submission: Path, specs: list[Spec], options: Options, jobs: int = 1) -> list[Verdict]:
    """Every spec against one submission, `jobs` at a time; verdicts come back in spec order."""
    def grade(spec: Spec) -> Verdict:
        return judge(spec, run_spec(submission, spec, options))

    if jobs <= 1:
        return [grade(spec) for spec in specs]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(grade, specs))
