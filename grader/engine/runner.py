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
from itertools import count
from typing import Callable, Iterator

from grader.sandbox import proc
from grader.spec.assignment import command_line, example_assignment
from grader.judge.judging import Session, Verdict, judge
from grader.judge.matching import normalise, step_matches
from grader.judge.outcome import Ending
from grader.engine.referee import Ruling, referee_call, referee_verdict, start_referee, transcript
from grader.base.errors import SandboxFailure
from grader.sandbox.box import Sandbox
from grader.sandbox.isolated import FORK
from grader.sandbox.limits import Limits
from grader.sandbox.modes import open_sandbox
from grader.sandbox.protections import isolation
from grader.spec.specs import Spec
from grader.spec.timeouts import STUCK_ASLEEP_SECONDS, STUCK_CPU_SECONDS, spec_timeout, step_timeout
from grader.engine.pages import close_browsers, run_page
from grader.engine.pipes import Pipes
from grader.engine.transport import PTY, Chunk, Transport

LAST_STEP_SLICE = 0.05  # how often that proof is looked for: each look reads every thread of the program


@dataclass(frozen=True)
class Options:
    limits: Limits = field(default_factory=Limits)
    time_factor: float = 1.0  # every time limit's multiplier (grader/spec/timeouts.py), an accommodation
    wait_method: str = "auto"
    transport: str = PTY  # or PIPES (see grader/engine/transport.py)
    script: str = field(default_factory=lambda: example_assignment().program)  # the example's, without an assignment
    require_isolation: bool = False
    command: tuple[str, ...] = field(default_factory=lambda: example_assignment().command)  # how it runs `script`
    referee: str = ""  # the assignment's referee file, for referee specs
    config: str = ""  # the assignment.yaml these options come from (its content decides grades too)
    launch: str = FORK  # how an isolated run starts the program (grader/sandbox/isolated.py: FORK or PLAIN)
    variant: str = ""  # the assignment's variant graded ("" for an assignment without parameters)
    parameters: tuple[tuple[str, bool | int | str], ...] = ()  # that variant's, for the referee
    hidden: tuple[str, ...] = ()  # the course's folders (specs, assignment, reference, class): hidden from runs


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


def open_transport(options: Options, box: Sandbox, argv: tuple[str, ...]) -> Transport:
    """Start the program in `box` on the transport the options name. The pty's module is imported only
    when used: it needs POSIX, and everything else must import on Windows too."""
    if options.transport == PTY:
        from grader.engine.terminal import Terminal  # noqa: PLC0415 - POSIX only

        return Terminal(box.start(argv), options.wait_method, box.watched_threads)
    pipes = Pipes(*box.command(argv), box.preexec)
    box.watch(pipes.pid)
    return pipes


def _stuck(transport: Transport, since_cpu: float, asleep_since: float | None, now: float) -> bool:
    """Proof that a program past its last line will not end: CPU burnt, or every thread long asleep."""
    if proc.tree_cpu_seconds(transport.pid) - since_cpu >= STUCK_CPU_SECONDS:
        return True
    return asleep_since is not None and now - asleep_since >= STUCK_ASLEEP_SECONDS


def _collect_last(
    transport: Transport, timeout: float, budget: int, complete: Callable[[str], bool]
) -> tuple[Chunk, bool]:
    """The last step: read as `collect` does, but in slices, so that a program whose output is already
    complete and that only fails to end is called stuck as soon as that is certain, not after the whole
    step timeout (a busy loop after the last line used to cost the timeout in every spec). Returns the
    chunk and whether the program was stuck past complete output, however that was found out (the proof
    above, or the timeout on a loaded machine): the verdict is the same either way."""
    deadline = time.monotonic() + timeout
    data = b""
    cpu_at_match = asleep_since = None
    compared = False
    while True:
        now = time.monotonic()
        chunk = transport.collect(min(LAST_STEP_SLICE, max(deadline - now, 0)), budget - len(data))
        data += chunk.data
        now = time.monotonic()
        if chunk.event != Ending.TIMEOUT:
            return Chunk(data, chunk.event), False
        if now >= deadline:
            return Chunk(data, chunk.event), complete(_decode(data))
        if chunk.data or not compared:  # compared again only when there is more to compare
            compared, asleep_since = True, None
            cpu_at_match = proc.tree_cpu_seconds(transport.pid) if complete(_decode(data)) else None
        if cpu_at_match is None:
            continue
        asleep_since = (asleep_since or now) if proc.tree_asleep(transport.pid) else None
        if _stuck(transport, cpu_at_match, asleep_since, now):
            return Chunk(data, Ending.TIMEOUT), True


def run_session(
    submission: Path,
    inputs: tuple[str, ...],
    options: Options,
    timeout: float | None,
    complete: Callable[[str], bool] = lambda output: False,
    arguments: tuple[str, ...] = (),
    seed: int | None = None,
) -> Session:
    """Start the program (a Python program's `random` seeded with `seed`) and, each time it waits for input,
    type the next of `inputs`; after the last input, read until the program ends. Stops early only where going on is impossible: the program ended,
    hung or flooded. The program is dead on return."""
    def typist(step: int, output: str) -> str | None:
        return inputs[step] if step < len(inputs) else None

    argv = command_line(options.command, options.script, arguments, seed)
    return play_session(submission, typist, options, timeout, argv, len(inputs), complete)


