"""The worker processes of `grade` and their protocol.

Each worker is a `python3 -c ...worker_main()` in its own session. Its first line of input is the specs
and every run options (a variant's, a student's time factor) the main process parsed and hashed (so a
spec edited during a run cannot mix versions) and the sandbox's protections it probed (the worker's runs
are the same machine's: no second probe), then one JSON line per unit of work (some specs of one student
by one run options), each answered with one JSON line on the
protocol pipe. Processes rather than threads because:
  * the grader's own work is Python polling /proc while the program runs; threads would share one GIL;
  * a worker that dies or wedges takes only its current student with it: that student gets an error
    result, a fresh worker takes over, every other student is still graded;
  * Ctrl-C is delivered to exactly one place: the main process catches it and sends each worker one
    SIGINT; a worker unwinds through the runner's own clean-up (the program's process group killed, its
    sandbox removed) and exits.
"""

from __future__ import annotations

import base64
import json
import os
import pickle
import select
import shutil
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from grader.base.project import PACKAGE
from grader.engine.runner import Options
from grader.explore.part import check_with_part
from grader.sandbox.reaping import dies_with
from grader.sandbox.modes import sandbox_kind
from grader.sandbox.scratch import WORKER_FOLDER, make_folder
from grader.sandbox.protections import Protections, protections, take_probed
from grader.spec.specs import Spec

WORKER_BOOT = "from grader.batch.workers import worker_main; raise SystemExit(worker_main({batch}))"
# Workers start with SIGINT ignored (an ignored signal stays ignored across exec, and Python then keeps
# it so), so a Ctrl-C that lands while the interpreter is still starting cannot crash it; worker_main
# takes SIGINT back once it is ready, and a worker that missed it still stops at the end of its input.
IGNORE_SIGINT = ["/bin/sh", "-c", 'trap "" INT; exec "$0" "$@"']
GRACE_SECONDS = 30.0  # how long a worker gets to clean up after SIGINT before SIGKILL


def setup_line(specs: list[Spec], runs: list[Options], found: Protections | None = None) -> bytes:
    """The first line a worker reads: the specs, every run options a unit may name (by index) and the
    protections (`found`, else this process's own). Pickled: it goes to our own child process, so it is trusted."""
    return base64.b64encode(pickle.dumps((specs, runs, found or protections()))) + b"\n"


def grade_unit(student: str, path: Path, specs: list[Spec], options: Options) -> dict[str, Any]:
    """Grade some specs of one student; any exception becomes this student's error reply, never the
    batch's. Verdicts travel back pickled (our own child process, so trusted) to be judged as a whole."""
    started = time.monotonic()
    try:
        verdicts = check_with_part(path, specs, options, jobs=1)
        return {"student": student, "verdicts": base64.b64encode(pickle.dumps(verdicts)).decode("ascii"),
                "seconds": time.monotonic() - started}
    except Exception as error:  # noqa: BLE001 - the whole point: one student cannot stop the batch
        return {"student": student, "error": f"{type(error).__name__}: {error}",
                "traceback": traceback.format_exc(), "seconds": time.monotonic() - started}


def worker_main(batch: int) -> int:
    """Read the specs and options the batch parsed and hashed (first line), then jobs (one JSON line each)
    from stdin, and answer each with one JSON line. Nothing else may reach the protocol pipe, so stdout is
    pointed at stderr for anything the grader might print. `batch`: the pid of the batch's process."""
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        # The batch killed outright: unwind as on Ctrl-C rather than grade on for no one. The signal follows the
        # slot thread that started us, which retires its worker before it ends.
        if not dies_with(batch, signal.SIGINT):
            return 130
        parsed, runs, found = pickle.loads(base64.b64decode(sys.stdin.readline()))
        take_probed(found)
        specs = {spec.id: spec for spec in parsed}
        for line in sys.stdin:
            job = json.loads(line)
            reply = grade_unit(job["student"], Path(job["path"]), [specs[name] for name in job["specs"]],
                               runs[job["options"]])
            protocol.write(json.dumps(reply, ensure_ascii=False) + "\n")
            protocol.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    return 0


class WorkerGone(Exception):
    """The worker died (or was stopped) before answering."""


class WorkerStuck(Exception):
    """The worker did not answer in time."""


class Worker:
    def __init__(self, setup: bytes) -> None:
        """`setup`: the first line the worker reads (the batch's specs and options), sent with the first job."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PACKAGE.parent), env.get("PYTHONPATH")]))
        # Its runs' sandbox folders go in a folder of its own, which we remove once it is gone: a worker
        # killed mid-run cannot clean up after itself.
        runs = sandbox_kind(protections().isolated)  # probed here once anyway: the fingerprint names it
        self.scratch = make_folder(WORKER_FOLDER, runs.folder_parent())
        os.chmod(self.scratch, 0o711)  # a per-run uid (the fallback as root) passes through to its copy, lists nothing
        env["TMPDIR"] = str(self.scratch)
        self.process = subprocess.Popen(
            [*IGNORE_SIGINT, sys.executable, "-c", WORKER_BOOT.format(batch=os.getpid())],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, env=env, start_new_session=True,
        )
        self.setup: bytes | None = setup
        self.pending = b""
        self.interrupted = False

    @property
    def pid(self) -> int:
        return self.process.pid

    def ask(self, job: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send one job and wait for its reply, with the verdicts (if any) decoded."""
        try:
            if self.setup is not None:
                self.process.stdin.write(self.setup)
                self.setup = None
            self.process.stdin.write((json.dumps(job) + "\n").encode("utf-8"))
        except OSError:
            raise WorkerGone(self.ending()) from None
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while b"\n" not in self.pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WorkerStuck(f"no answer within {timeout:g} s")
            if select.select([fd], [], [], remaining)[0]:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    raise WorkerGone(self.ending())
                self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        reply = json.loads(line)
        if "verdicts" in reply:  # decoded at once: a flooding student's encoded output is not kept twice
            reply["verdicts"] = pickle.loads(base64.b64decode(reply["verdicts"]))
        return reply

    def ending(self) -> str:
        try:
            status = self.process.wait(timeout=GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            return "it stopped answering"
        return f"it was killed by signal {-status}" if status < 0 else f"it exited with status {status}"

    def interrupt(self) -> None:
        """One SIGINT, never two: a second one could cut the worker's clean-up short."""
        if not self.interrupted and self.process.poll() is None:
            self.interrupted = True
            try:
                os.kill(self.process.pid, signal.SIGINT)
            except ProcessLookupError:
                pass

    def stop(self) -> None:
        """SIGINT (the worker cleans up) and end of input, then SIGKILL to its whole group if it takes too long."""
        self.interrupt()
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
        self._close_pipes()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def close(self) -> None:
        """No more work: end of input lets the worker exit by itself."""
        self._close_pipes()
        try:
            self.process.wait(timeout=GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            self.stop()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def _close_pipes(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            try:
                pipe.close()
            except OSError:
                pass
