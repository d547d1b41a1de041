"""Made-up verdicts (plain data, no program run) covering what the renderers must get right, and the
outputs rendered from them. `tests/unit/test_golden.py` compares these with the files next to this one;
`python3 tests/golden/refresh.py` rewrites the files after a deliberate change (review the diff)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

from grader.report.feedback import feedback_markdown
from grader.judge.judging import CRASH, FLOOD, MISMATCH, PASSED, Difference, Session, Verdict, judge
from grader.judge.outcome import Ending
from grader.report.gradebook import gradebook_csv
from grader.report.junit import junit_xml
from grader.report.lateness import with_late
from grader.grading.results import build_results
from grader.report.text import render_text
from grader.report.results import dumps, from_json, to_json
from grader.spec.deadlines import LatePolicy, StudentClock
from grader.spec.specs import Spec, parse_spec, parse_suite

from conftest import PROGRAM
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


SUITE = parse_suite("""
defaults:
  ignore: [banner, blank_lines, case, escapes, prompts, trailing_whitespace]
  scoring: per_step
  input_labels: ["the key"]
facts:
  labels: [exist, position]
  phrases:
    won: [You guessed it right]
    count: ["You did it in # guesses"]
  messages:
    length: Guess must be of 4 digits
    non_digit: Invalid input. Try again
    duplicate: Guess must not have duplicate digits
  key_input: 0
