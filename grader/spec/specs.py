"""Spec files: YAML sessions parsed into plain, immutable data, or rejected with file, line and reason
(the YAML and the schema's words: spec_yaml.py)."""

from __future__ import annotations

import json
import math
import re
import zlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Mapping

from grader.spec.web import Region, is_web, random_problems, random_values, web_problems, web_steps
from grader.spec.vocabulary import RuleInfo, Vocabulary, rules_from, vocabulary_from
from grader.spec.errors import SpecError, SpecErrors
from grader.spec.yaml_lines import check_data, load_yaml

SCHEMA_PATH = Path(__file__).with_name("spec.schema.json")
# A folder's suite file: defaults, rules and facts for every spec of the folder, not a spec itself (specs/README.md).
SUITE_FILE = "suite.yaml"


@dataclass(frozen=True)
class Line:
    """One expected output line: exact text, or a visible flexible match (`regex` or `contains`)."""

    text: str
    kind: str = "exact"

    def matches(self, actual: str, fold_case: bool = False) -> bool:
        """Does `actual` fit this line? With `fold_case`, letters match whatever their case."""
        if self.kind == "regex":
            return re.fullmatch(self.text, actual, re.IGNORECASE if fold_case else 0) is not None
        expected = self.text.casefold() if fold_case else self.text
        actual = actual.casefold() if fold_case else actual
        return expected in actual if self.kind == "contains" else actual == expected

    def shown(self) -> str:
        if self.kind == "regex":
            return f"(a line matching /{self.text}/)"
        if self.kind == "contains":
            return f"(a line containing {self.text!r})"
        return self.text


@dataclass(frozen=True)
class Step:
    """What the program shows between two inputs, and the input typed after it (None on the last step)."""

    lines: tuple[Line, ...]
    prompt: str
    input: str | None
    exit: int | None
    hidden: bool = False  # its input must not show on the screen as it is typed (a code read with getpass)
    regions: tuple[Region, ...] = ()  # a web step: the regions of the page read after its action (grader/spec/web.py)


def program_seed(spec_id: str, referee_seed: int | None) -> int:
    """What a Python program's `random` is seeded with in a spec's runs: a referee spec's seed, else a number
    of the spec's id, so that a secret drawn from an unseeded `random` is the same secret on every grade."""
    return referee_seed if referee_seed is not None else zlib.crc32(spec_id.encode())


@dataclass(frozen=True)
class Spec:
    id: str
    name: str
    description: str
    points: float
    visibility: str
    steps: tuple[Step, ...]
    timeout: float | None  # seconds per step; None: grader/spec/timeouts.py's defaults
    path: str
    limits: tuple[tuple[str, int], ...] = ()
    ignore: tuple[str, ...] = ()  # comparison options (sorted): see grader/judge/comparison.py
    scoring: str = "all_or_nothing"
    input_labels: tuple[str, ...] = ()  # names for the first inputs, e.g. ("the key",)
    arguments: tuple[str, ...] = ()
    referee: str = ""  # a referee spec: its `referee:` mapping as canonical JSON (seed and settings)
    rule: str = ""  # the rule it grades (the suite's `rules:`); "" for a suite without rules
    facts: tuple[str, ...] = ()  # what its rule judges (grader/judge/rules.py); none: compared line by line
    judges_ending: bool = True  # how the session ends is part of its rule (always, compared line by line)
    vocabulary: Vocabulary | None = None  # how the suite's facts read (suite.yaml `facts:`)
    variants: tuple[str, ...] = ()  # the assignment's variants it grades; none: every one
    web: bool = False  # its steps act on a web page (grader/spec/web.py), not a console program
    random_values: tuple[float, ...] = ()  # a web spec: what the page's Math.random() returns first
    random_seed: int = 0  # a web spec: seeds Math.random() after those values

    @property
    def seed(self) -> int | None:
        """A referee spec's seed (for the referee and the program's `random`); None for a transcript."""
        return json.loads(self.referee)["seed"] if self.referee else None

    @property
    def program_seed(self) -> int:
        """What a Python program's `random` is seeded with in this spec's runs (`program_seed`)."""
        return program_seed(self.id, self.seed)

    @property
    def referee_settings(self) -> dict[str, Any]:
        return {key: value for key, value in json.loads(self.referee or "{}").items() if key != "seed"}

    @property
    def inputs(self) -> tuple[str, ...]:
        return tuple(step.input for step in self.steps if step.input is not None)

    @property
    def hidden(self) -> bool:
        return self.visibility == "hidden"


