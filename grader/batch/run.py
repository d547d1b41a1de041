"""Running the grading of a class: each student's plan (grader/grading) is cut into units, one spec of
one student by one run options each, queued student by student and run by N worker processes (`--jobs`,
see `workers`); the main process only hands out units, builds a student's results (grader/grading) once
all their units are back, then, for per-student variants, queues the specs they failed by the other
variants' rules and fits their variant, writes their files once and draws progress. A program that
never reads the key is replayed the way it plays, in the main process, as `check` does (`as_played`). Units
this small keep every core busy to the end even when the last student hangs in every spec (a hang costs
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
from grader.engine.intake import refused
from grader.engine.runner import Options
from grader.grading.plan import Plan, assignment_options
from grader.grading.results import final_results, raw_results
from grader.grading.submission import admitted, as_played
from grader.grading.variants import closer_variant, every_variant, fitting_runs
from grader.report.formats import STUDENT_FILES, SUBMISSION_FORMATS, Submission, render
from grader.report.lateness import with_late
from grader.report.screenshots import write_screenshots
from grader.sandbox.reaping import kill_orphans
from grader.report.results import Results, grader_error_results, read_results
from grader.spec.assignment import Assignment, feedback_title
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
        self.failed: set[str] = set()  # students with an error: their remaining units are not run
        self.not_run: dict[str, tuple[str, ...]] = {}  # each student's compiled files left out of the runs
        self.folders: dict[str, Path] = {}  # each admitted student's program folder, for `as_played`

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
                if student in self.failed:
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
                    self.failed.add(student)
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

    def _write(self, student: str, verdicts: list, raw: Results, seconds: float, digest: str | None,
               looks_like: tuple[str, float] | None = None) -> Outcome:
        """A graded student's files, written once; the hash last, and only for a run worth skipping next time."""
        folder = student_folder(self.out, student)
        (folder / HASH).unlink(missing_ok=True)
        plan = self.plans[student]
        results = final_results(plan, raw, looks_like)
        _write_files(folder, Submission(results, tuple(verdicts), student=student, heading=feedback_title(plan.assignment)))
        (folder / ERROR_LOG).unlink(missing_ok=True)
        if digest is not None:
            write_atomically(folder / HASH, digest + "\n")
        return Outcome(student, "graded", results, seconds, problem=raw.problem)

    def _fitting_units(self, student: str, raw: Results) -> dict[tuple[str, int], Assignment]:
        """The units that grade the specs a student failed by every other variant's rules, with the
        assignment by the variant each is for."""
        plan = self.plans[student]
        if not plan.every:
            return {}
        return {(spec.id, self._index(assignment_options(other, plan.options))): other
                for other, again in fitting_runs(raw, plan.assignment, list(plan.every)) if other.variant
                for spec in again}

    def _played(self, student: str, plan: Plan, verdicts: list) -> list | dict[str, Any]:
        """A student's verdicts as played (`as_played`); an error there is theirs alone, as in a worker."""
        try:
            return as_played(plan, self.folders[student], verdicts)
        except Exception as error:  # noqa: BLE001 - one student cannot stop the batch
            return {"error": f"{type(error).__name__}: {error}", "traceback": traceback.format_exc()}

    def run(self) -> list[Outcome]:
        outcomes: dict[str, Outcome] = {}
        digests: dict[str, str] = {}
        pending: dict[str, set[tuple[str, int]]] = {}
        answers: dict[str, dict[tuple[str, int], dict[str, Any]]] = {}
        fitting: dict[str, tuple[list, Results, dict[tuple[str, int], Assignment]]] = {}  # own verdicts, raw, fit units
        units: queue.Queue[Unit | None] = queue.Queue()
        for student, path, plan in self.students:
            found = admitted(plan, path)
            if found.folder is None:  # nothing to run: their 0 and why, at once (and never skipped)
                verdicts = refused(list(plan.specs), found.problem or "")
                raw = raw_results(plan, verdicts, problem=found.problem, refused=found.refused)
                outcomes[student] = self._write(student, verdicts, raw, 0.0, None)
                self.progress.update(outcomes[student])
                continue
            digests[student] = fingerprint(found, self._base(plan))
            self.not_run[student] = found.not_run
            previous = self._unchanged(student, digests[student])
            if previous is not None:
                outcomes[student] = Outcome(student, "unchanged", previous)
                self.progress.update(outcomes[student])
                continue
            self.folders[student], answers[student] = found.folder, {}
            run = self._index(plan.options)
            pending[student] = {(spec.id, run) for spec in plan.specs}
            for spec in plan.specs:  # student by student, so results come out (and get written) steadily
                units.put((student, found.folder, spec.id, run))
        slots = min(self.jobs, units.qsize())
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
                done = self._answered(student, answers[student], fitting, digests[student])
                if isinstance(done, Outcome):
                    del pending[student]
                    outcomes[student] = done
                    self.progress.update(done)
                    continue
                pending[student] = set(done)
                for spec_id, run in done:
                    units.put((student, self.folders[student], spec_id, run))
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

    def _answered(self, student: str, answers: dict[tuple[str, int], dict[str, Any]],
                  fitting: dict[str, tuple[list, Results, dict[tuple[str, int], Assignment]]],
                  digest: str) -> Outcome | list:
        """A student whose units are all back: their outcome, or the units still to run to fit their variant."""
        plan = self.plans[student]
        seconds = sum(reply.get("seconds", 0.0) for reply in answers.values())
        if student in fitting:
            verdicts, raw, fits = fitting.pop(student)
            others: dict[str, tuple[Assignment, list]] = {}
            for key, other in fits.items():
                others.setdefault(other.variant.name if other.variant else "", (other, []))[1].extend(
                    answers[key].get("verdicts", [None]))
            graded = {}
            for name, (other, found) in others.items():  # a variant whose run failed is left out of the fitting
                played = self._played(student, replace(plan, assignment=other), found) if None not in found else None
                if isinstance(played, list):
                    graded[name] = raw_results(plan, played)
            return self._write(student, verdicts, raw, seconds, digest, closer_variant(raw, graded))
        own = self._index(plan.options)
        replies = [answers[(spec.id, own)] for spec in plan.specs]
        failure = next((reply for reply in replies if "error" in reply), None)
        if failure is not None:
            return self._error(student, failure, seconds)
        played = self._played(student, plan, [verdict for reply in replies for verdict in reply["verdicts"]])
        if isinstance(played, dict):
            return self._error(student, played, seconds)
        raw = raw_results(plan, played, self.not_run.get(student, ()))
        fits = self._fitting_units(student, raw)
        if not fits:
            return self._write(student, played, raw, seconds, digest)
        fitting[student] = (played, raw, fits)
        return list(fits)

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
