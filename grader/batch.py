"""Grading a whole class: `python3 -m grader grade CLASS_DIR`.

Each subfolder of CLASS_DIR is one student (the folder name is the student id). For each student it writes
`OUT/<id>/results.json` (Gradescope's format), `OUT/<id>/feedback.md` (what the student reads) and
`OUT/<id>/junit.xml`, then `OUT/gradebook.csv` for the class, and prints a summary.

How it runs. The work is cut into units, one spec of one student each, queued student by student and
run by N worker processes (`--jobs`, default: every core), each a `python3 -c ...worker_main()` in its
own session, sent the specs and options the main process parsed and hashed, then fed one unit at a time
over a pipe (so a spec edited during a run cannot mix versions); the main process only hands out units, judges a student
once all their units are back, writes files and draws progress. Units this small keep every core busy to
the end even when the last student hangs in every spec (a hang costs its timeout per spec).
Processes rather than threads because:
  * the grader's own work is Python polling /proc while the program runs; threads would share one GIL;
  * a worker that dies or wedges takes only its current student with it: that student gets an error
    result, a fresh worker takes over, every other student is still graded;
  * Ctrl-C is delivered to exactly one place: the main process catches it, stops handing out work and
    sends each worker one SIGINT; a worker unwinds through the runner's own clean-up (the program's
    process group killed, its sandbox removed) and exits. Nothing is written after that, and every file
    is written atomically, so there is never half a file. The main process is a child subreaper: any
    process orphaned by a worker that died is reparented to it and killed before it exits.
Students are skipped when nothing that decides their grade changed since their last results: the
submission's files, the spec files and the grader's own code, hashed into `OUT/<id>/inputs.sha256`
(written last, after the other files, so an interrupted write is simply graded again). `--force`
grades everyone. A student the grader could not grade gets an error result (empty score in the
gradebook, `grader-error.txt` with the traceback for the instructor) and is always retried next run.

Exit status: 0 when every student was graded (whatever their scores), 1 when the grader failed on some
student (listed in the summary), 2 when grading could not run (bad arguments, a malformed spec) or was
interrupted.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import pickle
import queue
import select
import signal
import statistics
import subprocess
import sys
import threading
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from grader.errors import UsageError
from grader.feedback import GRADER_ERROR_KEY, feedback_markdown, grader_error, read_results
from grader.files import write_atomically
from grader.gradebook import gradebook_csv
from grader.junit import junit_error, junit_xml
from grader.options import add_run_options, options_from, options_to_json
from grader.reaping import become_subreaper, kill_orphans
from grader.report import results_json
from grader.runner import Options, check_submission
from grader.sandbox import protections
from grader.specs import Spec, load_specs
from grader.project import DEFAULT_SPECS, PACKAGE, default_jobs

RESULTS, FEEDBACK, JUNIT, HASH, ERROR_LOG = "results.json", "feedback.md", "junit.xml", "inputs.sha256", "grader-error.txt"
GRADEBOOK = "gradebook.csv"
HASH_VERSION = "grade-1"
WORKER_BOOT = "from grader.batch import worker_main; raise SystemExit(worker_main())"
# Workers start with SIGINT ignored (an ignored signal stays ignored across exec, and Python then keeps
# it so), so a Ctrl-C that lands while the interpreter is still starting cannot crash it; worker_main
# takes SIGINT back once it is ready, and a worker that missed it still stops at the end of its input.
IGNORE_SIGINT = ["/bin/sh", "-c", 'trap "" INT; exec "$0" "$@"']
GRACE_SECONDS = 30.0  # how long a worker gets to clean up after SIGINT before SIGKILL


# ---------------------------------------------------------------- what decides a grade: content hashes


def _tree_lines(folder: Path, prefix: str = "") -> list[bytes]:
    """One record per entry, sorted; regular files by content, never opening anything else (a FIFO
    in a submission must not block us)."""
    records = []
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError as error:
        return [f"unreadable {prefix or '.'}: {error.strerror}".encode()]
    for entry in entries:
        name = prefix + entry.name
        try:
            info = entry.stat(follow_symlinks=False)
            if entry.is_symlink():
                records.append(f"L {name} -> {os.readlink(entry.path)}".encode())
            elif entry.is_dir(follow_symlinks=False):
                records.append(f"D {name}".encode())
                records += _tree_lines(Path(entry.path), name + "/")
            elif entry.is_file(follow_symlinks=False):
                with open(entry.path, "rb") as file:
                    digest = hashlib.file_digest(file, "sha256").hexdigest() if hasattr(hashlib, "file_digest") \
                        else hashlib.sha256(file.read()).hexdigest()
                records.append(f"F {name} {digest}".encode())
            else:
                records.append(f"S {name} {info.st_mode:o}".encode())
        except OSError as error:
            records.append(f"? {name} {error.strerror}".encode())
    return records


def grader_digest(specs: list[Spec], options: Options) -> str:
    """The specs' files, the run options, the sandbox's protections and the grader's own code: everything
    besides the submission behind a grade."""
    digest = hashlib.sha256(HASH_VERSION.encode())
    digest.update(f"options {options_to_json(options)}\0{protections().describe()}\0".encode())
    for spec in sorted(specs, key=lambda spec: spec.id):
        digest.update(f"spec {spec.id}\0".encode() + Path(spec.path).read_bytes() + b"\0")
    for source in sorted(PACKAGE.rglob("*")):
        if source.suffix in (".py", ".json") and "__pycache__" not in source.parts and source.is_file():
            digest.update(f"code {source.relative_to(PACKAGE)}\0".encode() + source.read_bytes() + b"\0")
    return digest.hexdigest()


def fingerprint(submission: Path, base: str) -> str:
    return hashlib.sha256(b"\n".join([base.encode(), *_tree_lines(submission)])).hexdigest()


# ---------------------------------------------------------------- the worker process


def grade_unit(student: str, path: Path, specs: list[Spec], options: Options) -> dict[str, Any]:
    """Grade some specs of one student; any exception becomes this student's error reply, never the
    batch's. Verdicts travel back pickled (our own child process, so trusted) to be judged as a whole."""
    started = time.monotonic()
    try:
        verdicts = check_submission(path, specs, options, jobs=1)
        return {"student": student, "verdicts": base64.b64encode(pickle.dumps(verdicts)).decode("ascii"),
                "seconds": time.monotonic() - started}
    except Exception as error:  # noqa: BLE001 - the whole point: one student cannot stop the batch
        return {"student": student, "error": f"{type(error).__name__}: {error}",
                "traceback": traceback.format_exc(), "seconds": time.monotonic() - started}


