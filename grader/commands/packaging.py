"""What leaves the instructor's repository: the students' handout and the Gradescope autograder bundle.

`python3 -m grader handout` (`make handout`) builds `dist/<slug>/handout/` (the slug of assignment.yaml), the folder students receive and can
use as their repository: `student_template/` (the program to fill in and its handout README), the visible
specs only, the part of the grader students run (`check` and `feedback`: the modules they import and the
files they read, never the instructor's commands), the grader's runtime requirements, a Makefile whose `make check` sets up
its own .venv, a README, and the GitHub Actions workflow that checks every push. It never contains the
reference solution or a hidden spec: the build checks that itself before it publishes the folder.

`python3 -m grader gradescope` (`make gradescope`) builds `dist/<slug>/autograder.zip`: `setup.sh`,
`run_autograder`, the grader, every spec (hidden ones too: their details never reach a student, see
`grading.results.build_results`) and the requirements. The zip is byte-for-byte reproducible."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

from grader.spec.assignment import CONFIG, DEFAULT_PROGRAM, Assignment, load_assignment, with_variant
from grader.engine.referee import KEY_FILE
from grader.base.errors import UsageError
from grader.commands.options import add_assignment_options, chosen_assignment
from grader.grading.variant_files import IGNORED, filled_copy, variant_config
from grader.commands.platform_variant import GRADESCOPE_KEY, VARIANTS_FILE, roster_column, roster_variants, variants_file
from grader.spec.variants import for_variant
from grader.base.helptext import CANNOT_RUN, add_command
from grader.spec.specs import SUITE_FILE, Spec, load_specs, spec_files
from grader.report.shipped import grader_package_files, runtime_requirements, student_grader_files
from grader.base.project import PACKAGE

TEMPLATES = PACKAGE / "templates"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# What setup.sh installs from the system's packages beside Python, in place of APT_PACKAGES: a web
# assignment's browser is Debian's chromium (grader/sandbox/browser.py), never one Playwright downloads.
APT_PACKAGES, BROWSER_PACKAGES = "@APT_PACKAGES@", "chromium"


def _specs(specs_dir: Path) -> list[Spec]:
    return load_specs(specs_dir)  # every spec must be well formed before anything is published


def _publish(build: Path, out: Path) -> None:
    """Replace `out` with the finished `build` (a sibling), so a failed build never leaves half a folder."""
    old = out.with_name(f".{out.name}.old-{os.getpid()}")
    if out.exists():
        out.rename(old)
    build.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def leaks(folder: Path, hidden: list[Spec], reference: Path, keys: list[tuple[str, Path]] = ()) -> list[str]:
    """Files in `folder` that are the reference, a hidden spec or a referee's key (by content, whatever
    their name)."""
    secrets = {Path(spec.path).read_bytes(): f"hidden spec {spec.id}" for spec in hidden}
    secrets.update({path.read_bytes(): "the referee's key" for _, path in keys})
    if reference.is_file():
        secrets[reference.read_bytes()] = "the reference solution"
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.read_bytes() in secrets:
            found.append(f"{path.relative_to(folder)} is {secrets[path.read_bytes()]}")
    return found


def assignment_files(assignment: Assignment) -> list[tuple[str, Path]]:
    """What makes a copy's root this assignment: its assignment.yaml and referee, if it has one."""
    return [(path.name, path) for path in (assignment.config, assignment.referee) if path is not None]


def hidden_assignment_files(assignment: Assignment) -> list[tuple[str, Path]]:
    """What a grading copy holds beside `assignment_files` and a handout never does: the referee's key."""
    key = assignment.referee.with_name(KEY_FILE) if assignment.referee is not None else None
    return [(key.name, key)] if key is not None and key.is_file() else []


NAME = "@NAME@"  # in a template: the assignment's name (inside a JSON or YAML double-quoted string, escaped)
BROWSER_NOTE = "@BROWSER@"  # in the handout's README: what a web page's check needs (nothing for a console program)
WEB_NOTE = ("Your program is a web page: the check plays it in Chromium, as a player would, inside the grader's "
            "sandbox, which needs Linux, as root, with Debian's `chromium` package (`apt install chromium`). "
            "Elsewhere the check says why it cannot open the page: open `{program}` in a browser to try it.\n\n")


def _named(template: Path, assignment: Assignment, quoted: bool = False) -> str:
    """A template's text for this assignment: its program where the digit game's stands, its name for
    NAME; `quoted`: NAME stands inside a double-quoted string of JSON or YAML (JSON's escapes are YAML's)."""
    name = json.dumps(assignment.name)[1:-1] if quoted else assignment.name
    return template.read_text(encoding="utf-8").replace(DEFAULT_PROGRAM, assignment.program).replace(NAME, name)


def default_outputs(assignment: Assignment) -> tuple[Path, Path]:
    """Where `handout` and `gradescope` build unless told: under dist/<slug>/, so that two assignments'
    outputs coexist; a variant's handout in handout-<variant>/, beside the other variants'."""
    handout = f"handout-{assignment.variant.name}" if assignment.variants else "handout"
    return Path("dist") / assignment.slug / handout, Path("dist") / assignment.slug / "autograder.zip"


