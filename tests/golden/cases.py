"""Made-up verdicts (plain data, no program run) covering what the renderers must get right, and the
outputs rendered from them. `tests/unit/test_golden.py` compares these with the files next to this one;
`python3 tests/golden/refresh.py` rewrites the files after a deliberate change (review the diff)."""

from __future__ import annotations

from pathlib import Path

from grader.report.feedback import feedback_markdown
from grader.judge.judging import CRASH, FLOOD, MISMATCH, PASSED, Difference, Verdict
from grader.report.junit import junit_xml
from grader.report.text import build_results, render_text
from grader.report.results import dumps, from_json, to_json
from grader.spec.specs import Spec, parse_spec

from golden.lms_cases import rendered as lms_rendered

FOLDER = Path(__file__).resolve().parent
GAME = """
name: {name}
description: {description}
points: {points}
visibility: {visibility}
input_labels: [the key]
steps:
  - prompt: "Enter key: "
    input: "{key}"
  - prompt: "Enter guess: "
    input: "4321"
  - output: |
      4321 : exist: 4, position: 0
    prompt: "Enter guess: "
    input: "{key}"
  - output: |
      4321 : exist: 4, position: 0
      {key} : exist: 4, position: 4
      You won!
"""


def spec(spec_id: str, name: str, key: str = "1234", points: float = 5, visibility: str = "visible") -> Spec:
    text = GAME.format(name=name, description=f"Plays a short game with the key {key}.", points=points,
                       visibility=visibility, key=key)
    return parse_spec(text, f"specs/{spec_id}.yaml", spec_id)


def other_key_prompt(spec_: Spec) -> Verdict:
    return Verdict(spec_, MISMATCH, "the output at start-up, before any input is not what was expected", 0,
                   "Enter number to be guessed: ")


def class_of_slips() -> list[Verdict]:
    """One student's verdicts: a pass, the same slip in three specs (one hidden), 100 blank lines,
    clear-screen and colour escapes, a NUL flood, a crash, and a slip repeated at every step."""
    after_key = "the output after input 1 (\"1234\") is not what was expected"
    return [
        Verdict(spec("01-pass", "A game that passes"), PASSED, "passed"),
        other_key_prompt(spec("02-prompt", "The key prompt", points=10)),
        other_key_prompt(spec("03-prompt-again", "The key prompt, another key", key="5678")),
        other_key_prompt(spec("20-hidden-prompt", "A hidden game", visibility="hidden")),
        Verdict(spec("04-blank-lines", "No blank lines after the key"), MISMATCH, after_key, 1, "\n" * 100 + "Enter guess: "),
        Verdict(spec("05-escapes", "No screen clearing"), MISMATCH, after_key, 1,
                "\x1b[2J\x1b[H\x1b]0;Mastermind\x07\x1b[31mEnter guess: \x1b[0m"),
        Verdict(spec("06-flood", "A flood of NUL bytes", points=2.5), FLOOD,
                "the program printed more than 1000000 bytes after input 1 (\"1234\") (its output is below)", 1,
                "\x00" * 990_000),
        Verdict(spec("07-many-lines", "Many different lines"), MISMATCH, after_key, 1,
                "".join(f"line {n}\n" for n in range(500)) + "Enter guess: "),
        Verdict(spec("08-crash", "A crash"), CRASH,
                "the program crashed after input 2 (\"4321\"): it ended with exit status 1 (its output is below)", 2,
                "Traceback (most recent call last):\nValueError: boom\n"),
        other_guess_prompt(spec("09-guess-prompt", "Another guess prompt, every step")),
    ]


def other_guess_prompt(spec_: Spec) -> Verdict:
    """Every step after the key differs the same way, and the last one differs otherwise too."""
    outputs = ["Enter key: ", "Your guess: ", "4321 : exist: 4, position: 0\nYour guess: ",
               "4321 : exist: 4, position: 0\n1234 : exist: 4, position: 4\nYou win!\n"]
    differences = tuple(Difference(step, outputs[step]) for step in (1, 2, 3))
    return Verdict(spec_, MISMATCH, "the output after input 1 (\"1234\") is not what was expected", 1, outputs[1],
                   differences)


def rendered() -> dict[str, str]:
    """Each golden file's name and the text the renderers give today."""
    verdicts = class_of_slips()
    student_results = build_results(verdicts)
    return {
        "report.txt": render_text(verdicts, "Checking ada/mastermind.py against 10 spec(s) from specs", reveal_hidden=False),
        "results.json": dumps(student_results),
        "feedback.md": feedback_markdown(from_json(to_json(build_results(verdicts, reveal_hidden=True)))),
        "junit.xml": junit_xml(verdicts, suite_name="ada"),
        **lms_rendered(),
    }
