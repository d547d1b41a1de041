"""What a handout or a platform's bundle ships of the grader: the files a student's `check` needs (the
import closure of the student commands, and the scripts the sandbox runs without importing them), the
whole package for a grading host, and the pinned requirements of the grader's own dependencies (a web
assignment's extra too). Read from the source tree and pyproject.toml, never listed by hand, so a new
module reaches every bundle that imports it."""

from __future__ import annotations

import ast
import re
from importlib import metadata
from pathlib import Path

from grader.base.project import EXAMPLE, PACKAGE, ROOT
from grader.report.results import SCHEMA_PATH as RESULTS_SCHEMA_PATH
from grader.sandbox.inside import DOOR_SCRIPT, INIT_MODULES, INIT_SCRIPT, SERVER_SCRIPT
from grader.spec.specs import SCHEMA_PATH

# What a student runs: `python3 -m grader check` and `feedback` (the CI job's summary). The handout's grader
# is these modules, everything they import, and the files they read or run without importing them.
STUDENT_MODULES = ("grader.__main__", "grader.commands.cli", "grader.commands.check", "grader.commands.feedback",
                   "grader.referee",  # what an assignment's referee imports: the handout's check loads it
                   "grader.venv_setup")  # what check.py makes .venv with
STUDENT_FILES = (SCHEMA_PATH, RESULTS_SCHEMA_PATH, INIT_SCRIPT, *INIT_MODULES, SERVER_SCRIPT,
                 DOOR_SCRIPT)  # scripts run, not imported
WEB_EXTRA = "web"  # pyproject.toml's extra for a web assignment's grader
DISTRIBUTION = "replay-grader"  # pyproject.toml's project name: an installed grader's metadata


def _listed_names(pyproject: str, key: str) -> set[str]:
    """The package names of one list of pyproject.toml (`dependencies`, or an extra such as `web`)."""
    block = re.search(rf"^{key}\s*=\s*\[(.*?)\]", pyproject, re.MULTILINE | re.DOTALL)
    return {_name(item) for item in re.findall(r"\"([^\"]+)\"", block.group(1))} if block else set()


def runtime_requirements(root: Path = ROOT, browser: bool = False) -> str:
    """The pinned lines of requirements.txt for the packages pyproject.toml lists as the grader's own
    dependencies (the test tools stay out), with its `web` extra for a web assignment (`browser`): the
    console assignments' students never download a browser driver. An installed grader, whose `root` holds
    neither file, pins what is installed with it (installed_requirements)."""
    if not (root / "requirements.txt").is_file():
        return installed_requirements(browser)
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    names = _listed_names(pyproject, "dependencies") | (_listed_names(pyproject, WEB_EXTRA) if browser else set())
    lines = ["# What the grader runs on."]
    for line in (root / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#") and (not names or _name(line) in names):
            lines.append(line.strip())
    return "\n".join(lines) + "\n"


def installed_requirements(browser: bool = False) -> str:
    """runtime_requirements of an installed grader: the dependencies its metadata lists (and its `web` extra's
    for `browser`), each pinned at the version installed beside it, or as listed where none is."""
    lines = ["# What the grader runs on."]
    for requirement in metadata.requires(DISTRIBUTION) or []:
        listed, _, marker = requirement.partition(";")
        if marker and not (browser and re.search(rf"extra\s*==\s*[\"']{WEB_EXTRA}[\"']", marker)):
            continue
        name = re.split(r"[\s<>=!~\[]", listed.strip(), maxsplit=1)[0]
        try:
            lines.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            lines.append(listed.strip())
    return "\n".join(lines) + "\n"


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-").replace(".", "-")


def _module_path(module: str) -> Path | None:
    parts = module.split(".")[1:]
    candidates = [PACKAGE.joinpath(*parts[:-1], parts[-1] + ".py")] if parts else []
    for path in [*candidates, PACKAGE.joinpath(*parts, "__init__.py")]:
        if path.is_file():
            return path
    return None


def _grader_imports(path: Path) -> set[str]:
    """The grader modules a source file imports anywhere in it (top level or inside a function), with
    the packages that hold them: a subpackage's `__init__.py` ships with its modules."""
    found = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    parents = {".".join(name.split(".")[:depth]) for name in found for depth in range(1, name.count(".") + 1)}
    return {name for name in found | parents if name == "grader" or name.startswith("grader.")}


def student_grader_files() -> list[Path]:
    """The package files the student commands need: the import closure of `STUDENT_MODULES` (the
    package's `__init__` included), plus `STUDENT_FILES`."""
    seen: set[Path] = set()
    pending = ["grader", *STUDENT_MODULES]
    while pending:
        path = _module_path(pending.pop())
        if path is not None and path not in seen:
            seen.add(path)
            pending += sorted(_grader_imports(path))
    return sorted(seen | set(STUDENT_FILES))


def grader_package_files() -> list[tuple[str, Path]]:
    """The whole grader package as `grader/...` names (what a grading host runs), without caches, and
    without an installed grader's example: the digit game's reference and hidden specs, in a public image."""
    files = []
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE)
        if path.is_file() and "__pycache__" not in relative.parts and path.suffix != ".pyc" \
                and not any(part.startswith(".") for part in relative.parts) and not path.is_relative_to(EXAMPLE):
            files.append((f"grader/{relative.as_posix()}", path))
    return files
