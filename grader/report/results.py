"""The one home of the results format: Gradescope's results.json plus our own keys (`extra_data`),
written, read back and checked against `results.schema.json`, and the form a grader error takes.

Everything that reads results (feedback, gradebook, the class summary and report) goes through
`Results`, never through the JSON keys, so the format can change in one place. Results travel between
machines (a CI job, Gradescope, a class folder), so the reader names what is wrong with a file in one
line and never fails with a traceback."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grader.base.errors import UsageError
from grader.base.files import write_atomically
from grader.spec.deadlines import Late

if TYPE_CHECKING:  # only named here: results_problem imports it when a file is read back
    import jsonschema

SCHEMA_PATH = Path(__file__).with_name("results.schema.json")
GRADER_ERROR_KEY = "grader_error"
PROBLEM_KEY = "problem"
FIRST_STEP_KEY = "first_step"
VARIANT_KEY, LOOKS_LIKE_KEY, REFUSED_KEY, ASSIGNMENT_KEY = "variant", "looks_like", "refused", "assignment"
LATE_KEY, NOT_RUN_KEY = "late", "not_run"
GRADER_ERROR_OUTPUT = ("The grader could not grade this submission (a problem in the grader, not a verdict on "
                       "your program). Your instructor has been told.")


@dataclass(frozen=True)
class Failure:
    """Why a spec failed, as data: what the class summary and report group students by."""

    kind: str
    step: int | None = None
    moment: str = ""
    changes: tuple[str, ...] = ()  # the headline difference's lines: "- expected", "+ actual"
    differing_steps: tuple[int, ...] = ()
    cause: str = ""  # the failure in one line: a rule spec's first wrong fact, a crash's error


@dataclass(frozen=True)
class TestResult:
    """One spec's result."""

    __test__ = False  # not a pytest test class, despite its name

    spec: str
    name: str
    score: float
    max_score: float
    passed: bool
    output: str
    hidden: bool = False
    failure: Failure | None = None  # None when passed, and for hidden specs in results a student sees
    told_in: str | None = None  # the spec whose failure tells this one's slip (the same difference or crash)
    screenshot: str | None = None  # a web page's picture at the failing step, relative to the results file


@dataclass(frozen=True)
class Results:
    """One submission's results; `grader_error` set means the grader failed and no score was given;
    `problem` says why the submission could not be run at all (graded 0: no program, too big...)."""

    score: float
    max_score: float
    tests: tuple[TestResult, ...] = ()
    output: str = ""
    grader_error: str | None = None
    problem: str | None = None
    first_step: str | None = None  # what the program does instead of the session's first step
    variant: str | None = None  # the assignment's variant it was graded by (None: the assignment has none)
    looks_like: tuple[str, float] | None = None  # another variant whose rules give back these points of the failed specs
    not_run: tuple[str, ...] = ()  # compiled files of the submission left out of its runs (`intake.not_run`)
    late: Late | None = None  # what a late policy did: `score` is then after the penalty, `late.raw_score` before
    refused: bool = False  # with `problem`: the program was found but its folder crossed an intake limit
    assignment: str | None = None  # the slug of the assignment graded (None: results written before it was said)

    @property
    def passed_count(self) -> int:
        return sum(test.passed for test in self.tests)

    def test(self, spec_id: str) -> TestResult | None:
        return next((test for test in self.tests if test.spec == spec_id), None)

    def passed(self, spec_id: str) -> bool:
        test = self.test(spec_id)
        return test is not None and test.passed


def grader_error_results(message: str, max_score: float) -> Results:
    """The results of a submission the grader itself failed on: an honest "not graded", never a 0."""
    return Results(score=0, max_score=max_score, output=GRADER_ERROR_OUTPUT, grader_error=message)


def with_problem(results: Results, problem: str, refused: bool = False) -> Results:
    """The results of a submission that could not be run, saying why once at the top (Gradescope shows
    `output` above the tests) and for the gradebook's `problem` column; `refused`: by an intake limit,
    not for want of a program."""
    return replace(results, output=f"Your submission could not be run: {problem}", problem=problem, refused=refused)


