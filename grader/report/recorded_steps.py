"""One spec step rewritten from what the reference printed there, for `record`: the output lines, the
prompt and the exit status written into the step's round-trip YAML, in the order output, prompt, input,
exit, keeping each value's quoting style, the comments, and every flexible (`regex`/`contains`) line that
still matches the reference's line. Pure: a ruamel.yaml mapping in, the same mapping edited."""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString, ScalarString

from grader.judge.matching import split_lines
from grader.spec.specs import Line

STEP_KEYS = ("output", "prompt", "input", "exit")  # the order new keys are written in


def _patterns(item: Any) -> Line | None:
    """The flexible line an output item stands for, or None for exact text."""
    if isinstance(item, dict) and len(item) == 1:
        kind, text = next(iter(item.items()))
        if kind in ("regex", "contains") and isinstance(text, str):
            return Line(text, kind)
    return None


def _old_items(step: CommentedMap) -> list[Any]:
    output = step.get("output")
    if isinstance(output, list):
        return list(output)
    return []


def _keep_patterns(old: list[Any], lines: list[str]) -> tuple[dict[int, Any], list[str]]:
    """Which new lines keep an old flexible item. Items at the same place as before keep it when they
    still match; otherwise each pattern is matched, from the end, to the last unclaimed line it fits
    (the free-wording line is usually the last one). Patterns that fit nowhere are reported."""
    kept: dict[int, Any] = {}
    warnings: list[str] = []
    patterns = [(index, item, line) for index, item in enumerate(old) if (line := _patterns(item)) is not None]
    if not patterns:
        return kept, warnings
    if len(old) == len(lines):
        lost = [(i, item, line) for i, item, line in patterns if not line.matches(lines[i])]
        kept = {i: item for i, item, line in patterns if line.matches(lines[i])}
    else:
        lost, limit = [], len(lines)
        for index, item, line in reversed(patterns):
            place = next((j for j in range(limit - 1, -1, -1) if line.matches(lines[j])), None)
            if place is None:
                lost.append((index, item, line))
            else:
                kept[place], limit = item, place
    for _, _, line in lost:
        warnings.append(f"the flexible line {line.shown()} matches no line the reference printed: replaced by exact lines")
    return kept, warnings


def _set(step: CommentedMap, key: str, value: Any) -> None:
    """Set a step key, placing a new key where it belongs in output, prompt, input, exit order."""
    if key in step:
        step[key] = value
        return
    later = STEP_KEYS[STEP_KEYS.index(key) + 1:]
    position = next((i for i, existing in enumerate(step) if existing in later), len(step))
    step.insert(position, key, value)


def _styled(old: Any, text: str) -> Any:
    """New text in the quoting style the old value had: a preserved style (double or single quotes) is
    kept, a plain value stays plain (the dumper quotes it if it must), a new value gets double quotes."""
    if old is None:
        return DoubleQuotedScalarString(text)
    if isinstance(old, ScalarString) and not isinstance(old, LiteralScalarString):
        return type(old)(text)
    return text


def _output_value(step: CommentedMap, lines: list[str], kept: dict[int, Any]) -> Any:
    old = step.get("output")
    if not kept and not isinstance(old, list):
        if all(line == line.rstrip() and "\t" not in line for line in lines):
            return LiteralScalarString("".join(line + "\n" for line in lines))
    old_items = old if isinstance(old, list) else []
    items = CommentedSeq()
    for index, line in enumerate(lines):
        if index in kept:
            items.append(kept[index])
        else:
            previous = old_items[index] if index < len(old_items) and isinstance(old_items[index], str) else None
            items.append(_styled(previous, line))
    if isinstance(old, CommentedSeq):
        items.ca.items.update({i: c for i, c in old.ca.items.items() if i < len(items)})
    return items


def rewrite_step(step: CommentedMap, output: str, last: bool, status: int | None) -> list[str]:
    """Rewrite one step from what the reference printed there (its `exit` too when it is the `last`);
    returns warnings about flexible lines that no longer fit."""
    rows = split_lines(output)
    prompt = rows.pop()[0] if rows and not rows[-1][1] else ""
    lines = [text for text, _ in rows]
    kept, warnings = _keep_patterns(_old_items(step), lines)
    if lines:
        _set(step, "output", _output_value(step, lines, kept))
    elif "output" in step:
        del step["output"]
    if prompt:
        _set(step, "prompt", _styled(step.get("prompt"), prompt))
    elif "prompt" in step:
        del step["prompt"]
    if last:
        _set(step, "exit", status)
    elif "exit" in step:
        del step["exit"]
    return warnings