rules:
  presentation: {description: The screen is exactly the handout's., facts: []}
  win: {description: A correct guess wins and says in how many guesses., facts: [won, count], ending: true}
  scoring: {description: Each guess's counts are right., facts: [scores]}
  non-digit-message: {description: Non-digits get their message., facts: [rejection]}
  win-words: {description: A win in the handout's words., facts: [won, count, wording], ending: true}
  duplicate-message: {description: Repeated digits are refused with their message., facts: [rejected, rejection]}
""", "specs/suite.yaml")

RULE_GAME = """
name: {name}
description: {description}
points: 6
visibility: {visibility}
rule: {rule}
steps:
"""


def rule_spec(spec_id: str, name: str, rule: str, steps: str, visibility: str = "visible") -> Spec:
    text = RULE_GAME.format(name=name, description=f"Grades the {rule} rule.", visibility=visibility, rule=rule) + steps
    return parse_spec(text, f"specs/{spec_id}.yaml", spec_id, SUITE)


def win_steps(key: str) -> str:
    return (f'  - {{prompt: "Enter key: ", input: "{key}"}}\n  - {{prompt: "Enter guess: ", input: "{key}"}}\n'
            f'  - output: "{key} : exist: 0, position: 4\\nYou guessed it right!\\nYou did it in 1 guesses.\\n"\n')


SCORING_STEPS = """  - {prompt: "Enter key: ", input: "1234"}
  - {prompt: "Enter guess: ", input: "5678"}
  - {output: "5678 : exist: 0, position: 0\\n", prompt: "Enter guess: ", input: "1563"}
  - {output: "5678 : exist: 0, position: 0\\n1563 : exist: 1, position: 1\\n", prompt: "Enter guess: ", input: "2156"}
  - {output: "5678 : exist: 0, position: 0\\n1563 : exist: 1, position: 1\\n2156 : exist: 2, position: 0\\n"}
"""
MESSAGE_STEPS = """  - {prompt: "Enter key: ", input: "3746"}
  - {prompt: "Enter guess: ", input: "1b34"}
  - {output: "Invalid input. Try again.\\n", prompt: "Enter guess: ", input: "3746"}
  - {output: "3746 : exist: 0, position: 4\\nYou guessed it right!\\nYou did it in 1 guesses.\\n"}
"""
PRESENTATION_STEPS = """  - {prompt: "Enter key: ", input: "1234"}
  - {prompt: "Enter guess: ", input: "12x4"}
  - {output: "Invalid input. Try again.\\n", prompt: "Enter guess: ", input: "1234"}
  - {output: "1234 : exist: 0, position: 4\\nYou guessed it right!\\nYou did it in 1 guesses.\\n"}
"""


def crash_output(guess: str, folder: str, line: int) -> str:
    return (f'Traceback (most recent call last):\n  File "{folder}/mastermind.py", line {line + 28}, in <module>\n'
            f'    main()\n  File "{folder}/mastermind.py", line {line}, in main\n    if int(guess) < 0:\n'
            f"ValueError: invalid literal for int() with base 10: '{guess}'\n")


def session_of(*outputs: str, crashed: bool = False) -> Session:
    return Session(tuple(outputs), Ending.EXITED, exit_status=1 if crashed else 0, script=PROGRAM)


def rule_slips() -> list[Verdict]:
    """One student's verdicts on rule specs: the win count one too low in a visible and a hidden spec,
    two guesses scored wrong, and one crash (its line numbers, folder and value aside) in two specs."""
    won = "You guessed it right!\n"
    return [
        judge(rule_spec("02-win", "Winning on the first guess", "win", win_steps("5830")),
              session_of("Enter key: ", "Enter guess: ", f"5830 : exist: 0, position: 4\n{won}You did it in 0 guesses.\n")),
        judge(rule_spec("03-scoring", "Scoring", "scoring", SCORING_STEPS),
              session_of("Enter key: ", "Enter guess: ", "5678 : exist: 0, position: 0\nEnter guess: ",
                       "5678 : exist: 0, position: 0\n1563 : exist: 2, position: 1\nEnter guess: ",
                       "5678 : exist: 0, position: 0\n1563 : exist: 2, position: 1\n2156 : exist: 3, position: 0\n")),
        judge(rule_spec("08-non-digit", "Entries that are not digits", "non-digit-message", MESSAGE_STEPS),
              session_of("Enter key: ", "Enter guess: ", crash_output("1b34", "/sandbox/work", 12), crashed=True)),
        judge(rule_spec("01-exact", "The exact game", "presentation", PRESENTATION_STEPS),
              session_of("Enter key: ", "Enter guess: ", crash_output("12x4", "/tmp/elsewhere", 13), crashed=True)),
        judge(rule_spec("20-hidden-win", "Winning, other values", "win", win_steps("6170"), "hidden"),
              session_of("Enter key: ", "Enter guess: ", f"6170 : exist: 0, position: 4\n{won}You did it in 0 guesses.\n")),
    ]


DUPLICATE_STEPS = """  - {prompt: "Enter key: ", input: "3746"}
  - {prompt: "Enter guess: ", input: "1123"}
  - {output: "Guess must not have duplicate digits!\\n", prompt: "Enter guess: ", input: "3746"}
  - {output: "3746 : exist: 0, position: 4\\nYou guessed it right!\\nYou did it in 1 guesses.\\n"}
"""


def behaviour_slips() -> list[Verdict]:
    """Facts told by behaviour (issue 34): a win in other words (its wording alone wrong), scores in a
    program's own labels (one count wrong, quoted with how it was read), a misspelt message quoted."""
    own = "Guess {} -> {} right place, {} wrong place\n"
    return [
        judge(rule_spec("02-win", "Winning on the first guess", "win-words", win_steps("5830")),
              session_of("Enter key: ", "Enter guess: ", "5830 : exist: 0, position: 4\nYou Guessed The Key: 5830\n"
                         "It took you 1 attempts\n")),
        judge(rule_spec("03-scoring", "Scoring", "scoring", SCORING_STEPS),
              session_of("Enter key: ", "Enter guess: ", own.format(5678, 0, 0) + "Enter guess: ",
                         own.format(1563, 1, 1) + "Enter guess: ", own.format(2156, 1, 2))),
        judge(rule_spec("10-duplicate", "Guesses that repeat a digit", "duplicate-message", DUPLICATE_STEPS),
              session_of("Enter key: ", "Enter guess: ", "Guess must not have dupliate digits!\nEnter guess: ",
                         "3746 : exist: 0, position: 4\nYou guessed it right!\nYou did it in 1 guesses.\n")),
    ]


def first_step_skipped() -> list[Verdict]:
    """A program that never asks for the key: the first input is its first guess, in every spec."""
    game = "Enter guess: ", "5830 : exist: 0, position: 0\nEnter guess: ", "5830 : exist: 0, position: 0\n"
    return [judge(rule_spec("02-win", "Winning on the first guess", "win", win_steps("5830")), session_of(*game)),
            judge(rule_spec("20-hidden-win", "Winning, other values", "win", win_steps("5830"), "hidden"), session_of(*game))]


def keyless_replayed() -> list[Verdict]:
    """A program that never reads the key: twelve specs, each failing its own way (a line of its own),
    more than a screen would hold in full."""
    notice = ("the program never asks for the key: it takes the key typed as its first guess and plays a secret "
              "of its own: its scores fit 1234, not the 5830 typed. So 12 rule specs were replayed the way it "
              "plays (without the key line, its scores judged against the secret they fit)")
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu".split()
    return [replace(judge(rule_spec(f"{number + 2:02}-exact", f"The exact game {word}", "presentation",
                                    PRESENTATION_STEPS),
                          session_of("Enter guess: ", f"Sorry {word}, no.\nEnter guess: ",
                                     "Enter guess: ", "1234 : exist: 0, position: 4\nYou guessed it right!\n")),
                    first_step=notice) for number, word in enumerate(words)]


DEADLINE = datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc)


def late_results(verdicts: list[Verdict]) -> list[tuple[str, object]]:
    """The same results under a late policy of 10% a started day (cap 50%, 15 minutes' grace): one student
    2 days and 1 hour late, one on an extension, one with no submission time."""
    policy, results = LatePolicy(DEADLINE, 10, 50, 15), build_results(verdicts, reveal_hidden=True)
    return [("bo", with_late(results, policy, StudentClock(DEADLINE, DEADLINE + timedelta(days=2, hours=1), "csv"))),
            ("cy", with_late(results, policy, StudentClock(DEADLINE + timedelta(days=4), DEADLINE + timedelta(days=3), "git",
                                                           extended=True))),
            ("di", with_late(results, policy, StudentClock(DEADLINE, None)))]


def rendered() -> dict[str, str]:
    """Each golden file's name and the text the renderers give today."""
    verdicts = class_of_slips()
    student_results = build_results(verdicts)
    rules, skipped = rule_slips(), first_step_skipped()
    return {
        "report.txt": render_text(verdicts, "Checking ada/mastermind.py against 10 spec(s) from specs", reveal_hidden=False),
        "results.json": dumps(student_results),
        "feedback.md": feedback_markdown(from_json(to_json(build_results(verdicts, reveal_hidden=True)))),
        "junit.xml": junit_xml(verdicts, suite_name="ada"),
        **lms_rendered(),
        "rules_report.txt": render_text(rules, "Checking bo/mastermind.py against 5 spec(s) from specs"),
        "rules_feedback.md": feedback_markdown(from_json(to_json(build_results(rules, reveal_hidden=True)))),
        "behaviour_report.txt": render_text(behaviour_slips(), "Checking di/mastermind.py against 3 spec(s) from specs"),
        "first_step_report.txt": render_text(skipped, "Checking cy/mastermind.py against 2 spec(s) from specs",
                                             reveal_hidden=False),
        "first_step_results.json": dumps(build_results(skipped)),
        "first_step_feedback.md": feedback_markdown(from_json(to_json(build_results(skipped)))),
        "keyless_report.txt": render_text(keyless_replayed(), "Checking di/mastermind.py against 12 spec(s) from specs"),
        "late_feedback.md": feedback_markdown(from_json(to_json(late_results(rules)[0][1]))),
        "late_results.json": dumps(late_results(rules)[0][1]),
        "late_gradebook.csv": gradebook_csv(late_results(rules)),
    }