def worker_main() -> int:
    """Read the specs and options the batch parsed and hashed (first line), then jobs (one JSON line each)
    from stdin, and answer each with one JSON line. Nothing else may reach the protocol pipe, so stdout is
    pointed at stderr for anything the grader might print."""
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        parsed, options = pickle.loads(base64.b64decode(sys.stdin.readline()))
        specs = {spec.id: spec for spec in parsed}
        for line in sys.stdin:
            job = json.loads(line)
            reply = grade_unit(job["student"], Path(job["path"]), [specs[name] for name in job["specs"]], options)
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
        self.process = subprocess.Popen(
            [*IGNORE_SIGINT, sys.executable, "-c", WORKER_BOOT],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, env=env, start_new_session=True,
        )
        self.setup: bytes | None = setup
        self.pending = b""
        self.interrupted = False

    @property
    def pid(self) -> int:
        return self.process.pid

    def ask(self, job: dict[str, Any], timeout: float) -> dict[str, Any]:
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
        return json.loads(line)

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

    def close(self) -> None:
        """No more work: end of input lets the worker exit by itself."""
        self._close_pipes()
        try:
            self.process.wait(timeout=GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            self.stop()

    def _close_pipes(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            try:
                pipe.close()
            except OSError:
                pass


# ---------------------------------------------------------------- the batch


@dataclass
class Outcome:
    student: str
    status: str  # "graded", "unchanged" or "error"
    results: dict[str, Any]
    seconds: float = 0.0
    error: str | None = None


def find_students(class_dir: Path, out_dir: Path) -> list[tuple[str, Path]]:
    out = out_dir.resolve()
    students = []
    for entry in sorted(class_dir.iterdir()):
        if entry.name.startswith((".", "__")) or entry.resolve() == out:
            continue  # a file stays in: that student is graded as having no mastermind.py, not left out
        students.append((entry.name, entry))
    return students


def error_results(message: str, max_score: float) -> dict[str, Any]:
    return {
        "score": 0, "max_score": max_score, "output_format": "text", "tests": [],
        "output": "The grader could not grade this submission (a problem in the grader, not a verdict on "
                  "your program). Your instructor has been told.",
        "extra_data": {GRADER_ERROR_KEY: message},
    }


class Progress:
    """A bar that redraws itself on a terminal; one plain line per student otherwise (logs, CI)."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream, self.done = total, stream, 0
        self.tty = stream.isatty()

    def update(self, outcome: Outcome) -> None:
        self.done += 1
        if outcome.status == "error":
            what = f"NOT GRADED: {outcome.error}"
        else:
            score = f"{outcome.results['score']:g}/{outcome.results['max_score']:g}"
            what = f"{score} (unchanged, not regraded)" if outcome.status == "unchanged" else f"{score} ({outcome.seconds:.1f} s of runs)"
        line = f"[{self.done}/{self.total}] {outcome.student}: {what}"
        if not self.tty:
            self.stream.write(line + "\n")
        else:
            if outcome.status == "error":
                self.stream.write("\r\x1b[K" + line + "\n")
            width = 30
            filled = width * self.done // self.total
            self.stream.write(f"\r\x1b[K[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}  {outcome.student}")
            if self.done == self.total:
                self.stream.write("\n")
        self.stream.flush()

    def interrupted(self) -> None:
        if self.tty:
            self.stream.write("\n")


class Batch:
    def __init__(self, students: list[tuple[str, Path]], specs: list[Spec], out: Path,
                 jobs: int, force: bool, progress: Progress, subreaper: bool = False,
                 options: Options | None = None) -> None:
        self.students, self.specs, self.out = students, specs, out
        self.options = options or Options()
        self.setup = base64.b64encode(pickle.dumps((specs, self.options))) + b"\n"  # our own workers: trusted
        self.jobs, self.force, self.progress, self.subreaper = jobs, force, progress, subreaper
        self.max_score = sum(spec.points for spec in specs)
        self.base = grader_digest(specs, self.options)
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.workers: set[Worker] = set()
        self.replies: queue.Queue[tuple[str, str, dict[str, Any]]] = queue.Queue()
        self.failed: set[str] = set()  # students with an error: their remaining units are not run
        self.timeout = self.options.spec_timeout + 60  # per unit: the runner's own limit, and then some

    # -- what to grade
    def _unchanged(self, student: str, digest: str) -> dict[str, Any] | None:
        folder = self.out / student
        try:
            if self.force or (folder / HASH).read_text().strip() != digest:
                return None
            results = read_results(folder / RESULTS)
        except (OSError, UsageError):
            return None
        return None if grader_error(results) is not None or not (folder / FEEDBACK).is_file() else results

    # -- one slot: a worker process fed from the queue of units (one spec of one student each)
    def _slot(self, units: queue.Queue) -> None:
        worker: Worker | None = None
        try:
            while not self.stopping.is_set():
                try:
                    student, path, spec_id = units.get_nowait()
                except queue.Empty:
                    return
                if student in self.failed:
                    reply = {"student": student, "skipped": True}
                    self.replies.put((student, spec_id, reply))
                    continue
                if worker is None:
                    with self.lock:  # started and registered at once: kill_orphans must never see it unlisted
                        if self.stopping.is_set():
                            return
                        worker = Worker(self.setup)
                        self.workers.add(worker)
                job = {"student": student, "path": str(path.resolve()), "specs": [spec_id]}
                try:
                    reply = worker.ask(job, self.timeout)
                except (WorkerGone, WorkerStuck) as problem:
                    if self.stopping.is_set():
                        return
                    what = "died" if isinstance(problem, WorkerGone) else "got stuck"
                    reply = {"student": student, "error": f"the grader process grading this student {what} ({problem})",
                             "traceback": f"worker pid {worker.pid}, spec {spec_id}: {problem}\n"}
                    self._retire(worker)
                    worker = None
                    with self.lock:
                        if self.subreaper:
                            kill_orphans({w.pid for w in self.workers})
                if "error" in reply:
                    self.failed.add(student)
                self.replies.put((student, spec_id, reply))
        finally:
            if worker is not None:
                self._retire(worker, gently=not self.stopping.is_set())

    def _retire(self, worker: Worker, gently: bool = False) -> None:
        worker.close() if gently else worker.stop()
        with self.lock:
            self.workers.discard(worker)

    # -- writing one student's files (main thread only)
    def _record(self, student: str, replies: list[dict[str, Any]], digest: str) -> Outcome:
        folder = self.out / student
        seconds = sum(reply.get("seconds", 0.0) for reply in replies)
        (folder / HASH).unlink(missing_ok=True)
        failure = next((reply for reply in replies if "error" in reply), None)
        if failure is not None:
            results = error_results(failure["error"], self.max_score)
            write_atomically(folder / ERROR_LOG, f"student: {student}\n{failure['error']}\n\n{failure.get('traceback', '')}")
            write_atomically(folder / RESULTS, json.dumps(results, indent=2, ensure_ascii=False) + "\n")
            write_atomically(folder / FEEDBACK, feedback_markdown(results))
            write_atomically(folder / JUNIT, junit_error(student, failure["error"]))
            return Outcome(student, "error", results, seconds, failure["error"])
        verdicts = [verdict for reply in replies for verdict in pickle.loads(base64.b64decode(reply["verdicts"]))]
        results = results_json(verdicts)
        write_atomically(folder / RESULTS, json.dumps(results, indent=2, ensure_ascii=False) + "\n")
        write_atomically(folder / FEEDBACK, feedback_markdown(results))
        write_atomically(folder / JUNIT, junit_xml(verdicts, suite_name=student))
        (folder / ERROR_LOG).unlink(missing_ok=True)
        write_atomically(folder / HASH, digest + "\n")
        return Outcome(student, "graded", results, seconds)

    def run(self) -> list[Outcome]:
        outcomes: dict[str, Outcome] = {}
        digests: dict[str, str] = {}
        waiting: dict[str, dict[str, dict[str, Any]]] = {}
        units: queue.Queue = queue.Queue()
        for student, path in self.students:
            digests[student] = fingerprint(path, self.base)
            previous = self._unchanged(student, digests[student])
            if previous is not None:
                outcomes[student] = Outcome(student, "unchanged", previous)
                self.progress.update(outcomes[student])
                continue
            waiting[student] = {}
            for spec in self.specs:  # student by student, so results come out (and get written) steadily
                units.put((student, path, spec.id))
        slots = min(self.jobs, units.qsize())
        threads = [threading.Thread(target=self._slot, args=(units,), daemon=True) for _ in range(slots)]
        for thread in threads:
            thread.start()
        try:
            while waiting:
                student, spec_id, reply = self.replies.get()
                waiting[student][spec_id] = reply
                if len(waiting[student]) == len(self.specs):
                    done = waiting.pop(student)
                    replies = [done[spec.id] for spec in self.specs]
                    outcomes[student] = self._record(student, replies, digests[student])
                    self.progress.update(outcomes[student])
        except KeyboardInterrupt:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the clean-up short
            self.progress.interrupted()
            print("interrupted: stopping the workers and their programs...", file=sys.stderr, flush=True)
            self._shutdown(threads)
            done = sum(outcome.status != "unchanged" for outcome in outcomes.values())
            print(f"interrupted: {done} student(s) graded and written in this run, {len(self.students) - len(outcomes)} "
                  "not graded (run again to grade them; finished ones are skipped). gradebook.csv not updated.",
                  file=sys.stderr, flush=True)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            raise
        except BaseException:
            self._shutdown(threads)  # a bug of ours: still leave no worker or program behind
            raise
        for thread in threads:
            thread.join()
        if self.subreaper:
            kill_orphans(set())
        return [outcomes[student] for student, _ in self.students]

    def _shutdown(self, threads: list[threading.Thread]) -> None:
        with self.lock:
            self.stopping.set()
            workers = list(self.workers)
        for worker in workers:
            worker.interrupt()
        for thread in threads:
            thread.join()
        if self.subreaper:
            kill_orphans(set())


# ---------------------------------------------------------------- the summary


def summary(outcomes: list[Outcome], specs: list[Spec], out: Path, seconds: float, jobs: int) -> str:
    graded = [o for o in outcomes if o.status != "error"]
    errors = [o for o in outcomes if o.status == "error"]
    fresh = sum(o.status == "graded" for o in outcomes)
    maximum = sum(spec.points for spec in specs)
    lines = [f"Graded {len(graded)} of {len(outcomes)} student(s) in {seconds:.1f} s with {jobs} job(s) "
             f"({fresh} graded now, {len(graded) - fresh} unchanged since their last results)."]
    if graded:
        scores = [float(o.results["score"]) for o in graded]
        mean, median = statistics.mean(scores), statistics.median(scores)
        percent = (lambda v: f" ({100 * v / maximum:.0f}%)") if maximum else (lambda v: "")
        lines.append(f"Class mean {mean:.2f}/{maximum:g}{percent(mean)}, median {median:g}/{maximum:g}{percent(median)}.")
        lines += ["", "Spec (points)  passed by"]
        width = max(len(f"{spec.id} ({spec.points:g})") for spec in specs)
        for spec in sorted(specs, key=lambda spec: spec.id):
            passed = sum(
                any(test.get("tags", [None])[0] == spec.id and test.get("status") == "passed" for test in o.results["tests"])
                for o in graded
            )
            flag = "   <- nobody passed: check this spec" if passed == 0 else ""
            hidden = " [hidden]" if spec.hidden else ""
            lines.append(f"  {spec.id + f' ({spec.points:g})':<{width}}  {passed}/{len(graded)} "
                         f"({100 * passed / len(graded):.0f}%){hidden}{flag}")
    if errors:
        lines += ["", f"NOT GRADED ({len(errors)}): the grader failed on these; they get an empty score and are retried next run:"]
        lines += [f"  {o.student}: {o.error}  (details: {out / o.student / ERROR_LOG})" for o in errors]
    lines += ["", f"Wrote {out / GRADEBOOK} and {out}/<student>/{{{RESULTS},{FEEDBACK},{JUNIT}}}."]
    return "\n".join(lines) + "\n"


def cmd_grade(args: argparse.Namespace) -> int:
    class_dir, out, specs_dir = Path(args.class_dir), Path(args.out), Path(args.specs)
    if not class_dir.is_dir():
        raise UsageError(f"{class_dir}: no such class folder")
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out}: --out is a file, not a folder")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    specs = load_specs(specs_dir)
    students = find_students(class_dir, out)
    if not students:
        raise UsageError(f"{class_dir}: no student folders inside (one subfolder per student)")
    jobs = args.jobs or default_jobs()
    started = time.monotonic()
    batch = Batch(students, specs, out, jobs, args.force, Progress(len(students), sys.stderr),
                  subreaper=become_subreaper(), options=options_from(args))
    outcomes = batch.run()
    write_atomically(out / GRADEBOOK, gradebook_csv((o.student, o.results) for o in outcomes))
    sys.stdout.write(summary(outcomes, specs, out, time.monotonic() - started, jobs))
    return 1 if any(o.status == "error" for o in outcomes) else 0


def add_grade(commands: argparse._SubParsersAction) -> None:
    grade = commands.add_parser(
        "grade", help="grade a class folder (one subfolder per student): gradebook, results, feedback",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    grade.add_argument("class_dir", metavar="CLASS_DIR", help="a folder with one subfolder per student")
    grade.add_argument("--out", default="grades", help="where results go (default: %(default)s)")
    grade.add_argument("--jobs", type=int, help=f"submissions graded at once (default: every core, here {default_jobs()})")
    grade.add_argument("--force", action="store_true", help="grade every student, even unchanged ones")
    grade.add_argument("--specs", default=str(DEFAULT_SPECS), help="folder of spec files (default: %(default)s)")
    add_run_options(grade)
    grade.set_defaults(run=cmd_grade)
