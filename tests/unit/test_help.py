"""Every command's --help is written for the people who run it: what it does, an example, the exit
statuses, and no name from inside the code (a class, a function, a module path, a constant)."""

import re

import pytest

from grader.commands.cli import COMMANDS, main

COMMAND_NAMES = [name for name, _, _ in COMMANDS]
# What only a reader of the source would know: Results.grader_error, grading.results.build_results, grader.referee,
# grader/runner.py, HANG_STEP_TIMEOUT, cmd_check.
INTERNAL = [r"\b[A-Z][a-z]+[A-Z]?\w*\.[a-z_]+\b", r"\b[a-z]+\.[a-z]+_[a-z_]+\b", r"\bgrader\.[a-z]",
            r"\bgrader/\w+", r"\b[A-Z]{2,}_[A-Z_]+\b", r"\bcmd_\w+", r"\b\w+\(\)"]


def help_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as ended:
        main([*argv, "--help"])
    assert ended.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("argv", [(), *((name,) for name in COMMAND_NAMES)], ids=lambda argv: " ".join(argv) or "top")
def test_help_has_an_example_and_the_exit_statuses_in_users_words(capsys, argv):
    text = help_of(capsys, *argv)
    examples = text.split("\nexamples:\n")[1].split("\nexit status:\n")
    assert f"python3 -m grader {' '.join(argv)}".rstrip() in examples[0]
    assert re.search(r"^  0  \w", examples[1], re.M) and re.search(r"^  2  could not", examples[1], re.M)
    usage = text.split("\n\n")[0]  # the arguments' own names (CLASS_DIR) are the user's words
    leaks = [match.group() for pattern in INTERNAL for match in re.finditer(pattern, text) if match.group() not in usage]
    assert leaks == []


def test_the_top_level_help_says_what_the_tool_does_and_lists_every_command(capsys):
    text = help_of(capsys)
    assert "Grade interactive console programs" in text and "The command line" not in text
    assert all(re.search(rf"^    {name}\b", text, re.M) for name in COMMAND_NAMES)


def test_check_help_gives_its_three_exit_statuses(capsys):
    statuses = help_of(capsys, "check").split("\nexit status:\n")[1]
    assert "  0  every point was earned" in statuses
    assert "  1  points were lost" in statuses
    assert "  2  could not run" in statuses


def test_handout_and_gradescope_each_describe_themselves(capsys):
    handout, gradescope = help_of(capsys, "handout"), help_of(capsys, "gradescope")
    describe = [text.split("\n\n")[1] for text in (handout, gradescope)]
    assert "students receive" in describe[0] and "Gradescope" in describe[1] and describe[0] != describe[1]


RUN_INTERNALS = ("--limit", "--require-sandbox", "--wait-method", "--transport", "--launch")


@pytest.mark.parametrize("name", ["check", "grade"])
def test_the_sandbox_and_transport_internals_come_last_in_their_own_group(capsys, name):
    """The options everyone needs are read first; the usage line names only them."""
    text = help_of(capsys, name)
    usage = text.split("\n\n")[0]
    common, advanced = text.split("\nexamples:\n")[0].split("\nadvanced options:\n")
    assert "--assignment DIR" in common and "--jobs N" in common and "--assignment" in usage
    assert [option for option in RUN_INTERNALS if option in common or option in usage] == []
    assert [option for option in RUN_INTERNALS if f"\n  {option}" not in advanced] == []


def test_check_s_options_for_platforms_are_advanced_too(capsys):
    common, advanced = help_of(capsys, "check").split("\nadvanced options:\n")
    platform = ("--student-view", "--variant-from-metadata", "--variant-of", "--variant-from-data")
    assert [option for option in platform if option in common or f"\n  {option}" not in advanced] == []