@dataclass(frozen=True)
class Suite:
    """A folder's suite file: the options every spec of the folder starts from, the rules its specs grade
    and how the facts of those rules read. The empty Suite: a folder without a suite file."""

    defaults: Mapping[str, Any] = field(default_factory=dict)
    rules: Mapping[str, RuleInfo] = field(default_factory=dict)
    vocabulary: Vocabulary | None = None


@cache
def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


def _semantic_errors(data: dict[str, Any]) -> list[tuple[list[Any], str]]:
    """Rules a JSON Schema cannot say: where inputs and exit go, regexes that compile, one line per item."""
    problems: list[tuple[list[Any], str]] = []
    if not math.isfinite(data["points"]):
        problems.append((["points"], "points must be a finite number"))
    if ("steps" in data) == ("referee" in data):
        problems.append(([], "a spec lists its `steps`, or hands the session to a `referee`: one of the two"))
    steps = data.get("steps", [])
    if is_web(steps):
        return problems + web_problems(steps) + random_problems(data.get("random", {}))
    if "random" in data:
        problems.append((["random"], "`random` seeds a web page's Math.random: a console spec's program is "
                         "seeded by a `referee:` spec's seed"))
    for index, step in enumerate(steps):
        last = index == len(steps) - 1
        where = ["steps", index]
        if not last and "input" not in step:
            problems.append((where, "needs an `input`: only the last step ends without one"))
        if last and "input" in step:
            problems.append((where + ["input"], "the last step describes how the program ends: it takes no `input`"))
        typed = step.get("input", "")
        if any((ord(ch) < 32 and ch != "\t") or ch == "\x7f" for ch in typed):
            problems.append((where + ["input"], "an input is one line of text: no line break or control "
                             "character (the terminal would act on it: Ctrl-C, Ctrl-D, erase...); a tab is fine"))
        if last and "hidden" in step:
            problems.append((where + ["hidden"], "`hidden` is about a step's input: the last step has none"))
        if not last and "exit" in step:
            problems.append((where + ["exit"], "`exit` belongs to the last step only"))
        output = step.get("output", [])
        for line_index, line in enumerate(output if isinstance(output, list) else []):
            if isinstance(line, str) and "\n" in line:
                problems.append((where + ["output", line_index], "a listed line cannot hold a newline: list each line"))
            if isinstance(line, dict) and "regex" in line:
                try:
                    re.compile(line["regex"])
                except re.error as error:
                    problems.append((where + ["output", line_index], f"bad regular expression: {error}"))
    return problems


def _web_steps(data: Mapping[str, Any]) -> tuple[Step, ...]:
    built = web_steps(data["steps"])
    return tuple(Step(tuple(Line(text, kind) for text, kind in lines), "", act, 0 if act is None else None, regions=regions)
                 for regions, lines, act in built)


def _build(spec_id: str, path: str, data: Mapping[str, Any], suite: Suite) -> Spec:
    web = is_web(data.get("steps", []))
    steps = []
    for index, raw in enumerate(() if web else data.get("steps", [])):
        output = raw.get("output", [])
        items = output.removesuffix("\n").split("\n") if isinstance(output, str) and output else output or []
        lines = tuple(
            Line(item) if isinstance(item, str) else Line(*next((v, k) for k, v in item.items())) for item in items
        )
        last = index == len(data.get("steps", [])) - 1
        steps.append(Step(lines, raw.get("prompt", ""), raw.get("input"), raw.get("exit", 0) if last else None,
                          raw.get("hidden", False)))
    return Spec(
        id=spec_id,
        name=data["name"],
        description=" ".join(data["description"].split()),
        points=data["points"],
        visibility=data["visibility"],
        steps=_web_steps(data) if web else tuple(steps),
        timeout=float(data["timeout"]) if "timeout" in data else None,
        path=path,
        limits=tuple(sorted(data.get("limits", {}).items())),
        ignore=tuple(sorted(data.get("ignore", ()))),
        scoring=data.get("scoring", "all_or_nothing"),
        input_labels=tuple(data.get("input_labels", ())),
        arguments=tuple(data.get("arguments", ())),
        referee=json.dumps(data["referee"], sort_keys=True) if "referee" in data else "",
        variants=tuple(data.get("variants", ())),
        web=web,
        random_values=random_values(data.get("random", {})),
        random_seed=data.get("random", {}).get("seed", 0),
        **_rule_fields(data.get("rule", ""), suite),
    )


