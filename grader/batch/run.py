"""Running the grading of a class: the work is cut into units, one spec of one student each, queued
student by student and run by N worker processes (`--jobs`, see `workers`); the main process only hands
out units, judges a student once all their units are back (replaying a program that never reads the key
the way it plays, as `check` does: `_as_played`), writes their files and draws progress. Units
this small keep every core busy to the end even when the last student hangs in every spec (a hang costs
its timeout per spec).

Ctrl-C: the main process stops handing out work and sends each worker one SIGINT. Nothing is written
after that, and every file is written atomically, so there is never half a file. The main process is a
child subreaper: any process orphaned by a worker that died is reparented to it and killed before it
exits. Students are skipped when their fingerprint (see `fingerprint`) matches their `inputs.sha256`,
written last, after the other files, so an interrupted write is simply graded again. A student the
grader could not grade gets an error result and is always retried next run.

A late policy (`late`: the class's policy and each student's times, plain data) is applied to the results
as they are written, and to a skipped student's stored results (their penalty taken off and applied
anew, results.json and feedback.md rewritten if it changed): a new deadline, penalty or extension needs
no program run again.
"""

from __future__ import annotations

import queue
import signal
import sys
import threading
import traceback
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping

from grader.batch.fingerprint import fingerprint, grader_digest
from grader.batch.progress import Progress
from grader.batch.students import ERROR_LOG, FEEDBACK, HASH, RESULTS, Outcome, student_folder
from grader.batch.workers import Worker, WorkerGone, WorkerStuck, setup_line
from grader.base.errors import UsageError
from grader.base.files import write_atomically
from grader.engine.intake import IntakeLimits, admit, refused
from grader.report.formats import STUDENT_FILES, SUBMISSION_FORMATS, Submission, render
from grader.report.lateness import with_late
from grader.report.screenshots import write_screenshots
from grader.sandbox.reaping import kill_orphans
from grader.report.text import build_results
from grader.report.results import Results, grader_error_results, read_results, with_not_run, with_problem
from grader.engine.replay import replay_keyless
from grader.engine.runner import Options
from grader.spec.deadlines import LatePolicy, StudentClock
from grader.spec.specs import Spec