def build_handout(out: Path, specs_dir: Path, assignment: Assignment | None = None) -> Path:
    """One variant's handout (the assignment's variant: its template and README with the numbers written
    in, its visible specs, an assignment.yaml of that variant alone)."""
    assignment = assignment or load_assignment()
    with filled_copy(assignment.template, assignment) as template, filled_copy(assignment.reference, assignment) as reference:
        return _build_handout(out, specs_dir, assignment, template, reference / assignment.program)


def _build_handout(out: Path, specs_dir: Path, assignment: Assignment, template: Path, reference: Path) -> Path:
    specs = _specs(specs_dir)
    visible = [spec for spec in specs if not spec.hidden and for_variant(spec.variants, assignment.variant)]
    if not visible:
        raise UsageError(f"{specs_dir}: no visible spec to hand out")
    if not (template / assignment.program).is_file():
        raise UsageError(f"{template}: no {assignment.program} to hand out")
    out.parent.mkdir(parents=True, exist_ok=True)
    build = out.with_name(f".{out.name}.build-{os.getpid()}")
    shutil.rmtree(build, ignore_errors=True)
    try:
        shutil.copytree(template, build / "student_template", ignore=IGNORED)
        (build / "specs").mkdir()
        for spec in visible:
            shutil.copyfile(spec.path, build / "specs" / Path(spec.path).name)
        if (specs_dir / SUITE_FILE).is_file():  # the defaults the specs are graded with
            shutil.copyfile(specs_dir / SUITE_FILE, build / "specs" / SUITE_FILE)
        for path in student_grader_files():
            target = build / "grader" / path.relative_to(PACKAGE)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        (build / "requirements.txt").write_text(runtime_requirements(browser=assignment.browser), encoding="utf-8")
        for name, path in assignment_files(assignment):
            shutil.copyfile(path, build / name)
        if assignment.variant is not None:
            (build / CONFIG).write_text(variant_config(assignment), encoding="utf-8")
        shutil.copyfile(TEMPLATES / "handout" / "Makefile", build / "Makefile")
        note = WEB_NOTE.format(program=assignment.program) if assignment.browser else ""
        (build / "README.md").write_text(_named(TEMPLATES / "handout" / "README.md", assignment).replace(BROWSER_NOTE, note),
                                         encoding="utf-8")
        shutil.copyfile(TEMPLATES / "handout" / "gitignore", build / ".gitignore")
        shutil.copyfile(TEMPLATES / "handout" / "check.py", build / "check.py")
        (build / ".devcontainer").mkdir()
        (build / ".devcontainer" / "devcontainer.json").write_text(
            _named(TEMPLATES / "handout" / "devcontainer.json", assignment, quoted=True), encoding="utf-8")
        (build / ".github" / "workflows").mkdir(parents=True)
        (build / ".github" / "workflows" / "check.yml").write_text(_named(TEMPLATES / "github-check.yml", assignment, True),
                                                                  encoding="utf-8")
        found = leaks(build, [spec for spec in specs if spec.hidden], reference, hidden_assignment_files(assignment))
        if found:
            raise UsageError("the handout would leak: " + "; ".join(found))
        _publish(build, out)
    finally:
        shutil.rmtree(build, ignore_errors=True)
    return out


