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
    explore: {points: 10, games: 300, seed: 0, visibility: hidden}   # optional: a part of random games
    parameters: {rows: 8}            # optional: its rules' numbers, filled in where files say {{rows}}
    variants: {eight-rows: {}, ten-rows: {rows: 10}}   # optional: named rule sets, the first the default
    deadline: "2026-12-01T23:59:00+00:00"   # optional: the late policy (grader/spec/deadlines.py), its time zone required
    late_penalty: 10                 # optional: percent of the earned score lost per started day late
    late_cap: 50                     # optional: the most a penalty takes (default 100)
    grace_minutes: 15                # optional: minutes after the deadline still on time (default 0)

(parameters and variants: grader/spec/variants.py)

The repository root's assignment.yaml is the digit game's (`mastermind.py`, python3, slug `mastermind`).
A command given no `--assignment` uses the nearest assignment.yaml, from the current folder upwards as git
finds its repository, or else the one beside the grader (a checkout's, a handout's or a bundle's).
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
from functools import cache
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from grader.base.errors import UsageError
from grader.base.helptext import PROG
from grader.base.project import EXAMPLE, PYTHON, ROOT, SEEDED_BOOT
from grader.spec.deadlines import LatePolicy, TimeError, parse_time
from grader.spec.variants import Variant, VariantError, choose, parse_variants
from grader.spec.yaml_lines import FAST_LOADER, node_at


CONFIG = "assignment.yaml"
LATE_KEYS = ("deadline", "late_penalty", "late_cap", "grace_minutes")
KEYS = {"name", "slug", "program", "command", "arguments", "referee", "parameters", "variants", "transport", "limits",
        "explore", *LATE_KEYS}
EXPLORE_KEYS = {"points", "games", "seed", "visibility"}
BROWSER = "browser"  # `transport:` of a web assignment (grader/engine/browser.py); console programs have none
DEFAULT_PROGRAM = "mastermind.py"  # the digit game's, written in the templates (replaced by the assignment's)
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,62}")


class AssignmentError(UsageError):
    """An assignment folder that cannot be graded with: str() names the file and the reason."""


@dataclass(frozen=True)
class Exploring:
    """`explore:` of assignment.yaml: a part of the grade that plays `games` random games of `seed` against
    the reference (grader/explore/), worth `points`, hidden from students unless `visibility` says visible."""

    points: float
    games: int = 300
    seed: int = 0
    visibility: str = "hidden"


@dataclass(frozen=True)
class Assignment:
    name: str
    folder: Path
    program: str
    command: tuple[str, ...]
    referee: Path | None
    config: Path  # the assignment.yaml read
    slug: str  # names its output folders (dist/<slug>/), so two assignments' outputs coexist
    variants: tuple[Variant, ...] = ()  # every rule set, the default first; none without `parameters`
    variant: Variant | None = None  # the one graded: the default unless a command chose another
    browser: bool = False  # a web page played in a browser, not a console program
    limits: tuple[tuple[str, int], ...] = ()  # its runs' sandbox limits (names of grader/sandbox/limits.py)
    late: LatePolicy | None = None  # its late policy, None without `deadline` or `late_penalty`
    explore: Exploring | None = None  # its part of random games against the reference, if it has one

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
        return replace(assignment, variant=choose(assignment.variants, name, str(assignment.config)))
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
                      variants, variants[0] if variants else None, browser, limits, _late(data, where),
                      _exploring(data["explore"], where) if "explore" in data else None)


def _percent(data: dict[str, Any], key: str, default: float, where: str) -> float:
    value = data.get(key, default)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 100:
        raise AssignmentError(f"{where}: `{key}` must be a percent from 0 to 100, got {value!r}")
    return float(value)


