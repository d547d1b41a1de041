"""Reading a spec file's YAML so that every problem names its line: plain data built from the nodes (text
fields kept exactly as written), schema errors worded for a person, each pointed at the node it is about."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import yaml

from grader.spec.errors import SpecError

if TYPE_CHECKING:  # only named here: importing jsonschema is left to the validation itself (spec/specs.py)
    import jsonschema

REGION = " region"  # what an `expect:` names: its text is kept as written, as every text field's (never a key)
TEXT_KEYS = {"name", "description", "output", "prompt", "input", "regex", "contains", "input_labels", "click", "press",
             REGION}


# What a web step's value is, said where the schema's alternatives (`oneOf`) would only say "not valid".
WEB_WORDING = {
    "click": "a button's accessible name, or a non-empty list of names",
    "press": "a key, or a non-empty list of keys",
    "expect": "a region's text is text, or a list of lines ([] for none), each a text or {contains: text}, or a list "
              "of {lacks: text}; inside {...} a comma ends the text: quote text that holds one",
}


def _to_data(node: yaml.Node, loader: yaml.SafeLoader | yaml.CSafeLoader, path: str, key: str | None) -> Any:
    """Build plain data from YAML nodes, keeping text fields exactly as written (`input: 0123` stays text)."""
    if isinstance(node, yaml.MappingNode):
        data: dict[str, Any] = {}
        for key_node, value_node in node.value:
            name = key_node.value
            if name in data:
                raise SpecError(path, key_node.start_mark.line + 1, f"the key {name!r} appears twice")
            data[name] = _to_data(value_node, loader, path, REGION if key == "expect" else name)
        return data
    if isinstance(node, yaml.SequenceNode):
        return [_to_data(item, loader, path, key) for item in node.value]
    if key == REGION and node.tag == "tag:yaml.org,2002:null":
        return None  # `{Feedback: 0 exact, 2 misplaced}`: the comma ended the text, a region is left without one
    if key in TEXT_KEYS:
        return node.value
    return loader.construct_object(node, deep=True)


def node_at(node: yaml.Node, location: list[Any]) -> yaml.Node:
    for part in location:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == part), node)
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
    return node


def describe(location: list[Any], whole: str = "the spec") -> str:
    """`['steps', 2, 'output', 0]` reads as `step 3, output line 1`."""
    words: list[str] = []
    previous: Any = None
    for part in location:
        if isinstance(part, int):
            names = {"steps": f"step {part + 1}", "output": f"output line {part + 1}"}
            words[-1] = names.get(str(previous), f"{previous} {part + 1}")
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
    if error.validator == "oneOf" and set(error.absolute_path) & set(WEB_WORDING):
        where = describe(list(error.absolute_path), whole)
        return f"{where}: {WEB_WORDING[next(p for p in error.absolute_path if p in WEB_WORDING)]}"
    if error.validator == "oneOf":
        error = _deepest(error)
        if "output" in error.absolute_path and not isinstance(error.instance, str):
            where = describe([p for p in error.absolute_path if p not in ("regex", "contains")])
            return f"{where}: a line is text, or a mapping with one key, `regex` or `contains` (quote lines that hold ': ')"
    where = describe(list(error.absolute_path), whole)
    if error.validator == "additionalProperties":
        allowed = ", ".join(sorted(error.schema.get("properties", {})))
        return f"{where}: {error.message}; allowed keys: {allowed}"
    if error.validator == "type" and error.instance is None:
        return f"{where}: a value is missing here"
    return f"{where}: {error.message}"


# libyaml's loader where PyYAML was built with it (every wheel of PyYAML is): parsing the suite with the pure
# Python one took a fifth of a whole `check`. Both give the same nodes, with the same line numbers.
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str, path: str) -> tuple[yaml.Node, Any]:
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


def check_data(validator: jsonschema.protocols.Validator, root: yaml.Node, data: Any, path: str, whole: str,
           semantic: Callable[[Any], list[tuple[list[Any], str]]] = lambda data: []) -> None:
    """Raise a SpecError for the first schema problem or, when the schema is met, the first `semantic` one."""
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.path))))
    problems = [(list(_deepest(e).absolute_path), _schema_message(e, whole)) for e in errors]
    if not problems:
        problems = [(location, f"{describe(location)}: {message}") for location, message in semantic(data)]
    if problems:
        location, message = problems[0]
        raise SpecError(path, node_at(root, location).start_mark.line + 1, message)
