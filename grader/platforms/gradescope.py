"""The Gradescope autograder zip, `dist/<slug>/autograder.zip`: `setup.sh`, `run_autograder`, the
grader, every spec (hidden ones too: their details never reach a student, see
`grading.results.build_results`) and the requirements. The zip is byte-for-byte reproducible."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from grader.grading.variant_files import variant_config
from grader.platforms.publishing import TEMPLATES, assignment_files, hidden_assignment_files
from grader.platforms.variants import GRADESCOPE_KEY, VARIANTS_FILE, variants_file
from grader.report.shipped import grader_package_files, runtime_requirements
from grader.spec.assignment import CONFIG, Assignment, load_assignment
from grader.spec.specs import SUITE_FILE, load_specs
from grader.spec.variants import for_variant

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# What setup.sh installs from the system's packages beside Python, in place of APT_PACKAGES: a web
# assignment's browser is Debian's chromium (grader/sandbox/browser.py), never one Playwright downloads.
APT_PACKAGES, BROWSER_PACKAGES = "@APT_PACKAGES@", "chromium"


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
    specs = [spec for spec in load_specs(specs_dir) if not one_variant or for_variant(spec.variants, assignment.variant)]
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
