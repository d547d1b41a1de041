"""The PrairieLearn grader image and the Classroom 50 autograder folder, built like the Gradescope zip
(`grader.commands.packaging`): the whole grader, its runtime requirements and the assignment's files, with
each platform's own entry point.

`python3 -m grader prairielearn` (`make prairielearn`) builds `dist/prairielearn/`: `image/` (a
Dockerfile and `entrypoint`, the grader; no spec, since a grader image is usually pulled from a public
registry) and `tests/specs/` (every spec, for the question's `tests/` folder, which PrairieLearn copies
to `/grade/tests` and which stays in the course repository).

`python3 -m grader classroom50` (`make classroom50`) builds `dist/classroom50/autograders/<slug>/`:
`autograder.py`, the grader, every spec. Copy it to `CLASSROOM/autograders/<slug>/` in the classroom50
repository. It runs in the student's own GitHub Actions job: see docs/platforms/classroom50.md for what
a determined student can read there.

Both hold every variant of an assignment with variants (assignment.yaml as it is, every spec) and grade
each submission by its student's, the way grader/commands/platform_variant.py says each platform tells."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from pathlib import Path

from grader.spec.assignment import Assignment, load_assignment
from grader.base.errors import UsageError
from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.options import add_assignment_options
from grader.commands.packaging import TEMPLATES, _publish, assignment_files, hidden_assignment_files
from grader.report.shipped import grader_package_files, runtime_requirements
from grader.commands.platform_variant import CLASSROOM50_KEY, VARIANTS_FILE, roster_column, roster_variants, variants_file
from grader.spec.specs import SUITE_FILE, load_specs

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")


def _spec_files(specs_dir: Path) -> list[tuple[str, Path]]:
    specs = load_specs(specs_dir)  # every spec must be well formed before anything is published
    files = [(Path(spec.path).name, Path(spec.path)) for spec in sorted(specs, key=lambda spec: spec.path)]
    if (specs_dir / SUITE_FILE).is_file():  # the defaults the specs are graded with
        files.append((SUITE_FILE, specs_dir / SUITE_FILE))
    return files


def _write_tree(out: Path, files: list[tuple[str, Path | str]]) -> Path:
    """Build `files` (name, source file or text) in a sibling folder, then replace `out` with it."""
    out.parent.mkdir(parents=True, exist_ok=True)
    build = out.with_name(f".{out.name}.build-{os.getpid()}")
    shutil.rmtree(build, ignore_errors=True)
    try:
        for name, source in files:
            target = build / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(source, Path):
                shutil.copyfile(source, target)
                shutil.copymode(source, target)
            else:
                target.write_text(source, encoding="utf-8")
        _publish(build, out)
    finally:
        shutil.rmtree(build, ignore_errors=True)
    return out


def _grader_files(root: str, assignment: Assignment) -> list[tuple[str, Path | str]]:
    files: list[tuple[str, Path | str]] = [(f"{root}/{name}", path) for name, path in grader_package_files()]
    files += [(f"{root}/{name}", path) for name, path in assignment_files(assignment) + hidden_assignment_files(assignment)]
    return files + [(f"{root}/requirements.txt", runtime_requirements(browser=assignment.browser))]


def build_prairielearn(out: Path, specs_dir: Path, assignment: Assignment | None = None) -> Path:
    assignment = assignment or load_assignment()
    specs = _spec_files(specs_dir)
    files = _grader_files("image", assignment)
    files += [(f"image/{name}", TEMPLATES / "prairielearn" / name) for name in ("Dockerfile", "entrypoint")]
    files += [(f"tests/specs/{name}", path) for name, path in specs]
    return _write_tree(out, files)


def build_classroom50(out: Path, specs_dir: Path, slug: str, assignment: Assignment | None = None,
                      variants: dict[str, str] | None = None) -> Path:
    """The folder, with every variant (`variants`: each student's, by GitHub login, as variants.csv)."""
    if not SLUG.match(slug):
        raise UsageError(f"--slug {slug!r}: Classroom 50's assignment slugs are lower-case letters, digits and -")
    assignment = assignment or load_assignment()
    root = f"autograders/{slug}"
    files = _grader_files(root, assignment)
    files += [(f"{root}/autograder.py", TEMPLATES / "classroom50" / "autograder.py")]
    files += [(f"{root}/specs/{name}", path) for name, path in _spec_files(specs_dir)]
    if variants:
        files.append((f"{root}/{VARIANTS_FILE}", variants_file(variants, CLASSROOM50_KEY)))
    return _write_tree(out, files)


def cmd_prairielearn(args: argparse.Namespace) -> int:
    assignment = load_assignment(Path(args.assignment))
    out = build_prairielearn(Path(args.out), Path(args.specs or assignment.specs), assignment)
    print(f"wrote {out}/: image/ (docker build it; entrypoint /grader/entrypoint) and tests/specs/ "
          "(copy into the question's tests/ folder)", file=sys.stderr)
    return 0


def cmd_classroom50(args: argparse.Namespace) -> int:
    assignment = load_assignment(Path(args.assignment))
    slug = args.slug or assignment.slug
    out = build_classroom50(Path(args.out), Path(args.specs or assignment.specs), slug, assignment,
                            roster_variants(args, assignment, CLASSROOM50_KEY))
    print(f"wrote {out}/autograders/{slug}/: copy it to CLASSROOM/autograders/{slug}/ in your "
          "classroom50 repository", file=sys.stderr)
    return 0


def add_prairielearn(commands: argparse._SubParsersAction) -> None:
    command = add_command(
        commands, "prairielearn", "build the PrairieLearn external grader (image folder and specs)",
        "Build what PrairieLearn's external grading needs: image/ (a Dockerfile, its entrypoint, the grader "
        "and its requirements; no spec, since grader images are usually public) and tests/specs/ (every "
        "spec, to copy into the question's tests/ folder, which PrairieLearn mounts at /grade/tests). The "
        "entrypoint grades /grade/student and writes /grade/results/results.json; hidden specs show "
        "students only their name and points. It holds every variant of an assignment with variants and grades "
        "by the one the question's params.variant names (PrairieLearn does not say who the student is).",
        [("prairielearn", "build dist/prairielearn/ for the digit game (what `make prairielearn` runs)"),
         ("prairielearn --assignment assignments/colour --out dist/colour-pl", "another assignment's grader")],
        [(0, "the folder was written"), CANNOT_RUN])
    command.add_argument("--out", default="dist/prairielearn", help="the folder to (re)build (default: %(default)s)")
    add_assignment_options(command)
    command.set_defaults(run=cmd_prairielearn)


def add_classroom50(commands: argparse._SubParsersAction) -> None:
    command = add_command(
        commands, "classroom50", "build the Classroom 50 autograder folder (all specs)",
        "Build autograders/<slug>/ for Classroom 50: autograder.py, the grader, its requirements and every "
        "spec. Copy it into the classroom50 repository; Classroom 50 runs autograder.py in the student's "
        "own GitHub Actions job, where it writes result.json and the Release's text, by the variant of the "
        "student whose push it grades. A determined student "
        "can read every spec there, hidden ones included (docs/platforms/classroom50.md).",
        [("classroom50", "build dist/classroom50/autograders/mastermind/ (what `make classroom50` runs)"),
         ("classroom50 --slug hw3-mastermind", "for the Classroom 50 assignment whose slug is hw3-mastermind"),
         ("classroom50 --assignment assignments/colour --variants-from roster.csv:variant",
          "every variant, each student graded by theirs (the roster's username column)")],
        [(0, "the folder was written"), CANNOT_RUN])
    command.add_argument("--out", default="dist/classroom50", help="the folder to (re)build (default: %(default)s)")
    command.add_argument("--slug", help="the Classroom 50 assignment slug (default: the assignment's slug, "
                                        "assignment.yaml `slug`: mastermind for the digit game)")
    add_assignment_options(command)
    command.add_argument("--variants-from", type=roster_column, metavar="ROSTER.csv:COLUMN",
                         help="bundle each student's variant, by the roster's `username` column (their GitHub login, "
                              "as in Classroom 50's students.csv), as variants.csv: the autograder grades a run by "
                              "the variant of the GitHub user whose push started it (default: a hash of the login)")
    command.set_defaults(run=cmd_classroom50)