def not_run_said(names: tuple[str, ...]) -> str:
    """The line that names the compiled files a submission's runs left out ("" when none was)."""
    if not names:
        return ""
    return (f"Not run: {', '.join(names)} (compiled code with no source beside it; only the .py files anyone can read "
            "are run).")


def with_not_run(results: Results, names: tuple[str, ...]) -> Results:
    """The results, naming once at the top the compiled files that were left out of every run."""
    if not names:
        return results
    output = "\n\n".join(filter(None, (not_run_said(names), results.output)))
    return replace(results, output=output, not_run=names)


def number(value: float) -> int | float:
    """One number style in the file: 6 and 2.5, never 6.0 next to 6."""
    value = float(value)
    return int(value) if value.is_integer() else value


# ---------------------------------------------------------------- writing


def _failure_json(failure: Failure) -> dict[str, Any]:
    data = {"kind": failure.kind, "step": failure.step, "moment": failure.moment,
            "changes": list(failure.changes), "differing_steps": list(failure.differing_steps)}
    return data | ({"cause": failure.cause} if failure.cause else {})


def _test_json(test: TestResult) -> dict[str, Any]:
    extra: dict[str, Any] = {"hidden": test.hidden}
    if test.failure is not None:
        extra["failure"] = _failure_json(test.failure)
    if test.told_in is not None:
        extra["told_in"] = test.told_in
    if test.screenshot is not None:
        extra["screenshot"] = test.screenshot
    return {
        "name": test.name, "tags": [test.spec], "score": number(test.score), "max_score": number(test.max_score),
        "status": "passed" if test.passed else "failed", "output": test.output, "visibility": "visible",
        "extra_data": extra,
    }


def _late_json(late: Late) -> dict[str, Any]:
    return {"raw_score": number(late.raw_score), "deadline": late.deadline, "extended": late.extended,
            "submitted_at": late.submitted_at, "time_source": late.source, "late_seconds": late.seconds,
            "started_days": late.days, "penalty": number(late.penalty), "grace_minutes": late.grace_minutes}


def to_json(results: Results) -> dict[str, Any]:
    data: dict[str, Any] = {"score": number(results.score), "max_score": number(results.max_score)}
    if results.output:
        data["output"] = results.output
    data["output_format"] = "text"
    data["tests"] = [_test_json(test) for test in results.tests]
    looks_like = {"variant": results.looks_like[0], "points": number(results.looks_like[1])} if results.looks_like else None
    extra = {GRADER_ERROR_KEY: results.grader_error, PROBLEM_KEY: results.problem, FIRST_STEP_KEY: results.first_step,
             VARIANT_KEY: results.variant, LOOKS_LIKE_KEY: looks_like,
             NOT_RUN_KEY: list(results.not_run) if results.not_run else None,
             LATE_KEY: _late_json(results.late) if results.late else None, REFUSED_KEY: results.refused or None,
             ASSIGNMENT_KEY: results.assignment}
    if any(value is not None for value in extra.values()):
        data["extra_data"] = {key: value for key, value in extra.items() if value is not None}
    return data


def dumps(results: Results) -> str:
    return json.dumps(to_json(results), indent=2, ensure_ascii=False) + "\n"


def write_results(path: Path, results: Results) -> None:
    write_atomically(path, dumps(results))


# ---------------------------------------------------------------- reading


@cache
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


_EXPECTED = {"number": "a number", "integer": "a whole number", "string": "text", "boolean": "true or false",
             "object": "an object", "array": "a list"}


def _where(path: list[Any]) -> str:
    """`['tests', 0, 'tags', 1]` reads as "test 1: `tags` item 2"."""
    words: list[str] = []
    for part, following in zip(path, [*path[1:], None]):
        if part == "tests" and isinstance(following, int):
            continue
        words.append(f"test {part + 1}:" if isinstance(part, int) and not words else
                     f"item {part + 1}" if isinstance(part, int) else f"`{part}`")
    return " ".join(words).rstrip(":")