def _late(data: dict[str, Any], where: str) -> LatePolicy | None:
    """The late policy of `deadline`, `late_penalty`, `late_cap` and `grace_minutes`; None without the first two
    (a policy with a penalty and no deadline takes each student's from their platform)."""
    if "deadline" not in data and "late_penalty" not in data:
        unused = [key for key in LATE_KEYS if key in data]
        if unused:
            raise AssignmentError(f"{where}: `{unused[0]}` without `deadline` or `late_penalty`: no late policy to apply it to")
        return None
    deadline = None
    if "deadline" in data:
        try:
            deadline = parse_time(data["deadline"])
        except TimeError as error:
            raise AssignmentError(f"{where}: `deadline`: {error}") from None
    grace = data.get("grace_minutes", 0)
    if not isinstance(grace, int) or isinstance(grace, bool) or grace < 0:
        raise AssignmentError(f"{where}: `grace_minutes` must be a whole number of minutes, got {grace!r}")
    return LatePolicy(deadline, _percent(data, "late_penalty", 0, where), _percent(data, "late_cap", 100, where), grace)


def _transport(value: Any, where: str) -> bool:
    if value not in ("", BROWSER):
        raise AssignmentError(f"{where}: `transport` is `{BROWSER}` (a web page) or left out (a console program), "
                              f"got {value!r}")
    return bool(value == BROWSER)


def _exploring(value: Any, where: str) -> Exploring:
    """`explore:` as Exploring: points (a number, 0 or more), games (a whole number above 0), seed (a whole
    number), visibility (hidden or visible)."""
    said = f"{where}: `explore`"
    if not isinstance(value, dict) or "points" not in value:
        raise AssignmentError(f"{said} must be a mapping with `points`, such as {{points: 10, games: 300}}")
    unknown = sorted(set(value) - EXPLORE_KEYS)
    if unknown:
        raise AssignmentError(f"{said}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(EXPLORE_KEYS))}")
    points, games, seed = value["points"], value.get("games", 300), value.get("seed", 0)
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 <= points < float("inf"):
        raise AssignmentError(f"{said}: `points` must be a number, 0 or more, got {points!r}")
    for name, number, least in (("games", games, 1), ("seed", seed, 0)):
        if isinstance(number, bool) or not isinstance(number, int) or number < least:
            raise AssignmentError(f"{said}: `{name}` must be a whole number, {least} or more, got {number!r}")
    visibility = value.get("visibility", "hidden")
    if visibility not in ("hidden", "visible"):
        raise AssignmentError(f"{said}: `visibility` is hidden or visible, got {visibility!r}")
    return Exploring(float(points), games, seed, visibility)


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


def find_assignment(start: Path) -> Path | None:
    """The folder of the assignment a command given no `--assignment` grades: `start` or the nearest folder
    above it that holds an assignment.yaml, as git finds its repository; else the folder holding the grader,
    if it has one (a checkout, a handout, a platform's bundle); else None."""
    for folder in (start, *start.parents):
        if (folder / CONFIG).is_file():
            return folder
    return ROOT if (ROOT / CONFIG).is_file() else None


def no_assignment_found(start: Path) -> str:
    """The one line said when no assignment.yaml is found from `start`."""
    return (f"no {CONFIG} in {start} or any folder above it: give --assignment DIR (a folder with its {CONFIG}), "
            f"or begin one with `{PROG} new DIR`")


def load_assignment(folder: Path | None = None) -> Assignment:
    """The assignment a folder holds (None: the one found from the current folder, by find_assignment)."""
    if folder is None:
        folder = find_assignment(Path.cwd())
        if folder is None:
            raise AssignmentError(no_assignment_found(Path.cwd()))
    config = folder / CONFIG
    if not folder.is_dir():
        raise AssignmentError(f"{folder}: no such assignment folder")
    if not config.is_file():
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


@cache
def example_assignment() -> Assignment:
    """The digit game, the bundled example (the checkout's root, or an installed grader's copy): the
    defaults of run options made without an assignment come from its assignment.yaml, never from code."""
    return load_assignment(ROOT if (ROOT / CONFIG).is_file() else EXAMPLE)
