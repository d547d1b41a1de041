"""Parameters and named variants of an assignment (`parameters:` and `variants:` in assignment.yaml), read
into plain data; the placeholders of the instructor's own files filled in; a student's variant chosen.

    parameters: {rows: 8}        # every parameter and its value in the assignment's own rules
    variants:                    # the first is the default; each changes some parameters
      eight-rows: {}
      ten-rows: {rows: 10}

A program learns its variant the way a student does: from its handout, where the numbers are written
in. So the grader passes nothing to a student's program; it fills in `{{rows}}` in the files it owns
(the reference, the template and its README, the corpus of known submissions) and gives a referee the
variant's parameters. Every function here is pure."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, Callable

Value = bool | int | str
NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,62}")
PARAMETER = re.compile(r"[a-z_][a-z0-9_]{0,62}")
PLACEHOLDER = re.compile(r"\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}")
DEFAULT = "default"  # the one variant of an assignment with parameters but no `variants:`
TYPES = {bool: "true or false", int: "a whole number", str: "text"}


class VariantError(ValueError):
    """A mistake in `parameters:` or `variants:`: where (a key path, for the line) and why."""

    def __init__(self, location: list[str], message: str) -> None:
        self.location, self.message = location, message
        super().__init__(message)


@dataclass(frozen=True)
class Variant:
    """One rule set: its name and the value of every parameter, in the order they are declared."""

    name: str
    parameters: tuple[tuple[str, Value], ...]

    @property
    def values(self) -> dict[str, Value]:
        return dict(self.parameters)

    def describe(self) -> str:
        """`ten-rows (rows 10)`: a variant as reports name it."""
        return f"{self.name} ({', '.join(f'{key} {_shown(value)}' for key, value in self.parameters)})"


def _shown(value: Value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _kind(value: Any) -> type | None:
    return next((kind for kind in TYPES if type(value) is kind), None)


def parse_variants(parameters: Any, variants: Any) -> tuple[Variant, ...]:
    """Every variant, the default first; none for an assignment without parameters. Raises VariantError."""
    if parameters is None:
        if variants is not None:
            raise VariantError(["variants"], "`variants` change `parameters`, and there are none: declare them "
                               "first, as `parameters: {rows: 8}`")
        return ()
    if not isinstance(parameters, dict) or not parameters:
        raise VariantError(["parameters"], "`parameters` must map each parameter to its value, as {rows: 8}")
    for key, value in parameters.items():
        if not isinstance(key, str) or not PARAMETER.fullmatch(key):
            raise VariantError(["parameters"], f"parameter {key!r}: a name is lower-case letters, digits and "
                               "underscores, such as rows or code_length")
        if _kind(value) is None:
            raise VariantError(["parameters", key], f"parameter {key}: its value must be a whole number, true or "
                               f"false, or text; got {value!r}")
    if variants is None:
        return (Variant(DEFAULT, tuple(parameters.items())),)
    if not isinstance(variants, dict) or not variants:
        raise VariantError(["variants"], "`variants` must map each variant's name to the parameters it changes, "
                           "as {ten-rows: {rows: 10}}; the first is the default")
    return tuple(_variant(name, changes, parameters) for name, changes in variants.items())


def _variant(name: Any, changes: Any, parameters: dict[str, Value]) -> Variant:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise VariantError(["variants"], f"variant {name!r}: a name is lower-case letters, digits and dashes "
                           "(it names a handout folder, handout-NAME)")
    changes = {} if changes is None else changes
    if not isinstance(changes, dict):
        raise VariantError(["variants", name], f"variant {name}: must map parameters to values, as {{rows: 10}} "
                           "({} for the parameters as they are)")
    for key, value in changes.items():
        if key not in parameters:
            raise VariantError(["variants", name, key], f"variant {name}: unknown parameter {key!r}; the parameters "
                               f"are {', '.join(parameters)}")
        wanted = type(parameters[key])  # bool, int or str: checked in parse_variants
        if type(value) is not wanted:
            raise VariantError(["variants", name, key], f"variant {name}: {key} must be {TYPES[wanted]} like its "
                               f"value in `parameters` ({_shown(parameters[key])}); got {value!r}")
    return Variant(name, tuple((key, changes.get(key, value)) for key, value in parameters.items()))


def choose(variants: tuple[Variant, ...], name: str | None, where: str) -> Variant | None:
    """The variant called `name` (None: the default, the first); an unknown name is a ValueError that
    lists the variants."""
    if name is None:
        return variants[0] if variants else None
    found = next((variant for variant in variants if variant.name == name), None)
    if found is None:
        known = f"its variants are {', '.join(variant.name for variant in variants)}" if variants else "it has none"
        raise ValueError(f"{where}: no variant {name!r}; {known}")
    return found


def fill(text: str, variant: Variant, problem: Callable[[int, str], Exception]) -> str:
    """The text with each `{{parameter}}` replaced by the variant's value; a placeholder naming no
    parameter is `problem(line, why)`, raised (a typo must not reach students as `{{rwos}}`)."""
    values = variant.values

    def one(found: re.Match[str]) -> str:
        if found.group(1) not in values:
            line = text.count("\n", 0, found.start()) + 1
            raise problem(line, f"{found.group(0)} names no parameter; the parameters are {', '.join(values)}")
        return _shown(values[found.group(1)])

    return PLACEHOLDER.sub(one, text)


def student_variant(student: str, variants: tuple[Variant, ...]) -> Variant:
    """A student's variant from their id alone: the first 8 bytes of SHA-256 of the id (UTF-8), as a
    big-endian number, modulo the number of variants, in their declared order. The same id always gets
    the same variant, on any machine and in any run."""
    number = int.from_bytes(hashlib.sha256(student.encode("utf-8")).digest()[:8], "big")
    return variants[number % len(variants)]


def for_variant(spec_variants: tuple[str, ...], variant: Variant | None) -> bool:
    """Whether a spec marked for `spec_variants` (none: every variant) grades this variant."""
    return not spec_variants or variant is None or variant.name in spec_variants


def variant_points(specs: list[tuple[tuple[str, ...], float]], variants: tuple[Variant, ...]) -> dict[str, float]:
    """What each variant is worth: the points of the specs (each its `variants:` and points) grading it."""
    return {variant.name: sum(points for marked, points in specs if for_variant(marked, variant))
            for variant in variants}


def unequal_points(specs: list[tuple[tuple[str, ...], float]], variants: tuple[Variant, ...]) -> str | None:
    """Why the variants cannot share a gradebook, None when each is worth the same points: a student's
    grade must not depend on the variant they were given."""
    points = variant_points(specs, variants)
    if len(set(points.values())) < 2:
        return None
    said = ", ".join(f"{name} {value:g}" for name, value in points.items())
    return f"the variants are not worth the same points ({said}): give each variant's own specs the same points"