def play_session(
    submission: Path,
    player: Callable[[int, str], str | None],
    options: Options,
    timeout: float | None,
    argv: tuple[str, ...],
    last_step: int | None = None,
    complete: Callable[[str], bool] = lambda output: False,
) -> Session:
    """Run `argv` and, each time it waits for input, type what `player(step, output)` answers, until it
    answers None; the step `last_step` is read as the last (see `_collect_last`). Each step may take
    `step_timeout(step, timeout)` seconds (`timeout`: the spec's own, or None); the player's own time
    counts against neither the step nor the spec timeout."""
    step_seconds = step_timeout(0, timeout, options.time_factor)
    base = Session((), Ending.MISSING, timeout=step_seconds, output_limit=options.limits.output_bytes, script=options.script)
    if not (submission / options.script).is_file():
        return base
    outputs: list[str] = []
    budget = options.limits.output_bytes
    deadline = time.monotonic() + spec_timeout(options.time_factor)
    box = transport = None
    stuck = False
    echoed: tuple[bool | None, ...] = ()
    try:
        with interrupts_deferred():  # a Ctrl-C held back here is raised at the end of the block: inside the try
            box = open_sandbox(submission, options.limits, isolate=isolation(options.require_isolation),
                               launch=options.launch, hidden=options.hidden)
        with interrupts_deferred():  # the program and our handle on it exist together, or neither does
            transport = open_transport(options, box, argv)
        for step in count():
            step_seconds = step_timeout(step, timeout, options.time_factor)
            remaining = min(step_seconds, max(deadline - time.monotonic(), 0))
            if step != last_step:
                chunk = transport.collect(remaining, budget)
            else:
                chunk, stuck = _collect_last(transport, remaining, budget, complete)
            budget = max(budget - len(chunk.data), 0)
            outputs.append(_decode(chunk.data))
            event = chunk.event
            if event == Ending.EXITED and not transport.wait_exit(max(min(step_seconds, deadline - time.monotonic()), 0)):
                event = Ending.TIMEOUT
            if event != Ending.WAITING:
                break
            thinking = time.monotonic()
            line = player(step, outputs[-1])
            deadline += time.monotonic() - thinking
            if line is None:
                break
            transport.send(line)
    finally:
        with interrupts_deferred():  # a Ctrl-C now waits until every process and file of the run is gone
            if transport is not None:
                status, killed_by = transport.close(box.kill_all)
                echoed = tuple(transport.echoed)
                stopped_by = box.stopped_by(killed_by)
            failure = box.failure() if box is not None else None
            if box is not None:
                box.close()
    if failure:
        raise SandboxFailure(f"the sandbox could not run {submission / options.script}: {failure}")
    ended = event == Ending.EXITED
    return replace(base, outputs=tuple(outputs), end=event, timeout=step_seconds, exit_status=status if ended else None,
                   signal=killed_by if ended else None, stopped_by=stopped_by if ended else None,
                   stuck=stuck and event == Ending.TIMEOUT, echoed=echoed)


def run_spec(submission: Path, spec: Spec, options: Options) -> Session:
    """Replay a spec to its end, whatever the program prints: the judge compares every step it reaches,
    since knowing when the program waits does not depend on what it printed."""
    options = spec_options(options, spec)
    last = len(spec.steps) - 1
    return run_session(submission, spec.inputs, options, spec.timeout, lambda output: step_matches(spec, last, output),
                       spec.arguments, spec.program_seed)


def spec_options(options: Options, spec: Spec) -> Options:
    return replace(options, limits=replace(options.limits, **dict(spec.limits)))


def run_refereed(submission: Path, spec: Spec, options: Options) -> Verdict:
    """Hand the session to the assignment's referee; the verdict is its ruling, or how the program
    failed (crashed, hung, flooded) before it could rule."""
    options = spec_options(options, spec)
    referee = start_referee(Path(options.referee), spec.seed or 0, spec.referee_settings, spec.facts, spec.vocabulary,
                            dict(options.parameters))
    replies: list[str] = []
    ruling: Ruling | None = None

    def player(step: int, output: str) -> str | None:
        nonlocal ruling
        answer = referee_call(options.referee, referee.reply, output)
        if isinstance(answer, Ruling):
            ruling = answer
            return None
        replies.append(answer)
        return answer

    argv = command_line(options.command, options.script, spec.arguments, spec.program_seed)
    session = play_session(submission, player, options, spec.timeout, argv)
    if ruling is None and session.end == Ending.EXITED and judge(transcript(spec, session, replies), session).passed:
        ruling = referee_call(options.referee, referee.finish, session.outputs[-1])
    return referee_verdict(spec, session, replies, ruling)


def grade_spec(submission: Path, spec: Spec, options: Options) -> Verdict:
    """One spec against one submission: replayed, or played by the assignment's referee."""
    if spec.referee:
        return run_refereed(submission, spec, options)
    if spec.web:
        limits = spec_options(options, spec).limits
        return judge(spec, run_page(submission, spec, options.script, limits, spec_timeout(options.time_factor),
                                    options.require_isolation, options.time_factor))
    return judge(spec, run_spec(submission, spec, options))


def check_submission(submission: Path, specs: list[Spec], options: Options, jobs: int = 1) -> list[Verdict]:
    """Every spec against one submission, `jobs` at a time; verdicts come back in spec order. A spec the
    grader cannot run (SandboxFailure & co.) ends the whole check at once: the specs not started yet are
    not run (Executor.map cancels them), since their results could not be reported anyway."""
    def grade(spec: Spec) -> Verdict:
        return grade_spec(submission, spec, options)

    try:
        if jobs <= 1:
            return [grade(spec) for spec in specs]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(grade, specs))  # a failure cancels the specs not started yet
    finally:
        close_browsers()  # a web page's browser served this submission's specs only