def _rule_fields(name: str, suite: Suite) -> dict[str, Any]:
    """What the spec's rule makes of it, from the suite's `rules:` and `facts:`."""
    rule = suite.rules.get(name)
    if rule is None or not rule.facts:
        return {"rule": name}
    return {"rule": rule.name, "facts": rule.facts, "judges_ending": rule.ending, "vocabulary": suite.vocabulary}


def parse_spec(text: str, path: str, spec_id: str, suite: Suite = Suite()) -> Spec:
    """Parse one spec's text; the `suite`'s defaults fill the options it leaves out.
    Raises SpecError naming the first problem and its line."""
    import jsonschema  # noqa: PLC0415 - 30 ms that a command reading no spec (`--help`, a worker) need not pay

    root, data = load_yaml(text, path)
    check_data(jsonschema.Draft202012Validator(schema()), root, data, path, "the spec", _semantic_errors)
    if suite.rules and data.get("rule") not in suite.rules:
        said = f"`rule: {data['rule']}` is not" if "rule" in data else "no `rule:` names"
        raise SpecError(path, None, f"{said} one of the suite's rules ({', '.join(suite.rules)}): every spec of a "
                        "suite with rules grades one of them")
    return _build(spec_id, path, {**suite.defaults, **data}, suite)


def parse_suite(text: str, path: str) -> Suite:
    """A suite file (`suite.yaml`): its `defaults:`, `rules:` and `facts:`.
    Raises SpecError naming the first problem and its line."""
    import jsonschema  # noqa: PLC0415 - as in parse_spec
    from referencing import Registry, Resource  # noqa: PLC0415

    root, data = load_yaml(text, path)
    whole = schema()
    registry = Registry().with_resource(whole["$id"], Resource.from_contents(whole))
    validator = jsonschema.Draft202012Validator({"$ref": whole["$id"] + "#/$defs/suite"}, registry=registry)
    check_data(validator, root, data, path, "the suite file")
    judges = whole["$defs"]["suite"]["properties"]["rules"]["additionalProperties"]["properties"]["facts"]["items"]
    known = set(judges["anyOf"][0]["enum"]) | set(data.get("facts", {}).get("phrases", {}))
    for name, rule in data.get("rules", {}).items():
        unknown = [fact for fact in rule.get("facts", ()) if fact not in known]
        if unknown:
            raise SpecError(path, None, f"rule {name}: {', '.join(unknown)} is neither a judge ({', '.join(sorted(judges['anyOf'][0]['enum']))}) "
                            "nor a phrase of the suite's `facts:`")
    if "rules" not in data:
        return Suite(dict(data["defaults"]))
    return Suite(dict(data["defaults"]), rules_from(data["rules"]), vocabulary_from(data.get("facts", {})))


def _read(file: Path) -> str:
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SpecError(str(file), None, f"cannot read: {error}") from None


def load_suite(directory: Path) -> Suite:
    """The suite of a folder of specs: the empty Suite without a suite file. Raises SpecError."""
    suite = directory / SUITE_FILE
    return parse_suite(_read(suite), str(suite)) if suite.is_file() else Suite()


def is_suite_file(path: Path) -> bool:
    return path.name == SUITE_FILE


def spec_files(directory: Path) -> list[Path]:
    """The spec files of a folder (its suite file is not one)."""
    return sorted(
        p for p in directory.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file() and not is_suite_file(p)
    )


def parse_folder(directory: Path) -> tuple[list[Spec], list[SpecError]]:
    """Every well-formed spec of a folder, with the suite's defaults applied, and a SpecError for every
    malformed or unreadable file (the suite file included)."""
    specs, errors = [], []
    try:
        suite = load_suite(directory)
    except SpecError as error:
        suite = Suite()
        errors.append(error)
    for file in spec_files(directory):
        try:
            specs.append(parse_spec(_read(file), str(file), file.stem, suite))
        except SpecError as error:
            errors.append(error)
    return specs, errors


def load_specs(directory: Path, visible_only: bool = False) -> list[Spec]:
    """Load every spec in a folder (or only the visible ones). Raises SpecErrors, all of them at once,
    when any file is malformed: nothing is graded against a folder with a broken spec."""
    if not directory.is_dir():
        raise SpecErrors([SpecError(str(directory), None, "no such folder of specs")])
    specs, errors = parse_folder(directory)
    if errors:
        raise SpecErrors(errors)
    if visible_only:
        specs = [spec for spec in specs if not spec.hidden]
    if not specs:
        which = "visible spec files" if visible_only else "spec files (*.yaml)"
        raise SpecErrors([SpecError(str(directory), None, f"no {which} in this folder")])
    return specs
