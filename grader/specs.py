"""Spec files: YAML sessions parsed into plain, immutable data, or rejected with file, line and reason."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Callable, Mapping

import jsonschema
import yaml
from referencing import Registry, Resource

SCHEMA_PATH = Path(__file__).with_name("spec.schema.json")
TEXT_KEYS = {"name", "description", "output", "prompt", "input", "regex", "contains", "input_labels"}
# The suite's defaults for every spec of its folder: not a spec itself (see specs/README.md).
SUITE_FILE = "suite.yaml"


class SpecError(Exception):
    """A spec that cannot be graded against; str() names the file, the line and what is wrong."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


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


@dataclass(frozen=True)
class Spec:
    id: str
    name: str
    description: str
    points: float
    visibility: str
    steps: tuple[Step, ...]
    timeout: float | None  # seconds per step; None: grader/timeouts.py's defaults
    path: str
    limits: tuple[tuple[str, int], ...] = ()
    ignore: tuple[str, ...] = ()  # comparison options (sorted): see grader/comparison.py
    scoring: str = "all_or_nothing"
    input_labels: tuple[str, ...] = ()  # names for the first inputs, e.g. ("the key",)
    arguments: tuple[str, ...] = ()
    referee: str = ""  # a referee spec: its `referee:` mapping as canonical JSON (seed and settings)

    @property
    def seed(self) -> int | None:
        """A referee spec's seed (for the referee and the program's `random`); None for a transcript."""
        return json.loads(self.referee)["seed"] if self.referee else None

    @property
    def referee_settings(self) -> dict[str, Any]:
        return {key: value for key, value in json.loads(self.referee or "{}").items() if key != "seed"}

    @property
    def inputs(self) -> tuple[str, ...]:
        return tuple(step.input for step in self.steps if step.input is not None)

    @property
    def hidden(self) -> bool:
        return self.visibility == "hidden"


@cache
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _to_data(node: yaml.Node, loader: yaml.SafeLoader | yaml.CSafeLoader, path: str, key: str | None) -> Any:
    """Build plain data from YAML nodes, keeping text fields exactly as written (`input: 0123` stays text)."""
    if isinstance(node, yaml.MappingNode):
        data: dict[str, Any] = {}
        for key_node, value_node in node.value:
            name = key_node.value
            if name in data:
                raise SpecError(path, key_node.start_mark.line + 1, f"the key {name!r} appears twice")
            data[name] = _to_data(value_node, loader, path, name)
        return data
    if isinstance(node, yaml.SequenceNode):
        return [_to_data(item, loader, path, key) for item in node.value]
    if key in TEXT_KEYS:
        return node.value
    return loader.construct_object(node, deep=True)


def _node_at(node: yaml.Node, location: list[Any]) -> yaml.Node:
    for part in location:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == part), node)
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
    return node


def _describe(location: list[Any], whole: str = "the spec") -> str:
    """`['steps', 2, 'output', 0]` reads as `step 3, output line 1`."""
    words, previous = [], None
    for part in location:
        if isinstance(part, int):
            words[-1] = {"steps": f"step {part + 1}", "output": f"output line {part + 1}"}.get(previous, f"{previous} {part + 1}")
        else:
            words.append(part)
        previous = part
    return ", ".join(words) or whole