def _add(archive: zipfile.ZipFile, name: str, data: bytes, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def _setup_script(assignment: Assignment) -> str:
    """Gradescope's setup.sh for this assignment: the system packages its grader needs filled in."""
    script = (TEMPLATES / "gradescope" / "setup.sh").read_text(encoding="utf-8")
    return script.replace(APT_PACKAGES, BROWSER_PACKAGES if assignment.browser else "")


def build_gradescope(out: Path, specs_dir: Path, assignment: Assignment | None = None, one_variant: bool = False,
                     variants: dict[str, str] | None = None) -> Path:
    """The autograder zip: every variant (the assignment.yaml as it is, every spec; `variants`: each
    submitter's, by email, as variants.csv), or with `one_variant` the assignment's variant alone (its own
    assignment.yaml and specs)."""
    assignment = assignment or load_assignment()
    one_variant = one_variant and assignment.variant is not None
    specs = [spec for spec in _specs(specs_dir) if not one_variant or for_variant(spec.variants, assignment.variant)]
    files: list[tuple[str, bytes, bool]] = [
        ("setup.sh", _setup_script(assignment).encode("utf-8"), True),
        ("run_autograder", (TEMPLATES / "gradescope" / "run_autograder").read_bytes(), True),
        ("requirements.txt", runtime_requirements(browser=assignment.browser).encode("utf-8"), False),
    ]
    files += [(name, variant_config(assignment).encode("utf-8") if one_variant and name == CONFIG else path.read_bytes(),
               False) for name, path in assignment_files(assignment)]
    files += [(name, path.read_bytes(), False) for name, path in hidden_assignment_files(assignment)]
    if variants:
        files.append((VARIANTS_FILE, variants_file(variants, GRADESCOPE_KEY).encode("utf-8"), False))
    for spec in sorted(specs, key=lambda spec: spec.path):
        files.append((f"specs/{Path(spec.path).name}", Path(spec.path).read_bytes(), False))
    if (specs_dir / SUITE_FILE).is_file():  # the defaults the specs are graded with
        files.append((f"specs/{SUITE_FILE}", (specs_dir / SUITE_FILE).read_bytes(), False))
    for name, path in grader_package_files():
        files.append((name, path.read_bytes(), os.access(path, os.X_OK)))
    out.parent.mkdir(parents=True, exist_ok=True)
    temporary = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        with zipfile.ZipFile(temporary, "w") as archive:
            for name, data, executable in files:
                _add(archive, name, data, executable)
        os.replace(temporary, out)
    finally:
        temporary.unlink(missing_ok=True)
    return out


def cmd_handout(args: argparse.Namespace) -> int:
    chosen = chosen_assignment(args)
    every = [with_variant(chosen, variant.name) for variant in chosen.variants] if args.variant is None else []
    if args.out and len(every) > 1:
        raise UsageError(f"--out names one handout, and {chosen.config} has {len(every)} variants: give --variant too")
    for assignment in every or [chosen]:
        out = build_handout(Path(args.out or default_outputs(assignment)[0]), Path(args.specs or assignment.specs),
                            assignment)
        visible = len(spec_files(out / "specs"))
        variant = f" of the variant {assignment.variant.describe()}" if assignment.variant else ""
        print(f"wrote {out}/: the template, its handout{variant}, {visible} visible spec(s), the grader; "
              "`make check` inside", file=sys.stderr)
    return 0


def cmd_gradescope(args: argparse.Namespace) -> int:
    assignment = chosen_assignment(args)
    default = default_outputs(assignment)[1]
    if args.variant is not None:
        if args.variants_from is not None:
            raise UsageError("--variant builds a zip of one variant; --variants-from one of every variant: give one")
        default = default.with_name(f"autograder-{args.variant}.zip")
    out = build_gradescope(Path(args.out or default), Path(args.specs or assignment.specs), assignment,
                           one_variant=args.variant is not None, variants=roster_variants(args, assignment, GRADESCOPE_KEY))
    print(f"wrote {out}: upload it as the Gradescope autograder (setup.sh, run_autograder, all specs)", file=sys.stderr)
    return 0


def add_handout(commands: argparse._SubParsersAction) -> None:
    handout = add_command(
        commands, "handout", "build the folder students receive (visible specs only)",
        "Build the folder students receive, ready to be their template repository: the program to fill in "
        "with its handout README, the visible specs, the part of the "
        "grader students run (check and feedback), its requirements, check.py and a Makefile for `make "
        "check`, a dev container and a GitHub workflow that checks every push. The build refuses to publish "
        "a handout that would hold the reference solution or a hidden spec.",
        [("handout", "build dist/mastermind/handout/ for the digit game (what `make handout` runs)"),
         ("handout --assignment assignments/colour", "build dist/colour/handout-VARIANT/, one per variant, beside it"),
         ("handout --assignment assignments/colour --variant ten-rows", "build the handout of one variant only")],
        [(0, "the handout was built"), CANNOT_RUN])
    handout.add_argument("--out", metavar="DIR", help="the folder to (re)build (default: dist/SLUG/handout, SLUG from assignment.yaml)")
    add_assignment_options(handout, variant=True)
    handout.set_defaults(run=cmd_handout)


def add_gradescope(commands: argparse._SubParsersAction) -> None:
    gradescope = add_command(
        commands, "gradescope", "build the Gradescope autograder zip (all specs)",
        "Build the zip to upload to Gradescope as an assignment's autograder: setup.sh, run_autograder, the "
        "grader, every spec (hidden ones too: students see only their name and points) and the "
        "requirements. setup.sh keeps the hidden specs readable by root alone; run_autograder grades "
        "/autograder/submission and writes /autograder/results/results.json. The zip is the same, byte "
        "for byte, every time it is built from the same files.",
        [("gradescope", "build dist/mastermind/autograder.zip for the digit game (what `make gradescope` runs)"),
         ("gradescope --assignment assignments/colour", "build dist/colour/autograder.zip, beside it"),
         ("gradescope --assignment assignments/colour --variant ten-rows",
          "build dist/colour/autograder-ten-rows.zip: that variant alone")],
        [(0, "the zip was written"), CANNOT_RUN])
    gradescope.add_argument("--out", metavar="FILE", help="the zip to write (default: dist/SLUG/autograder.zip, SLUG from assignment.yaml)")
    add_assignment_options(gradescope, variant=True)
    gradescope.add_argument("--variants-from", type=roster_column, metavar="ROSTER.csv:COLUMN",
                            help="bundle each student's variant, by the roster's `email` column, as variants.csv: "
                                 "the autograder grades a submission by its submitter's (default: a hash of the email)")
    gradescope.set_defaults(run=cmd_gradescope)