class Batch:
    def __init__(self, students: list[tuple[str, Path]], specs: list[Spec], out: Path,
                 jobs: int, force: bool, progress: Progress, subreaper: bool = False,
                 options: Options | None = None, intake: IntakeLimits | None = None,
                 heading: str = "Mastermind: your results",
                 late: tuple[LatePolicy, Mapping[str, StudentClock]] | None = None, assignment: str | None = None) -> None:
        self.students, self.specs, self.out = students, specs, out
        self.options = options or Options()
        self.variant = self.options.variant or None  # written into every student's results
        self.assignment = assignment  # its slug, written into every student's results too
        self.intake = intake or IntakeLimits()
        self.setup = setup_line(specs, self.options)
        self.jobs, self.force, self.progress, self.subreaper = jobs, force, progress, subreaper
        self.max_score = sum(spec.points for spec in specs)
        self.heading = heading  # of every student's feedback.md
        self.policy, self.clocks = late or (None, {})
        self.base = grader_digest(specs, self.options)
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.workers: set[Worker] = set()
        self.replies: queue.Queue[tuple[str, str, dict[str, Any]]] = queue.Queue()
        self.failed: set[str] = set()  # students with an error: their remaining units are not run
        self.folders: dict[str, Path] = {}  # each admitted student's folder, for the replay (see _as_played)
        self.not_run: dict[str, tuple[str, ...]] = {}  # each student's compiled files left out of the runs
        self.timeout = self.options.spec_timeout + 60  # per unit: the runner's own limit, and then some

    # -- what to grade
    def _unchanged(self, student: str, digest: str) -> Results | None:
        folder = student_folder(self.out, student)
        try:
            if self.force or (folder / HASH).read_text().strip() != digest:
                return None
            results = read_results(folder / RESULTS)
        except (OSError, UsageError):
            return None
        if results.grader_error is not None or not (folder / FEEDBACK).is_file():
            return None
        timed = with_late(results, self.policy, self.clocks.get(student))
        if timed != results:  # a new late policy or time: the files that tell the score anew, the hash last
            (folder / HASH).unlink()
            submission = Submission(timed, student=student, heading=self.heading)
            for name in ("results", "feedback"):
                write_atomically(folder / SUBMISSION_FORMATS[name].file, render(name, submission))
            write_atomically(folder / HASH, digest + "\n")
        return timed

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
        folder = student_folder(self.out, student)
        seconds = sum(reply.get("seconds", 0.0) for reply in replies)
        (folder / HASH).unlink(missing_ok=True)
        replies = self._as_played(student, replies)
        failure = next((reply for reply in replies if "error" in reply), None)
        if failure is not None:
            results = replace(grader_error_results(failure["error"], self.max_score), variant=self.variant,
                              assignment=self.assignment)
            write_atomically(folder / ERROR_LOG, f"student: {student}\n{failure['error']}\n\n{failure.get('traceback', '')}")
            _write_files(folder, Submission(results, student=student, error=failure["error"], heading=self.heading))
            return Outcome(student, "error", results, seconds, failure["error"])
        verdicts = [verdict for reply in replies for verdict in reply["verdicts"]]
        return self._write(student, verdicts, seconds, digest)

    def _as_played(self, student: str, replies: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A student's replies with their verdicts replayed the way the program plays where it never reads
        the key (replay_keyless, as `check` does, so both give one score); an error there is theirs alone."""
        if any("error" in reply for reply in replies):
            return replies
        verdicts = [verdict for reply in replies for verdict in reply["verdicts"]]
        try:
            return [{"verdicts": replay_keyless(self.folders[student], verdicts, self.options)}]
        except Exception as error:  # noqa: BLE001 - as in a worker: one student cannot stop the batch
            return [{"error": f"{type(error).__name__}: {error}", "traceback": traceback.format_exc()}]

    def _write(self, student: str, verdicts: list, seconds: float, digest: str | None,
               problem: str | None = None, over_limit: bool = False) -> Outcome:
        """A graded student's files; the hash last, and only for a run worth skipping next time."""
        folder = student_folder(self.out, student)
        (folder / HASH).unlink(missing_ok=True)
        results = replace(build_results(verdicts, reveal_hidden=True), variant=self.variant, assignment=self.assignment)
        results = with_not_run(results, self.not_run.get(student, ()))
        if problem is not None:
            results = with_problem(results, problem, over_limit)
        results = with_late(results, self.policy, self.clocks.get(student))
        _write_files(folder, Submission(results, tuple(verdicts), student=student, heading=self.heading))
        (folder / ERROR_LOG).unlink(missing_ok=True)
        if digest is not None:
            write_atomically(folder / HASH, digest + "\n")
        return Outcome(student, "graded", results, seconds, problem=problem)

    def run(self) -> list[Outcome]:
        outcomes: dict[str, Outcome] = {}
        digests: dict[str, str] = {}
        waiting: dict[str, dict[str, dict[str, Any]]] = {}
        units: queue.Queue = queue.Queue()
        for student, path in self.students:
            admitted = admit(path, self.options.script, self.intake)
            if admitted.folder is None:  # nothing to run: their 0 and why, at once (and never skipped)
                outcomes[student] = self._write(student, refused(self.specs, admitted.problem), 0.0, None, admitted.problem,
                                                admitted.refused)
                self.progress.update(outcomes[student])
                continue
            digests[student] = fingerprint(admitted, self.base)
            self.not_run[student], self.folders[student] = admitted.not_run, admitted.folder
            previous = self._unchanged(student, digests[student])
            if previous is not None:
                outcomes[student] = Outcome(student, "unchanged", previous)
                self.progress.update(outcomes[student])
                continue
            waiting[student] = {}
            for spec in self.specs:  # student by student, so results come out (and get written) steadily
                units.put((student, admitted.folder, spec.id))
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
            print("Ctrl-C: stopping the workers and their programs...", file=sys.stderr, flush=True)
            self._shutdown(threads)
            done = sum(outcome.status != "unchanged" for outcome in outcomes.values())
            signal.signal(signal.SIGINT, signal.default_int_handler)
            raise KeyboardInterrupt(  # said once, by the command line's handler
                f"{done} student(s) graded and written in this run, {len(self.students) - len(outcomes)} not graded "
                "(run again to grade them; finished ones are skipped). gradebook.csv not updated.") from None
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


def _write_files(folder: Path, submission: Submission) -> None:
    """A student's files, one per registered student format."""
    for name in STUDENT_FILES:
        write_atomically(folder / SUBMISSION_FORMATS[name].file, render(name, submission))
    write_screenshots(folder, submission.results, submission.verdicts)
