"""The PrairieLearn grader image and the Classroom 50 autograder folder, built like the Gradescope zip
(grader/platforms/gradescope.py): the whole grader, its runtime requirements and the assignment's files, with
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
each submission by its student's, the way grader/platforms/variants.py says each platform tells."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from grader.base.errors import UsageError
from grader.platforms.publishing import TEMPLATES, assignment_files, hidden_assignment_files, replace_folder
from grader.platforms.variants import CLASSROOM50_KEY, VARIANTS_FILE, variants_file
from grader.report.shipped import grader_package_files, runtime_requirements
from grader.spec.assignment import Assignment, load_assignment
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
        replace_folder(build, out)
    finally:
        shutil.rmtree(build, ignore_errors=True)
    return out


def _grader_files(root: str, assignment: Assignment) -> list[tuple[str, Path | str]]:
    files: list[tuple[str, Path | str]] = [(f"{root}/{name}", path) for name, path in grader_package_files()]
    files += [(f"{root}/{name}", path) for name, path in assignment_files(assignment) + hidden_assignment_files(assignment)]
    return files + [(f"{root}/requirements.txt", runtime_requirements(browser=assignment.browser))]


def build_prairielearn(out: Path, specs_dir: Path, assignment: Assignment | None = None) -> Path:
    """The folder: image/ (the grader, its Dockerfile and entrypoint) and tests/specs/ (every spec)."""
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
