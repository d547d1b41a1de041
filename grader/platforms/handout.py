"""The folder students receive, `dist/<slug>/handout/` (the slug of assignment.yaml), which they can use
as their repository: `student_template/` (the program to fill in and its handout README), the visible
specs only, the part of the grader students run (`check` and `feedback`: the modules they import and the
files they read, never the instructor's commands), the grader's runtime requirements, a Makefile whose `make check` sets up
its own .venv, a README, and the GitHub Actions workflow that checks every push. It never contains the
reference solution or a hidden spec: the build checks that itself before it publishes the folder."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.project import PACKAGE
from grader.grading.variant_files import IGNORED, filled_copy, variant_config
from grader.platforms.publishing import TEMPLATES, assignment_files, hidden_assignment_files, replace_folder
from grader.report.shipped import runtime_requirements, student_grader_files
from grader.spec.assignment import CONFIG, DEFAULT_PROGRAM, Assignment, load_assignment
from grader.spec.specs import SUITE_FILE, Spec, load_specs
from grader.spec.variants import for_variant

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


def build_handout(out: Path, specs_dir: Path, assignment: Assignment | None = None) -> Path:
    """One variant's handout (the assignment's variant: its template and README with the numbers written
    in, its visible specs, an assignment.yaml of that variant alone)."""
    assignment = assignment or load_assignment()
    with filled_copy(assignment.template, assignment) as template, filled_copy(assignment.reference, assignment) as reference:
        return _build_handout(out, specs_dir, assignment, template, reference / assignment.program)


def _build_handout(out: Path, specs_dir: Path, assignment: Assignment, template: Path, reference: Path) -> Path:
    specs = load_specs(specs_dir)  # every spec must be well formed before anything is published
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
        replace_folder(build, out)
    finally:
        shutil.rmtree(build, ignore_errors=True)
    return out


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
