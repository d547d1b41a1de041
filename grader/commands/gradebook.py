"""`python3 -m grader gradebook`: merge results.json files graded anywhere (a CI job or a Gradescope run
per student) into one gradebook CSV, and the class report beside it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.files import write_atomically
from grader.base.helptext import CANNOT_READ, add_command
from grader.batch.students import REPORT
from grader.commands.lms_export import write_export
from grader.report.gradebook import gradebook_csv
from grader.report.html import class_report_html
from grader.report.results import Results, read_results
from grader.commands.options import add_assignment_option
from grader.spec.assignment import load_assignment, report_title


def results_files(arguments: list[str]) -> list[Path]:
    """Files as given; a folder stands for every `*/results.json` one level below it, the output
    folder of `grade` for its `students/*/results.json`, and a folder of such outputs for all of theirs."""
    files = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found = (sorted(path.glob("*/results.json")) or sorted(path.glob("students/*/results.json"))
                     or sorted(path.glob("*/students/*/results.json")))  # grades/: one output of grade per assignment
            if not found and not (path / "gradebook.csv").is_file():  # an output of `grade` may hold nobody
                raise UsageError(f"{path}: a folder, but no */results.json inside")
            files += found
        else:
            files.append(path)
    return files


def student_id(path: Path, id_from: str) -> str:
    student = path.stem if id_from == "stem" else path.resolve().parent.name
    if not student:
        raise UsageError(f"{path}: cannot tell the student id from this path")
    return student


def one_assignment(read: list[tuple[Path, Results]]) -> None:
    """A UsageError naming two of the assignments when the results are of more than one: a gradebook of
    mixed columns would be wrong for all of them. Results that do not say (written before they did) pass."""
    first: dict[str, Path] = {}
    for path, results in read:
        if results.assignment is not None:
            first.setdefault(results.assignment, path)
    if len(first) > 1:
        (one, one_path), (other, other_path) = list(first.items())[:2]
        raise UsageError(f"results of two assignments, {one} ({one_path}) and {other} ({other_path}): "
                         "merge one assignment's results at a time")


def cmd_gradebook(args: argparse.Namespace) -> int:
    files = results_files(args.results)
    if args.out and Path(args.out).name == REPORT:
        raise UsageError(f"{args.out}: the class report gets that name next to the gradebook; choose another")
    read = [(path, read_results(path)) for path in files]
    one_assignment(read)
    rows = [(student_id(path, args.id_from), results) for path, results in read]
    if args.format != "csv":
        return write_export(args, rows)
    text = gradebook_csv(rows)
    if args.out:
        report = Path(args.out).with_name(REPORT)
        write_atomically(Path(args.out), text)
        write_atomically(report, class_report_html(rows, report_title(load_assignment(Path(args.assignment)))))
        print(f"wrote {args.out} and {report}: {len(files)} student(s)", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def add_gradebook(commands: argparse._SubParsersAction) -> None:
    gradebook = add_command(
        commands, "gradebook", "merge results.json files (one per student) into one gradebook CSV",
        "Merge results.json files graded anywhere (by grade, in a CI job, a Gradescope export) into one "
        "gradebook CSV: one row per student with the score, the maximum, how the submission fared (status), "
        "the points of each spec and last a `problem` column (why a submission could not be run or was not "
        "graded, or its first crash or hang). A student the grader itself failed on gets an empty score, "
        "never a 0. Results of two assignments are never merged. The same results always give the same "
        "bytes.\n\n"
        "The student id is the name of the folder holding each results file (artifacts/<id>/results.json), "
        "or with --id-from stem the file name without .json (results/<id>.json). A folder argument stands "
        "for every <id>/results.json inside it, and grade's output folder for its students.",
        [("gradebook artifacts/ --out gradebook.csv", "merge one results.json per student, and write report.html"),
         ("gradebook grades-1 grades-2 --out gradebook.csv", "merge the output folders of sharded grade runs"),
         ("gradebook results/*.json --id-from stem", "print the CSV, each student named by the file name"),
         ("gradebook grades --format canvas --roster roster.csv --template export.csv --out canvas.csv",
          "Canvas's import file for the assignment of the instructor's gradebook export; who could not be "
          "placed is listed")],
        [(0, "the gradebook was written"), CANNOT_READ])
    gradebook.add_argument("results", nargs="+", help="results.json files, folders holding <id>/results.json, or the output folder of grade")
    gradebook.add_argument("--out", metavar="FILE", help=f"write the CSV here, and the class report ({REPORT}) next to it "
                                                          "(default: the CSV to standard output)")
    gradebook.add_argument("--id-from", choices=["parent", "stem"], default="parent",
                           help="student id: the results file's folder name (default) or its file name")
    lms = gradebook.add_argument_group("LMS import files (see docs/platforms/lms.md)")
    lms.add_argument("--format", choices=["csv", "canvas", "moodle"], default="csv",
                     help="csv: this gradebook (default); canvas or moodle: the file that LMS imports")
    lms.add_argument("--roster", metavar="FILE", help="CSV: student (the folder names) to the LMS's ids, logins "
                                                      "or emails (docs/platforms/lms.md)")
    lms.add_argument("--points", type=float, metavar="N", help="scale scores to N points (default: Canvas's "
                                                               "Points Possible, else the grader's points)")
    lms.add_argument("--template", metavar="CANVAS_EXPORT.csv", help="canvas: the gradebook exported from Canvas")
    lms.add_argument("--column", metavar="NAME", help="canvas: the assignment column (name or id) when the export "
                                                      "has several; moodle: the grade column's name (default: Grade)")
    lms.add_argument("--moodle-id", choices=["username", "idnumber", "email"], default="username",
                     help="moodle: what identifies a user (default: %(default)s)")
    add_assignment_option(gradebook)
    gradebook.set_defaults(run=cmd_gradebook)
