"""Assignments: which program a folder of specs grades and how to run it, read from `assignment.yaml`.

An assignment is a folder shaped like the repository root: `specs/`, `reference/`, `student_template/`
(the program to fill in and its handout), `tests/submissions/` (its corpus of known submissions), plus an
`assignment.yaml`:

    name: Colour Mastermind          # what reports and the handout call it
    slug: colour                     # optional: names its output folders, dist/colour/ (default: the folder's name)
    program: mastermind_game.py      # the file a submission must hold
    command: [python3, mastermind_game.py]   # optional: how to run it (default: python3 PROGRAM)
    arguments: []                    # optional: always passed after the command
    referee: referee.py              # optional: the referee of the assignment's referee specs
    transport: browser               # optional: a web page (`program` is its HTML file), played in a browser
    limits: {memory_mb: 1024}        # optional: the sandbox limits of every run (a browser needs more)
    parameters: {rows: 8}            # optional: its rules' numbers, filled in where files say {{rows}}
    variants: {eight-rows: {}, ten-rows: {rows: 10}}   # optional: named rule sets, the first the default

(parameters and variants: grader/spec/variants.py)

The repository root has no assignment.yaml: it is the digit assignment (`mastermind.py`, python3, slug
`mastermind`).
`python3` as the command's first word means the interpreter the grader runs student programs with.

Every spec's run seeds a Python program's `random` (a referee spec's seed, else a number of the spec's id:
`grader.spec.specs.program_seed`), so a random secret is the same on every grade: such a run starts as
`python3 -c SEEDED_BOOT SEED PROGRAM ARGS...` (grader/base/project.py), a few lines that call `random.seed(SEED)`
and then run the program as
`python3 PROGRAM ARGS...` would (same `sys.argv`, `__main__`, `__file__`, and Python's own report of a
compile error or an uncaught exception, without the boot's frame). No environment variable and no
sitecustomize is involved, so nothing else about the run changes; the fork launch runs it without an exec
(grader/sandbox/inside/scriptmain.py). A program in another language is started as it is and must not
depend on its randomness to be graded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from grader.base.errors import UsageError
from grader.base.project import PYTHON, ROOT, SEEDED_BOOT
from grader.spec.variants import Variant, VariantError, choose, parse_variants
from grader.spec.yaml_lines import FAST_LOADER, node_at


CONFIG = "assignment.yaml"
KEYS = {"name", "slug", "program", "command", "arguments", "referee", "parameters", "variants", "transport", "limits"}
BROWSER = "browser"  # `transport:` of a web assignment (grader/engine/browser.py); console programs have none
DEFAULT_NAME, DEFAULT_SLUG, DEFAULT_PROGRAM = "Mastermind (digits)", "mastermind", "mastermind.py"
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,62}")


class AssignmentError(UsageError):
    """An assignment folder that cannot be graded with: str() names the file and the reason."""


@dataclass(frozen=True)
class Assignment:
    name: str
    folder: Path
    program: str
    command: tuple[str, ...]
    referee: Path | None = None
    config: Path | None = None  # the assignment.yaml read, None for the root's built-in default
    slug: str = DEFAULT_SLUG  # names its output folders (dist/<slug>/), so two assignments' outputs coexist
    variants: tuple[Variant, ...] = ()  # every rule set, the default first; none without `parameters`
    variant: Variant | None = None  # the one graded: the default unless a command chose another
    browser: bool = False  # a web page played in a browser, not a console program
    limits: tuple[tuple[str, int], ...] = ()  # its runs' sandbox limits (names of grader/sandbox/limits.py)

    @property
    def specs(self) -> Path:
        return self.folder / "specs"

    @property
    def reference(self) -> Path:
        return self.folder / "reference"

    @property
    def template(self) -> Path:
        return self.folder / "student_template"

    @property
    def corpus(self) -> Path:
        return self.folder / "tests" / "submissions"


def with_variant(assignment: Assignment, name: str | None) -> Assignment:
    """The assignment graded by its variant `name` (None: the default); an unknown name lists the variants."""
    try:
        return replace(assignment, variant=choose(assignment.variants, name, str(assignment.config or "the digit game")))
    except ValueError as error:
        raise AssignmentError(str(error)) from None


def feedback_title(assignment: Assignment) -> str:
    """The heading of a student's feedback.md: the assignment's name, never a fixed one."""
    return f"{assignment.name}: your results"


def report_title(assignment: Assignment) -> str:
    """The title of the class report (report.html)."""
    return f"{assignment.name}: class report"


def command_line(command: tuple[str, ...], program: str, arguments: tuple[str, ...] = (),
                 seed: int | None = None) -> tuple[str, ...]:
    """The command line of one run: the assignment's command, then a spec's own arguments; with a seed,
    a Python program (`python3 PROGRAM ...`) starts through SEEDED_BOOT."""
    if seed is None or tuple(command[:2]) != (PYTHON, program):
        return tuple(command) + tuple(arguments)
    return (PYTHON, "-c", SEEDED_BOOT, str(seed), *command[1:], *arguments)


def _words(value: Any, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(word, str) and word for word in value):
        raise AssignmentError(f"{where}: `{key}` must be a list of non-empty strings, like [python3, game.py]")
    return tuple(value)


def _file_name(value: Any, key: str, where: str) -> str:
    if not isinstance(value, str) or not value or "/" in value or value in (".", ".."):
        raise AssignmentError(f"{where}: `{key}` must be a file name (no folder), got {value!r}")
    return value


def _variants(data: dict[str, Any], where: str, root: yaml.Node | None) -> tuple[Variant, ...]:
    try:
        return parse_variants(data.get("parameters"), data.get("variants"))
    except VariantError as error:
        line = f":{node_at(root, error.location).start_mark.line + 1}" if root is not None else ""
        raise AssignmentError(f"{where}{line}: {error.message}") from None


def parse_assignment(data: Any, folder: Path, where: str, root: yaml.Node | None = None) -> Assignment:
    """An Assignment from assignment.yaml's data; AssignmentError names `where` (with the line, from the
    YAML's `root` node where given) and what is wrong."""
    if not isinstance(data, dict):
        raise AssignmentError(f"{where}: expected a mapping with `name` and `program`")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise AssignmentError(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(KEYS))}")
    for key in ("name", "program"):
        if key not in data:
            raise AssignmentError(f"{where}: `{key}` is missing")
    if not isinstance(data["name"], str) or not data["name"].strip():
        raise AssignmentError(f"{where}: `name` must be a non-empty string")
    program = _file_name(data["program"], "program", where)
    command = _words(data.get("command", [PYTHON, program]), "command", where)
    if not command:
        raise AssignmentError(f"{where}: `command` is empty: leave it out to run python3 {program}")
    arguments = _words(data.get("arguments", []), "arguments", where)
    referee = None
    if "referee" in data:
        referee = folder / _file_name(data["referee"], "referee", where)
        if not referee.is_file():
            raise AssignmentError(f"{where}: the referee {referee} does not exist")
    browser = _transport(data.get("transport", ""), where)
    limits = _limits(data.get("limits", {}), where)
    slug = data.get("slug", re.sub(r"[^a-z0-9-]+", "-", folder.resolve().name.lower()).strip("-"))
    if not isinstance(slug, str) or not SLUG.fullmatch(slug):
        raise AssignmentError(f"{where}: `slug` must be lower-case letters, digits and dashes (a folder name such "
                              f"as match or colour-2), got {slug!r}")
    variants = _variants(data, where, root)
    return Assignment(data["name"].strip(), folder, program, command + arguments, referee, folder / CONFIG, slug,
                      variants, variants[0] if variants else None, browser, limits)


