"""Grading a whole class: `python3 -m grader grade CLASS_DIR`.

Each subfolder of CLASS_DIR is one student (the folder name is the student id). For each student it writes
`OUT/students/<id>/results.json` (Gradescope's format), `OUT/students/<id>/feedback.md` (what the student
reads) and `OUT/students/<id>/junit.xml`, then `OUT/gradebook.csv` for the class, and prints a summary.
OUT is `--out`, by default `grades/<slug>/` (assignment.yaml's slug), so assignments never overwrite each other.

The work runs in parallel in worker processes (`--jobs`, default: every core). Ctrl-C stops at once,
kills every program started and leaves only complete files. Students are skipped when nothing that
decides their grade changed since their last results: the submission's files, the spec files and the
grader's own code, hashed into `OUT/students/<id>/inputs.sha256`. `--force` grades everyone. A student the grader
could not grade gets an error result (empty score in the gradebook, `grader-error.txt` with the
traceback for the instructor) and is always retried next run. A late policy (`--deadline`, `--late-penalty`,
`--submitted-at`, `--extensions`, or assignment.yaml's) takes its penalty off each score: see
grader/commands/late_options.py and grader/batch/class_times.py.

Exit status: 0 when every student was graded (whatever their scores), 1 when the grader failed on some
student (listed in the summary), 2 when grading could not run (bad arguments, a malformed spec) or was
interrupted.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from grader.base.helptext import CANNOT_RUN, add_command
from grader.batch.progress import Progress
from grader.batch.class_times import GIT, class_times
from grader.batch.run import Batch
from grader.batch.shard import parse_shard
from grader.batch.students import STUDENTS, file_name, find_students
from grader.batch.summary import summary, variants_said
from grader.base.errors import UsageError
from grader.base.files import prepare_folder, private_folder, write_atomically
from grader.report.formats import CLASS_FORMATS, Class
from grader.commands.options import (add_assignment_options, add_run_options, assignment_specs, intake_from, options_from,
                                     time_factor)
from grader.report.roster import read_roster
from grader.commands.student_variants import add_variant_choice, student_variants
from grader.grading.plans import class_plans
from grader.commands.late_options import add_late_options, late_policy
from grader.commands.similar import report_similarity
from grader.base.project import default_jobs
from grader.spec.assignment import Assignment, report_title
from grader.spec.deadlines import LatePolicy, StudentClock
from grader.explore.part import with_part
from grader.spec.specs import Spec
from grader.grading.variant_files import filled_copy
from grader.sandbox.reaping import become_subreaper

DEFAULT_OUT = Path("grades")  # where each assignment's results go, in a folder named by its slug


def cmd_grade(args: argparse.Namespace) -> int:
    class_dir = Path(args.class_dir)
    if class_dir.exists() and not class_dir.is_dir():
        raise UsageError(f"{class_dir}: is a file; give the class folder (one subfolder per student)")
    if not class_dir.is_dir():
        raise UsageError(f"{class_dir}: no such class folder")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    assignment, specs_dir, specs = assignment_specs(args, every_variant=True)
    specs = with_part(specs, assignment, specs_dir)
    out = Path(args.out) if args.out else DEFAULT_OUT / assignment.slug  # two assignments never share one
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out}: --out is a file, not a folder")
    if class_dir.resolve() == assignment.corpus.resolve():  # the instructor's own files: {{rows}} filled in
        with filled_copy(class_dir, assignment) as corpus:
            return _grade(args, corpus, out, assignment, specs)
    return _grade(args, class_dir, out, assignment, specs)


def _grade(args: argparse.Namespace, class_dir: Path, out: Path, assignment: Assignment, specs: list[Spec]) -> int:
    students = find_students(class_dir, out)
    if not students:
        raise UsageError(f"{class_dir}: no student folders inside (one subfolder per student)")
    everyone = {student for student, _ in students}  # a times file names the whole class, a shard's too
    if args.shard:
        students = [student for student in students if args.shard.holds(student[0])]
        print(f"shard {args.shard}: {len(students)} student(s) of this class", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="grader-late-") as scratch:  # with --at-deadline, the commits graded
        late, students = class_late(args, assignment, students, everyone, Path(scratch))
        return _grade_students(args, class_dir, out, assignment, specs, students, late)


def _grade_students(args: argparse.Namespace, class_dir: Path, out: Path, assignment: Assignment, specs: list[Spec],
                    students: list[tuple[str, Path]], late: tuple[LatePolicy, dict[str, StudentClock]] | None) -> int:
    chosen = student_variants(args, assignment, [student for student, _ in students], specs)
    prepare_folder(out)
    private_folder(out / STUDENTS)  # every student's diffs, hidden specs' included: no run may read them
    jobs = args.jobs or default_jobs()
    started = time.monotonic()
    options, intake, subreaper = options_from(args, assignment, private=(class_dir,)), intake_from(args), become_subreaper()
    factors = accommodations(Path(args.accommodations), [student for student, _ in students]) if args.accommodations else {}
    plans = class_plans(assignment, specs, students, chosen, options, intake, late, factors)
    outcomes = Batch(plans, out, jobs, args.force, Progress(len(students), sys.stderr), subreaper=subreaper).run()
    if chosen is not None:
        print(variants_said(outcomes), file=sys.stderr)
    similar, note = report_similarity(students, assignment, bool(args.shard))
    if note:
        print(note, file=sys.stderr)
    graded = Class(tuple((o.student, o.results) for o in outcomes), report_title(assignment), similar=similar,
                   folders=tuple((o.student, f"{STUDENTS}/{file_name(o.student)}") for o in outcomes))
    for format in CLASS_FORMATS.values():
        write_atomically(out / format.file, format.render(graded), private=True)
    sys.stdout.write(summary(outcomes, list(plans[0][2].specs) if plans else specs, out, time.monotonic() - started, jobs))
    return 1 if any(o.status == "error" for o in outcomes) else 0


def class_late(args: argparse.Namespace, assignment: Assignment, students: list[tuple[str, Path]], everyone: set[str],
               scratch: Path) -> tuple[tuple[LatePolicy, dict[str, StudentClock]] | None, list[tuple[str, Path]]]:
    """The policy and the times of the `students` graded (`everyone`: the class, of which a shard grades
    some), and their folders to grade (with --at-deadline, the files of their last commit in time, written
    under `scratch`), grader/batch/class_times.py's warnings said; bad files stop here, before anything is graded."""
    policy = late_policy(args, assignment)
    if args.at_deadline and args.submitted_at != GIT:
        raise UsageError("--at-deadline picks a commit: it needs --submitted-at git")
    if policy is None or policy.deadline is None:
        given = [name for name, value in (("--submitted-at", args.submitted_at), ("--extensions", args.extensions))
                 if value]
        if given:
            raise UsageError(f"{given[0]} needs a deadline: --deadline ISO8601 (or assignment.yaml's `deadline`)")
        return None, students
    if not args.submitted_at:  # a policy in assignment.yaml, for a platform's times: not for a class folder
        print("late policy not applied: no submission times (--submitted-at CSV or git)", file=sys.stderr)
        return None, students
    found = class_times(students, everyone, policy.deadline, policy.grace_minutes, args.submitted_at,
                        Path(args.extensions) if args.extensions else None, args.at_deadline, scratch)
    for line in found.warnings:
        print(line, file=sys.stderr)
    return (policy, found.clocks), found.students


