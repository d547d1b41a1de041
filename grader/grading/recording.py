"""A spec's expected output recorded from what the reference prints for its inputs (`grader record`, and
`explore --save`).

An instructor writes a spec's name, description, points, visibility and a `steps` list holding only the
`input`s (plus any flexible `regex`/`contains` lines where the wording is free); recording runs the
reference with those inputs and writes every step's `output`, `prompt` and the final `exit` into the text.
It is edited in ruamel.yaml's round-trip mode, so comments, key order and quoting survive, and a
flexible line is kept wherever it still matches the reference's line (it is replaced, with a warning,
where it does not). Nobody types expected output by hand.
"""

from __future__ import annotations

import difflib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from grader.base.project import REFERENCE
from grader.base.wording import count_of
from grader.engine.runner import Options, run_session, run_spec
from grader.judge.judging import judge
from grader.judge.outcome import Ending
from grader.spec.errors import SpecError
from grader.spec.specs import load_suite, parse_spec, program_seed

if TYPE_CHECKING:  # ruamel.yaml is imported where a spec is rewritten: every other command skips it
    from ruamel.yaml import YAML


class RecordError(Exception):
    """The reference could not run a spec (or the spec cannot be read): nothing is written for it."""


@dataclass
class Recorded:
    path: Path
    old: str
    new: str
    warnings: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.old != self.new

    def diff(self) -> str:
        return "".join(difflib.unified_diff(
            self.old.splitlines(keepends=True), self.new.splitlines(keepends=True),
            fromfile=f"{self.path} (before)", tofile=f"{self.path} (recorded)",
        ))


def _yaml() -> YAML:
    from ruamel.yaml import YAML  # noqa: PLC0415 - 13 ms that only a spec rewritten needs

    rt = YAML(typ="rt")
    rt.preserve_quotes = True
    rt.width = 4096  # never fold a long line
    rt.indent(mapping=2, sequence=4, offset=2)
    return rt


def _raw_inputs(text: str, path: str) -> list[str]:
    """The `input` of every step exactly as written: `input: 0123` is the text 0123 (a YAML loader would
    make it a number), so read the scalar nodes rather than the constructed data."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        raise RecordError(f"{path}: not valid YAML: {error}") from None
    steps = None
    if isinstance(root, yaml.MappingNode):
        steps = next((value for key, value in root.value if key.value == "steps"), None)
    if not isinstance(steps, yaml.SequenceNode) or not steps.value:
        raise RecordError(f"{path}: a spec needs a `steps` list holding the inputs to type")
    inputs = []
    for number, step in enumerate(steps.value, start=1):
        if not isinstance(step, yaml.MappingNode):
            raise RecordError(f"{path}:{step.start_mark.line + 1}: step {number} is not a mapping")
        node = next((value for key, value in step.value if key.value == "input"), None)
        if node is not None:
            if not isinstance(node, yaml.ScalarNode):
                raise RecordError(f"{path}:{node.start_mark.line + 1}: step {number}: an input is one line of text")
            inputs.append(node.value)
        elif number < len(steps.value):
            raise RecordError(f"{path}:{step.start_mark.line + 1}: step {number} needs an `input`: only the "
                              "last step ends without one")
    return inputs


def _reference_failure(path: str, inputs: list[str], session: Any) -> str | None:
    """Why the reference's run cannot be recorded, or None when it ran the whole spec and ended cleanly."""
    where = lambda step: "at start-up" if step == 0 else f"after input {step} ({inputs[step - 1]!r})"
    last = len(session.outputs) - 1
    tail = session.outputs[-1][-300:] if session.outputs else ""
    if session.end == Ending.MISSING:
        return f"{path}: there is no reference program to record from"
    if session.end == Ending.WAITING:
        return (f"{path}: the reference asked for more input after all {count_of(len(inputs), 'input')} were typed: "
                "add the inputs that finish the game (a win, or twelve valid guesses)")
    if session.end == Ending.TIMEOUT:
        return f"{path}: the reference did nothing within {session.timeout:g} s {where(last)}"
    if session.end == Ending.OUTPUT_LIMIT:
        return f"{path}: the reference printed too much {where(last)}"
    if last < len(inputs):
        return (f"{path}: the reference ended {where(last)} with {count_of(len(inputs) - last, 'input')} still to type: "
                f"remove the inputs after input {last}")
    if session.signal is not None or session.exit_status != 0:
        how = f"signal {session.signal}" if session.signal is not None else f"exit status {session.exit_status}"
        return f"{path}: the reference ended with {how}; its last output was:\n{tail}"
    return None


def record_text(text: str, path: str, reference: Path = REFERENCE, options: Options | None = None) -> Recorded:
    """Record one spec's text against the reference; the result is checked to parse and to pass."""
    from ruamel.yaml.comments import CommentedMap  # noqa: PLC0415 - as in _yaml
    from ruamel.yaml.error import YAMLError as RuamelYAMLError  # noqa: PLC0415

    from grader.report.recorded_steps import rewrite_step  # noqa: PLC0415 - ruamel's too

    options = options or Options()
    try:
        data = _yaml().load(text)
    except RuamelYAMLError as error:
        raise RecordError(f"{path}: not valid YAML: {error}") from None
    if isinstance(data, dict) and "referee" in data:
        return Recorded(Path(path), text, text, ["a referee spec: its referee plays it, there is nothing to record"])
    inputs = _raw_inputs(text, path)
    steps = data["steps"]
    arguments = tuple(str(argument) for argument in data.get("arguments", []))
    try:
        timeout = float(data["timeout"]) if "timeout" in data else None
    except (TypeError, ValueError):
        raise RecordError(f"{path}: `timeout` is not a number") from None
    session = run_session(reference, tuple(inputs), options, timeout, arguments=arguments,
                          seed=program_seed(Path(path).stem, None))
    failure = _reference_failure(path, inputs, session)
    if failure:
        raise RecordError(failure)
    # One step per wait for input, plus the ending. A hand-written spec may give its last input a step of
    # its own, with nothing after it: the ending then becomes a new step.
    if len(steps) == len(inputs):
        steps.append(CommentedMap())
    warnings: list[str] = []
    for index, output in enumerate(session.outputs):
        last = index == len(session.outputs) - 1
        for warning in rewrite_step(steps[index], output, last, session.exit_status if last else None):
            warnings.append(f"step {index + 1}: {warning}")
    stream = io.StringIO()
    _yaml().dump(data, stream)
    new = stream.getvalue()
    try:
        spec = parse_spec(new, path, Path(path).stem, load_suite(Path(path).parent))
    except SpecError as error:
        raise RecordError(f"the recorded spec is not valid: {error}") from None
    verdict = judge(spec, run_spec(reference, spec, options))
    if not verdict.passed:
        raise RecordError(f"{path}: the reference does not pass the recorded spec ({verdict.kind}: {verdict.message}); "
                          "it behaves differently from one run to the next")
    return Recorded(Path(path), text, new, warnings)


def record_file(path: Path, reference: Path = REFERENCE, options: Options | None = None) -> Recorded:
    """Record one spec file's text against the reference; the file itself is left as it was."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot read: {error}") from None
    return record_text(text, str(path), reference, options)


def marked_variants(path: Path) -> list[str]:
    """The variants a spec file is marked for (`variants:`), none when it grades every one."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []  # record_file names what is wrong with the file
    marked = data.get("variants") if isinstance(data, dict) else None
    return [str(name) for name in marked] if isinstance(marked, list) else []