def _transport(value: Any, where: str) -> bool:
    if value not in ("", BROWSER):
        raise AssignmentError(f"{where}: `transport` is `{BROWSER}` (a web page) or left out (a console program), "
                              f"got {value!r}")
    return bool(value == BROWSER)


def _limits(value: Any, where: str) -> tuple[tuple[str, int], ...]:
    """`limits:` as (name, value) pairs, each name a field of grader/sandbox/limits.py's Limits."""
    # Imported here: the sandbox imports this module under the plain system python, which lacks jsonschema.
    from grader.spec.specs import schema  # noqa: PLC0415

    names = schema()["properties"]["limits"]["properties"]
    if not isinstance(value, dict):
        raise AssignmentError(f"{where}: `limits` must be a mapping such as {{memory_mb: 1024}}")
    for name, number in value.items():
        if name not in names:
            raise AssignmentError(f"{where}: `limits`: unknown limit {name!r}; known: {', '.join(names)}")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise AssignmentError(f"{where}: `limits`: {name} must be a whole number above 0, got {number!r}")
    return tuple(sorted(value.items()))


def load_assignment(folder: Path = ROOT) -> Assignment:
    """The assignment a folder holds; the repository root without assignment.yaml is the digit game."""
    config = folder / CONFIG
    if not folder.is_dir():
        raise AssignmentError(f"{folder}: no such assignment folder")
    if not config.is_file():
        if folder.resolve() == ROOT:
            return Assignment(DEFAULT_NAME, ROOT, DEFAULT_PROGRAM, (PYTHON, DEFAULT_PROGRAM))
        raise AssignmentError(f"{config}: no such file (an assignment folder needs one: name, program)")
    try:
        text = config.read_text(encoding="utf-8")
        data, root = yaml.safe_load(text), yaml.compose(text, Loader=FAST_LOADER)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line = f":{mark.line + 1}" if mark else ""
        raise AssignmentError(f"{config}{line}: not valid YAML: {error.problem}") from None
    except (yaml.YAMLError, OSError, UnicodeDecodeError) as error:
        raise AssignmentError(f"{config}: cannot read: {error}") from None
    return parse_assignment(data, folder, str(config), root)