def accommodations(roster: Path, students: list[str]) -> dict[str, float]:
    """Each listed student's time factor from the roster's `time_factor` column; a cell that is not a
    number above 0 is a UsageError naming the student."""
    found = read_roster(roster)
    if "time_factor" not in found.columns:
        raise UsageError(f"{roster}: no column 'time_factor'; its columns are {', '.join(found.columns)}")
    factors = {}
    for student in students:
        cell = found.entries.get(student, {}).get("time_factor", "").strip()
        if cell:
            try:
                factors[student] = time_factor(cell)
            except argparse.ArgumentTypeError as error:
                raise UsageError(f"{roster}, time_factor of {student}: {error}") from None
    return factors


def add_grade(commands: argparse._SubParsersAction) -> None:
    grade = add_command(
        commands, "grade", "grade a class folder (one subfolder per student): gradebook, results, feedback",
        "Grade every student of a class against every spec, hidden ones included. Each subfolder of CLASS_DIR "
        "is one student; its name is the student id. Writes OUT/gradebook.csv (one row per student), "
        "OUT/report.html (the class at a glance) and, for each student, OUT/students/<id>/ with "
        "results.json (Gradescope's format), feedback.md (what to send the student) and junit.xml; then "
        "prints a summary of the class.\n\n"
        "Students are graded in parallel. A student whose files, the specs and the grader are unchanged since "
        "the last run is not graded again (--force regrades everyone). A crashing, hanging or missing program "
        "is that student's result, and the class always grades to the end. A student the grader itself "
        "failed on gets an empty score (never a 0) and is retried on the next run. Ctrl-C stops at once and "
        "leaves only complete files.",
        [("grade submissions/ --out grades", "grade the class in submissions/ into grades/"),
         ("grade submissions/ --shard 2/4", "grade a quarter of the class; merge the shards with gradebook"),
         ("grade submissions/ --assignment assignments/colour --jobs 4", "another assignment, 4 students at once"),
         ("grade submissions/ --deadline 2026-12-01T23:59:00+00:00 --late-penalty 10 --submitted-at times.csv",
          "10% off per started day late, by the times of times.csv (student,submitted_at)")],
        [(0, "every student was graded, whatever their scores"),
         (1, "the grader failed on some student (listed in the summary)"),
         CANNOT_RUN])
    grade.add_argument("class_dir", metavar="CLASS_DIR", help="a folder with one subfolder per student")
    grade.add_argument("--out", metavar="DIR", help=f"where results go (default: {DEFAULT_OUT}/SLUG, the assignment's slug: "
                                                   f"{DEFAULT_OUT}/mastermind for the digit game)")
    grade.add_argument("--jobs", type=int, metavar="N", help=f"submissions graded at once (default: every core, here {default_jobs()})")
    grade.add_argument("--force", action="store_true", help="grade every student, even unchanged ones")
    grade.add_argument("--shard", type=parse_shard, metavar="K/N",
                       help="grade only shard K of N (by a hash of the student id); merge shards with `gradebook`")
    add_assignment_options(grade, variant=True)
    add_variant_choice(grade)
    grade.add_argument("--accommodations", metavar="ROSTER.csv",
                       help="each student's time factor from the roster's `time_factor` column (blank: none), "
                            "times --time-factor")
    add_late_options(grade, class_times=True)
    add_run_options(grade)
    grade.set_defaults(run=cmd_grade)