def _deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """For `oneOf` failures, the alternative that got furthest names the real problem."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def _schema_message(error: jsonschema.ValidationError, whole: str) -> str:
    if error.validator == "oneOf":
        error = _deepest(error)
        if "output" in error.absolute_path and not isinstance(error.instance, str):
            where = _describe([p for p in error.absolute_path if p not in ("regex", "contains")])
            return f"{where}: a line is text, or a mapping with one key, `regex` or `contains` (quote lines that hold ': ')"
    where = _describe(list(error.absolute_path), whole)
    if error.validator == "additionalProperties":
        allowed = ", ".join(sorted(error.schema.get("properties", {})))
        return f"{where}: {error.message}; allowed keys: {allowed}"
    if error.validator == "type" and error.instance is None:
        return f"{where}: a value is missing here"
    return f"{where}: {error.message}"


def _semantic_errors(data: dict[str, Any]) -> list[tuple[list[Any], str]]:
    """Rules a JSON Schema cannot say: where inputs and exit go, regexes that compile, one line per item."""
    problems: list[tuple[list[Any], str]] = []
    if not math.isfinite(data["points"]):
        problems.append((["points"], "points must be a finite number"))
    if ("steps" in data) == ("referee" in data):
        problems.append(([], "a spec lists its `steps`, or hands the session to a `referee`: one of the two"))
    steps = data.get("steps", [])
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


def _build(spec_id: str, path: str, data: Mapping[str, Any]) -> Spec:
    steps = []
    for index, raw in enumerate(data.get("steps", [])):
        output = raw.get("output", [])
        items = output.removesuffix("\n").split("\n") if isinstance(output, str) and output else output or []
        lines = tuple(
            Line(item) if isinstance(item, str) else Line(*next((v, k) for k, v in item.items())) for item in items
        )
        last = index == len(data.get("steps", [])) - 1
        steps.append(Step(lines, raw.get("prompt", ""), raw.get("input"), raw.get("exit", 0) if last else None))
    return Spec(
        id=spec_id,
        name=data["name"],
        description=" ".join(data["description"].split()),
        points=data["points"],
        visibility=data["visibility"],
        steps=tuple(steps),
        timeout=float(data["timeout"]) if "timeout" in data else None,
        path=path,
        limits=tuple(sorted(data.get("limits", {}).items())),
        ignore=tuple(sorted(data.get("ignore", ()))),
        scoring=data.get("scoring", "all_or_nothing"),
        input_labels=tuple(data.get("input_labels", ())),
        arguments=tuple(data.get("arguments", ())),
        referee=json.dumps(data["referee"], sort_keys=True) if "referee" in data else "",
    )


# libyaml's loader where PyYAML was built with it (every wheel of PyYAML is): parsing the suite with the pure
# Python one took a fifth of a whole `check`. Both give the same nodes, with the same line numbers.
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load(text: str, path: str) -> tuple[yaml.Node, Any]:
    """The YAML root node (for line numbers) and its plain data. Raises SpecError."""
    loader = FAST_LOADER(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise SpecError(path, None, "the file is empty")
        return root, _to_data(root, loader, path, None)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        reason = " ".join(str(part) for part in (error.context, error.problem) if part)
        if error.context_mark and mark and error.context_mark.line != mark.line:
            reason += f" (the construct began on line {error.context_mark.line + 1})"
        raise SpecError(path, mark.line + 1 if mark else None, f"not valid YAML: {reason}") from None
    except yaml.YAMLError as error:
        raise SpecError(path, None, f"not valid YAML: {error}") from None
    finally:
        loader.dispose()


def _check(validator: jsonschema.protocols.Validator, root: yaml.Node, data: Any, path: str, whole: str,
           semantic: Callable[[Any], list[tuple[list[Any], str]]] = lambda data: []) -> None:
    """Raise a SpecError for the first schema problem or, when the schema is met, the first `semantic` one."""
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.path))))
    problems = [(list(_deepest(e).absolute_path), _schema_message(e, whole)) for e in errors]
    if not problems:
        problems = [(location, f"{_describe(location)}: {message}") for location, message in semantic(data)]
    if problems:
        location, message = problems[0]
        raise SpecError(path, _node_at(root, location).start_mark.line + 1, message)


def parse_spec(text: str, path: str, spec_id: str, defaults: Mapping[str, Any] | None = None) -> Spec:
    """Parse one spec's text; `defaults` (the suite's, see parse_defaults) fill the options it leaves out.
    Raises SpecError naming the first problem and its line."""
    root, data = _load(text, path)
    _check(jsonschema.Draft202012Validator(schema()), root, data, path, "the spec", _semantic_errors)
    return _build(spec_id, path, {**(defaults or {}), **data})


def parse_defaults(text: str, path: str) -> dict[str, Any]:
    """The `defaults:` of a suite file (`suite.yaml`): the options every spec of its folder starts from.
    Raises SpecError naming the first problem and its line."""
    root, data = _load(text, path)
    whole = schema()
    registry = Registry().with_resource(whole["$id"], Resource.from_contents(whole))
    validator = jsonschema.Draft202012Validator({"$ref": whole["$id"] + "#/$defs/suite"}, registry=registry)
    _check(validator, root, data, path, "the suite file")
    return dict(data["defaults"])


def _read(file: Path) -> str:
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SpecError(str(file), None, f"cannot read: {error}") from None


def load_defaults(directory: Path) -> dict[str, Any]:
    """The suite defaults of a folder of specs: none without a suite file. Raises SpecError."""
    suite = directory / SUITE_FILE
    return parse_defaults(_read(suite), str(suite)) if suite.is_file() else {}


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
        defaults = load_defaults(directory)
    except SpecError as error:
        defaults = {}
        errors.append(error)
    for file in spec_files(directory):
        try:
            specs.append(parse_spec(_read(file), str(file), file.stem, defaults))
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


class SpecErrors(Exception):
    """Every malformed spec of a folder, so an author fixes them in one pass."""

    def __init__(self, errors: list[SpecError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))