def _problem(error: jsonschema.ValidationError) -> str:
    path = list(error.absolute_path)
    if error.validator == "type":
        expected = _EXPECTED.get(error.validator_value, str(error.validator_value))
        if error.validator_value == "array" and error.schema.get("items", {}).get("type") == "string":
            expected = "a list of text"
        if not path:
            return "expected an object (Gradescope's results.json)"
        if len(path) == 2 and path[0] == "tests":
            return f"test {path[1] + 1} is not an object"
        return f"{_where(path)} must be {expected}"
    if error.validator == "required":
        missing = [key for key in error.validator_value if key not in error.instance]
        return f"{_where(path) or 'the file'} must have " + ", ".join(f"`{key}`" for key in missing)
    if error.validator == "enum":
        return f"{_where(path)} must be one of {', '.join(map(str, error.validator_value))}"
    return f"{_where(path) or 'the file'}: {error.validator} {str(error.validator_value)[:80]}"


def results_problem(data: Any) -> str | None:
    """What makes `data` not a results file this grader can read, in one line; None when it is fine."""
    import jsonschema  # noqa: PLC0415 - 30 ms that a command writing results without reading any need not pay

    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema()).iter_errors(data))
    return None if error is None else _problem(error)


def _failure(data: dict[str, Any] | None) -> Failure | None:
    if data is None:
        return None
    return Failure(kind=data["kind"], step=data.get("step"), moment=data.get("moment", ""),
                   changes=tuple(data.get("changes", ())), differing_steps=tuple(data.get("differing_steps", ())),
                   cause=data.get("cause", ""))


def _test(data: dict[str, Any]) -> TestResult:
    extra = data.get("extra_data") or {}
    score, top = float(data.get("score", 0)), float(data.get("max_score", 0))
    status = data.get("status", "passed" if score >= top else "failed")
    tags = data.get("tags") or [data.get("name", "?")]
    return TestResult(spec=tags[0], name=data.get("name", tags[0]), score=score, max_score=top,
                      passed=status == "passed", output=data.get("output", ""), hidden=extra.get("hidden", False),
                      failure=_failure(extra.get("failure")), told_in=extra.get("told_in"),
                      screenshot=extra.get("screenshot"))


def _late(data: dict[str, Any] | None) -> Late | None:
    if data is None:
        return None
    return Late(raw_score=float(data["raw_score"]), deadline=data["deadline"], submitted_at=data["submitted_at"],
                source=data["time_source"], seconds=data["late_seconds"], days=data["started_days"],
                penalty=float(data["penalty"]), extended=data.get("extended", False),
                grace_minutes=data.get("grace_minutes", 0))


def from_json(data: Any) -> Results:
    """Results from parsed JSON; ValueError naming what is wrong when it is not a results file."""
    problem = results_problem(data)
    if problem:
        raise ValueError(problem)
    tests = tuple(_test(test) for test in data.get("tests", []))
    score = float(data.get("score", sum(test.score for test in tests)))
    maximum = float(data.get("max_score", sum(test.max_score for test in tests)))
    extra = data.get("extra_data") or {}
    looks_like = extra.get(LOOKS_LIKE_KEY)
    return Results(score=score, max_score=maximum, tests=tests, output=data.get("output", ""),
                   grader_error=extra.get(GRADER_ERROR_KEY), problem=extra.get(PROBLEM_KEY),
                   first_step=extra.get(FIRST_STEP_KEY), variant=extra.get(VARIANT_KEY),
                   looks_like=(looks_like["variant"], float(looks_like["points"])) if looks_like else None,
                   not_run=tuple(extra.get(NOT_RUN_KEY, ())),
                   late=_late(extra.get(LATE_KEY)), refused=extra.get(REFUSED_KEY, False),
                   assignment=extra.get(ASSIGNMENT_KEY))


def read_results(path: Path) -> Results:
    """A results file, or a UsageError naming the file and what is wrong with it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{path}: no such results file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UsageError(f"{path}: not a readable results.json ({error})") from None
    try:
        return from_json(data)
    except ValueError as error:
        raise UsageError(f"{path}: not a results.json: {error}") from None
