"""Running the grading of a class: each student's grading (`Grading`, grader/grading/submission.py, the
steps `check` takes too) is cut into units, one spec of one student by one run options each, queued student
by student and run by N worker processes (`--jobs`, see `workers`); the main process only hands out units,
hands each student's verdicts back to their grading once all their units are back, queues the runs it needs
next (the specs they failed by other variants' rules, to fit their variant), writes their files once and
draws progress. Units this small keep every core busy to the end even when the last student hangs in every spec (a hang costs
its timeout per spec).

Ctrl-C: the main process stops handing out work and sends each worker one SIGINT. Nothing is written
after that, and every file is written atomically, so there is never half a file. The main process is a
child subreaper: any process orphaned by a worker that died is reparented to it and killed before it
exits. Students are skipped when their fingerprint (see `fingerprint`) matches their `inputs.sha256`,
written last, after the other files, so an interrupted write is simply graded again. A student the
grader could not grade gets an error result and is always retried next run.

A late policy (each plan's policy and the student's times, plain data) is applied to the results
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
from typing import Any

from grader.batch.fingerprint import fingerprint, grader_digest
from grader.batch.progress import Progress
from grader.batch.students import ERROR_LOG, FEEDBACK, HASH, RESULTS, Outcome, student_folder
from grader.batch.workers import Worker, WorkerGone, WorkerStuck, setup_line
from grader.base.errors import UsageError
from grader.base.files import write_atomically
from grader.engine.runner import Options
from grader.grading.plan import Plan, assignment_options
from grader.grading.submission import Graded, Grading
from grader.grading.variants import every_variant
from grader.judge.judging import Verdict
from grader.report.formats import STUDENT_FILES, SUBMISSION_FORMATS, Submission, render
from grader.report.lateness import with_late
from grader.report.screenshots import write_screenshots
from grader.sandbox.reaping import kill_orphans
from grader.report.results import Results, grader_error_results, read_results
from grader.spec.assignment import feedback_title
from grader.spec.specs import Spec
from grader.spec.timeouts import unit_timeout


Unit = tuple[str, Path, str, int]  # a student, their program's folder, a spec's id, the index of its run options


class Batch:
    """A class's plans scheduled as units on worker processes; each student's results built and their
    variant fitted by grader/grading, their files written once."""

    def __init__(self, students: list[tuple[str, Path, Plan]], out: Path, jobs: int, force: bool, progress: Progress,
                 subreaper: bool = False) -> None:
        self.students, self.out = students, out
        self.plans = {student: plan for student, _, plan in students}
        self.runs: list[Options] = []  # every distinct run options: a unit names its own by index
        self.specs: dict[str, Spec] = {}
        for _, _, plan in students:
            self._index(plan.options)
            for spec in (*plan.specs, *plan.every):
                self.specs.setdefault(spec.id, spec)
            for other, _ in every_variant(plan.assignment, list(plan.every)):
                self._index(assignment_options(other, plan.options))
        self.jobs, self.force, self.progress, self.subreaper = jobs, force, progress, subreaper
        self.bases: dict[int, str] = {}
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.workers: set[Worker] = set()
        self.replies: queue.Queue[tuple[str, tuple[str, int], dict[str, Any]]] = queue.Queue()
        self.failed: set[tuple[str, int]] = set()  # a student's run with an error: its other units are not run

    def _index(self, options: Options) -> int:
        if options not in self.runs:
            self.runs.append(options)
        return self.runs.index(options)

    def _base(self, plan: Plan) -> str:
        index = self._index(plan.options)
        if index not in self.bases:
            self.bases[index] = grader_digest(list(plan.specs), plan.options)
        return self.bases[index]

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
        plan = self.plans[student]
        timed = with_late(results, plan.policy, plan.clock)
        if timed != results:  # a new late policy or time: the files that tell the score anew, the hash last
            (folder / HASH).unlink()
            submission = Submission(timed, student=student, heading=feedback_title(plan.assignment))
            for name in ("results", "feedback"):
                write_atomically(folder / SUBMISSION_FORMATS[name].file, render(name, submission))
            write_atomically(folder / HASH, digest + "\n")
        return timed

    # -- one slot: a worker process fed from the queue of units (one spec of one student each)
    def _slot(self, units: queue.Queue) -> None:
        worker: Worker | None = None
        try:
            while not self.stopping.is_set():
                unit = units.get()
                if unit is None or self.stopping.is_set():
                    return
                student, path, spec_id, run = unit
                if (student, run) in self.failed:
                    reply = {"student": student, "skipped": True}
                    self.replies.put((student, (spec_id, run), reply))
                    continue
                if worker is None:
                    with self.lock:  # started and registered at once: kill_orphans must never see it unlisted
                        if self.stopping.is_set():
                            return
                        worker = Worker(setup_line(list(self.specs.values()), self.runs))
                        self.workers.add(worker)
                job = {"student": student, "path": str(path.resolve()), "specs": [spec_id], "options": run}
                try:
                    reply = worker.ask(job, unit_timeout(self.runs[run].time_factor))
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
                    self.failed.add((student, run))
                self.replies.put((student, (spec_id, run), reply))
        finally:
            if worker is not None:
                self._retire(worker, gently=not self.stopping.is_set())

    def _retire(self, worker: Worker, gently: bool = False) -> None:
        worker.close() if gently else worker.stop()
        with self.lock:
            self.workers.discard(worker)

    # -- writing one student's files (main thread only)
    def _error(self, student: str, failure: dict[str, Any], seconds: float) -> Outcome:
        folder = student_folder(self.out, student)
        (folder / HASH).unlink(missing_ok=True)
        plan = self.plans[student]
        results = replace(grader_error_results(failure["error"], sum(spec.points for spec in plan.specs)),
                          variant=plan.variant, assignment=plan.assignment.slug)
        write_atomically(folder / ERROR_LOG, f"student: {student}\n{failure['error']}\n\n{failure.get('traceback', '')}")
        _write_files(folder, Submission(results, student=student, error=failure["error"],
                                        heading=feedback_title(plan.assignment)))
        return Outcome(student, "error", results, seconds, failure["error"])

    def _write(self, student: str, graded: Graded, seconds: float, digest: str | None) -> Outcome:
        """A graded student's files, written once; the hash last, and only for a run worth skipping next time."""
        folder = student_folder(self.out, student)
        (folder / HASH).unlink(missing_ok=True)
        plan = self.plans[student]
        _write_files(folder, Submission(graded.results, graded.verdicts, student=student,
                                        heading=feedback_title(plan.assignment)))
        (folder / ERROR_LOG).unlink(missing_ok=True)
        if digest is not None:
            write_atomically(folder / HASH, digest + "\n")
        return Outcome(student, "graded", graded.results, seconds, problem=graded.results.problem)

    def _units(self, student: str, grading: Grading) -> list[Unit]:
        """The units of the runs `grading` needs next: one spec of the student by one run options each."""
        plan = self.plans[student]
        return [(student, grading.folder, spec.id, self._index(assignment_options(assignment, plan.options)))
                for assignment, specs in grading.runs for spec in specs]

    def run(self) -> list[Outcome]:
        outcomes: dict[str, Outcome] = {}
        digests: dict[str, str] = {}
        pending: dict[str, set[tuple[str, int]]] = {}
        answers: dict[str, dict[tuple[str, int], dict[str, Any]]] = {}
        gradings: dict[str, Grading] = {}
        units: queue.Queue[Unit | None] = queue.Queue()
        for student, path, plan in self.students:
            grading = Grading(plan, path)
            if grading.graded is not None:  # nothing to run: their 0 and why, at once (and never skipped)
                outcomes[student] = self._write(student, grading.graded, 0.0, None)
                self.progress.update(outcomes[student])
                continue
            digests[student] = fingerprint(grading.admitted, self._base(plan))
            previous = self._unchanged(student, digests[student])
            if previous is not None:
                outcomes[student] = Outcome(student, "unchanged", previous)
                self.progress.update(outcomes[student])
                continue
            gradings[student], answers[student] = grading, {}
            queued = self._units(student, grading)
            pending[student] = {(spec_id, run) for _, _, spec_id, run in queued}
            for unit in queued:  # student by student, so results come out (and get written) steadily
                units.put(unit)
        slots = self.jobs if pending else 0  # a worker starts with a slot's first unit, fitting runs' included
        threads = [threading.Thread(target=self._slot, args=(units,), daemon=True) for _ in range(slots)]
        for thread in threads:
            thread.start()
        try:
            while pending:
                student, key, reply = self.replies.get()
                answers[student][key] = reply
                pending[student].discard(key)
                if pending[student]:
                    continue
                done = self._advance(student, gradings[student], answers[student], digests[student])
                if isinstance(done, Outcome):
                    del pending[student]
                    outcomes[student] = done
                    self.progress.update(done)
                    continue
                pending[student] = {(spec_id, run) for _, _, spec_id, run in done}
                for unit in done:
                    units.put(unit)
            for _ in threads:
                units.put(None)
        except KeyboardInterrupt:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the clean-up short
            self.progress.interrupted()
            print("Ctrl-C: stopping the workers and their programs...", file=sys.stderr, flush=True)
            self._shutdown(threads, units)
            done_count = sum(outcome.status != "unchanged" for outcome in outcomes.values())
            signal.signal(signal.SIGINT, signal.default_int_handler)
            raise KeyboardInterrupt(  # said once, by the command line's handler
                f"{done_count} student(s) graded and written in this run, {len(self.students) - len(outcomes)} not graded "
                "(run again to grade them; finished ones are skipped). gradebook.csv not updated.") from None
        except BaseException:
            self._shutdown(threads, units)  # a bug of ours: still leave no worker or program behind
            raise
        for thread in threads:
            thread.join()
        if self.subreaper:
            kill_orphans(set())
        return [outcomes[student] for student, _, _ in self.students]

    def _advance(self, student: str, grading: Grading, answers: dict[tuple[str, int], dict[str, Any]],
                  digest: str) -> Outcome | list[Unit]:
        """A student whose queued units are all back: their outcome, or the units of the runs their grading
        needs next. A failed unit of their own specs is their error; of a fitting run, leaves that variant out."""
        plan = self.plans[student]
        seconds = sum(reply.get("seconds", 0.0) for reply in answers.values())
        verdicts: list[list[Verdict] | None] = []
        for assignment, specs in grading.runs:
            run = self._index(assignment_options(assignment, plan.options))
            replies = [answers[(spec.id, run)] for spec in specs]
            failure = next((reply for reply in replies if "error" in reply), None)
            if failure is not None and not grading.fitting:
                return self._error(student, failure, seconds)
            ran = all("verdicts" in reply for reply in replies)  # not failed, nor skipped after a failure
            verdicts.append([verdict for reply in replies for verdict in reply["verdicts"]] if ran else None)
        try:
            grading.take(verdicts)
        except Exception as error:  # noqa: BLE001 - one student cannot stop the batch (their replay failed)
            return self._error(student, {"error": f"{type(error).__name__}: {error}",
                                         "traceback": traceback.format_exc()}, seconds)
        if grading.graded is not None:
            return self._write(student, grading.graded, seconds, digest)
        return self._units(student, grading)

    def _shutdown(self, threads: list[threading.Thread], units: queue.Queue) -> None:
        with self.lock:
            self.stopping.set()
            workers = list(self.workers)
        for _ in threads:
            units.put(None)  # a slot waiting for a unit wakes and ends
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
