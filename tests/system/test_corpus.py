"""The suite against the corpus of known submissions (tests/submissions/): every correct one earns full
marks on every spec, every known mistake loses points on the visible spec written for its rule, with a
report that names the input that exposed it, and every entry whose note sets a share of the points earns
that share. `python3 -m grader mutants` shows the whole catch table.

Hangers (hang-*) are graded with mutants.HANG_STEP_TIMEOUT instead of the specs' 10 s step timeout: they
answer every step they answer at all in milliseconds, so the steps they hang in are the only ones the
shorter limit touches, and those are hangs under either limit. The verdict is the same; the wait is not.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from graded_corpus import BY_NAME, CHECK_TITLE, CORPUS, IN_CORPUS, ROOT, SPECS, TABLE, verdicts_of
from grader.judge.judging import (CRASH, EARLY_EXIT, EXIT_STATUS, HANG, MISMATCH, PASSED, SYNTAX, WANTS_INPUT, Verdict,
                                  shown_input)
from grader.base.errors import UsageError
from grader.grading.corpus import FAIL, PASS, analyse, earned_share, load_corpus, matrix_rows, render, suite_table
from grader.spec.notes import AT_LEAST, AT_MOST, LESS_THAN, Share, parse_rules, parse_share, share_problem
from grader.report.rule_matrix import broken_rules, isolation_problems
from grader.report.text import failure_details, render_text

POINTER = "<- the output after this one is where it went wrong"

# For each known mistake: the visible spec whose failure tells the student which rule was broken, the
# input after which the difference shows (None: at start-up), and how the spec fails.
CATCHERS: dict[str, tuple[str, str | None, str]] = {
    "beginner-atexit-thanks-line": ("01-example-game", "1234", MISMATCH),
    "beginner-banner-and-prompts": ("01-example-game", None, MISMATCH),
    "beginner-bare-except-catches-exit": ("02-win-on-first-guess", "5830", WANTS_INPUT),
    "beginner-centered-banner-terminal-width": ("01-example-game", None, MISMATCH),
    "beginner-cls-on-linux": ("01-example-game", "1234", MISMATCH),
    "beginner-colours-only-on-a-tty": ("01-example-game", "123", MISMATCH),
    "beginner-cp1252-accented-comments": ("01-example-game", None, SYNTAX),
    "beginner-emoji-win-line": ("01-example-game", "1234", MISMATCH),
    "beginner-getpass-key": ("01-example-game", "1234", MISMATCH),
    "beginner-int-try-except": ("08-non-digit-message", "-123", MISMATCH),
    "beginner-os-clear-counts-invalid": ("06-invalid-entries-do-not-count", "6745", EARLY_EXIT),
    "beginner-play-again-recursion": ("02-win-on-first-guess", "5830", WANTS_INPUT),
    "beginner-seeded-random-encouragement": ("01-example-game", "4321", MISMATCH),
    "beginner-separator-lines": ("01-example-game", "4321", MISMATCH),
    "beginner-unflushed-prompt-then-crash": ("08-non-digit-message", "1b34", CRASH),
    "beginner-utf16-notepad-unicode": ("01-example-game", None, SYNTAX),
    "bug-adjacent-duplicates-only": ("10-duplicate-digits-message", "1213", MISMATCH),
    "bug-blank-line-after-history": ("01-example-game", "4321", MISMATCH),
    "bug-digits-checked-before-length": ("11-message-order", "12a45", MISMATCH),
    "bug-duplicates-before-digits": ("11-message-order", "11a3", MISMATCH),
    "bug-error-message-swapped": ("10-duplicate-digits-message", "1123", MISMATCH),
    "bug-exist-includes-position": ("03-scoring", "1563", MISMATCH),
    "bug-exist-only-looks-right": ("03-scoring", "1563", MISMATCH),
    "bug-exist-position-swapped": ("03-scoring", "2156", MISMATCH),
    "bug-exit-status-one": ("02-win-on-first-guess", "5830", EXIT_STATUS),
    "bug-guess-as-int": ("14-leading-zeros", "0123", MISMATCH),
    "bug-guess-not-stripped": ("12-spaces-in-guesses", "  4321  ", MISMATCH),
    "bug-history-after-invalid": ("15-history", "3814a", MISMATCH),
    "bug-history-bare-numbers": ("01-example-game", "4321", MISMATCH),  # counts read by behaviour: the screen only
    "bug-history-latest-only": ("15-history", "3156", MISMATCH),
    "bug-history-newest-first": ("15-history", "3156", MISMATCH),
    "bug-history-only-on-win": ("15-history", "9027", MISMATCH),
    "bug-int-check-accepts-signs": ("08-non-digit-message", "-123", MISMATCH),
    "bug-invalid-entry-counts-as-guess": ("06-invalid-entries-do-not-count", "6745", EARLY_EXIT),
    "bug-isdigit-accepts-arabic-digits": ("09-non-ascii-digits", "١٢٣٤", MISMATCH),
    "bug-isnumeric-accepts-arabic-digits": ("09-non-ascii-digits", "١٢٣٤", MISMATCH),
    "bug-key-as-int": ("14-leading-zeros", "0459", MISMATCH),
    "bug-key-not-stripped": ("13-key-with-spaces", "2468", MISMATCH),
    "bug-loss-line-without-key": ("05-loss-after-twelve-guesses", "0213", MISMATCH),
    "bug-loss-via-sys-exit": ("05-loss-after-twelve-guesses", "0213", EXIT_STATUS),
    "bug-message-typo-digit": ("07-length-message", "123", MISMATCH),
    "bug-one-line-two-messages": ("07-length-message", "123", MISMATCH),
    "bug-only-eleven-guesses": ("04-win-on-twelfth-guess", "8769", EARLY_EXIT),
    "bug-only-ten-guesses": ("04-win-on-twelfth-guess", "8796", EARLY_EXIT),
    "bug-prompt-capital-g": ("01-example-game", "1234", MISMATCH),
    "bug-prompt-newline": ("01-example-game", "1234", MISMATCH),
    "bug-prompt-no-trailing-space": ("01-example-game", "1234", MISMATCH),
    "bug-prompt-not-flushed": ("01-example-game", None, MISMATCH),
    "bug-removes-inner-spaces": ("12-spaces-in-guesses", "1 2 3 4", MISMATCH),
    "bug-singular-guess-when-one": ("02-win-on-first-guess", "5830", MISMATCH),
    "bug-strips-only-newline": ("12-spaces-in-guesses", "  4321  ", MISMATCH),
    "bug-thirteen-guesses": ("05-loss-after-twelve-guesses", "0213", WANTS_INPUT),
    "bug-trailing-space-in-history": ("01-example-game", "4321", MISMATCH),
    "bug-twelfth-correct-guess-loses": ("04-win-on-twelfth-guess", "9876", MISMATCH),
    "bug-win-count-off-by-one": ("02-win-on-first-guess", "5830", MISMATCH),
    "bug-win-message-before-history": ("15-history", "3814", MISMATCH),
    "bug-win-then-loss-line": ("02-win-on-first-guess", "5830", MISMATCH),
    "cosmetic-blank-line-after-history": ("01-example-game", "4321", MISMATCH),
    "cosmetic-blank-lines-hide-key": ("01-example-game", "1234", MISMATCH),
    "cosmetic-clear-screen": ("01-example-game", "1234", MISMATCH),
    "cosmetic-other-guess-prompt": ("01-example-game", "1234", MISMATCH),
    "cosmetic-own-key-prompt": ("01-example-game", None, MISMATCH),
    "cosmetic-welcome-banner": ("01-example-game", None, MISMATCH),
    "crash-indexerror-short-guess": ("07-length-message", "123", CRASH),
    "crash-int-on-non-digit": ("08-non-digit-message", "1b34", CRASH),
    "hang-busy-loop-after-win": ("02-win-on-first-guess", "5830", HANG),
    "hang-sleeps-after-last-line": ("02-win-on-first-guess", "5830", HANG),
    # A presentation slip plus a rule bug: the rule spec sees the bug through the slip.
    "mixed-banner-only-eleven-guesses": ("04-win-on-twelfth-guess", "8769", EARLY_EXIT),
    "mixed-blank-line-digits-before-length": ("11-message-order", "12a45", MISMATCH),
    "mixed-blank-lines-isdigit": ("09-non-ascii-digits", "١٢٣٤", MISMATCH),
    "mixed-clear-screen-invalid-counts": ("06-invalid-entries-do-not-count", "6745", EARLY_EXIT),
    "mixed-guess-prompt-key-not-stripped": ("13-key-with-spaces", "2468", MISMATCH),
    "mixed-key-prompt-exist-includes-position": ("03-scoring", "1563", MISMATCH),
    "real-ansi-colours": ("01-example-game", "4321", MISMATCH),
    "real-giant-loop-int-check": ("08-non-digit-message", "-123", MISMATCH),
    "real-globals-own-prompts": ("01-example-game", None, MISMATCH),
    "real-history-only-at-end": ("15-history", "3156", MISMATCH),
    "real-newlines-hide-key": ("01-example-game", "1234", MISMATCH),
    "real-os-clear-hides-key": ("01-example-game", "1234", MISMATCH),
    "real-range12-counts-invalid": ("06-invalid-entries-do-not-count", "6745", EARLY_EXIT),
    "real-set-blank-line-between-turns": ("01-example-game", "4321", MISMATCH),
    "real-trailing-space-in-message": ("01-example-game", "1b34", MISMATCH),
    "real-while-true-key-not-stripped": ("13-key-with-spaces", "2468", MISMATCH),
    "syntax-missing-colon": ("01-example-game", None, SYNTAX),
}


# Every test here runs in the worker that grades the corpus (see tests/system/graded_corpus.py).
pytestmark = IN_CORPUS

def _ids(kind: str) -> list:
    return [pytest.param(entry, id=entry.name) for entry in CORPUS if entry.expected == kind]


def test_corpus_is_big_and_every_entry_is_known():
    assert len(CORPUS) >= 30
    assert {e.name for e in CORPUS if e.expected == PASS} and {e.name for e in CORPUS if e.expected == FAIL}
    for name, (spec_id, _, _) in CATCHERS.items():
        assert spec_id in SPECS, f"{name}: its catcher {spec_id} is not a spec any more"
        assert not SPECS[spec_id].hidden, f"{name}: a hidden spec cannot tell the student which rule"
        assert SPECS[spec_id].rule in broken_rules(BY_NAME[name].rules, TABLE), \
            f"{name}: its catcher {spec_id} grades {SPECS[spec_id].rule}, not a rule its note names"


@pytest.mark.parametrize("entry", _ids(PASS))
def test_correct_submission_earns_full_marks(entry):
    verdicts = verdicts_of(entry.name)
    failed = [v for v in verdicts if not v.passed]
    assert not failed, f"{entry.name} ({entry.note}) loses points:\n" + "\n".join(
        "\n".join([f"[{v.spec.id}]"] + failure_details(v)) for v in failed)


@pytest.mark.parametrize("entry", _ids(FAIL))
def test_known_mistake_loses_points_where_its_rule_is_checked(entry):
    verdicts = {verdict.spec.id: verdict for verdict in verdicts_of(entry.name)}
    if entry.name not in CATCHERS:
        # An entry added without a catcher yet: it must at least lose points somewhere.
        assert any(not v.passed for v in verdicts.values()), f"{entry.name} ({entry.note}) earns full marks"
        return
    spec_id, exposing_input, kind = CATCHERS[entry.name]
    verdict = verdicts[spec_id]
    details = failure_details(verdict) if not verdict.passed else []
    assert not verdict.passed, f"{entry.name} ({entry.note}) passes {spec_id}"
    assert verdict.kind == kind, "\n".join([f"{entry.name}: expected {kind}, got {verdict.kind}"] + details)
    if exposing_input is None:
        assert not any(line.startswith("Inputs typed") for line in details)
        assert "Output at start-up, before any input:" in details, "\n".join(details)
    else:
        pointed = [line for line in details if line.endswith(POINTER)]
        assert "Inputs typed, in order:" in details, "\n".join(details)
        assert pointed and shown_input(exposing_input) in pointed[0], "\n".join(details)


def test_a_note_that_is_not_utf8_is_still_read(tmp_path: Path):
    entry = tmp_path / "bug-odd-note"
    entry.mkdir()
    (entry / "mastermind.py").write_text("print()\n")
    (entry / "note.txt").write_bytes(b"FAIL: caf\xe9 encoding\n")
    [loaded] = load_corpus(tmp_path)
    assert loaded.expected == FAIL and "caf" in loaded.note


def share_of(name: str) -> float:
    """The share of all the points (hidden specs included) a corpus entry earns."""
    return earned_share(list(verdicts_of(name)))


def test_every_known_mistake_names_the_rules_it_breaks():
    unnamed = [e.name for e in CORPUS if e.expected == FAIL and not e.rules]
    assert not unnamed, f"FAIL entries without a 'rule:' line in their note: {unnamed}"
    assert {rule for e in CORPUS for rule in e.rules} >= {row.rule for row in TABLE if row.specs}, \
        "every rule with a spec has a corpus entry that breaks it"


@pytest.mark.parametrize("entry", [pytest.param(e, id=e.name) for e in CORPUS if e.rules])
def test_a_known_mistake_loses_points_where_its_rules_are_graded_and_only_there(entry):
    """Issue 19: an entry loses points in no spec of a rule its note does not name (the presentation
    specs play whole games, so any rule bug may show there too), and in some spec of each rule it names."""
    [row] = matrix_rows([entry], {entry.name: list(verdicts_of(entry.name))})
    problems = isolation_problems(row, list(SPECS.values()), TABLE)
    assert not problems, f"{entry.name} (rule: {', '.join(entry.rules)}): " + "; ".join(problems)


@pytest.mark.parametrize("entry", [pytest.param(e, id=e.name) for e in CORPUS if e.share])
def test_entry_earns_the_share_its_note_expects(entry):
    others = {entry.share.other: share_of(entry.share.other)} if entry.share.relation == LESS_THAN else {}
    problem = share_problem(entry.share, share_of(entry.name), others)
    assert problem is None, f"{entry.name} ({entry.note}): {problem}"


def test_every_kind_of_variant_has_an_expected_share():
    """The six presentation slips of issue 9, and each of them paired with a rule bug."""
    cosmetic = [e for e in CORPUS if e.kind == "cosmetic"]
    mixed = [e for e in CORPUS if e.kind == "mixed"]
    assert len(cosmetic) >= 6 and all(e.share == Share(AT_LEAST, 80) for e in cosmetic)
    assert {e.share.other for e in mixed if e.share and e.share.relation == LESS_THAN} == {e.name for e in cosmetic}


# What the `check` report of each presentation slip must show: the slip itself, as the diff draws it.
SLIPS_SHOWN = {
    "cosmetic-blank-line-after-history": "+ ↵",
    "cosmetic-blank-lines-hide-key": "↵ ×100",
    "cosmetic-clear-screen": "[2J",
    "cosmetic-other-guess-prompt": "Please enter your guess:",
    "cosmetic-own-key-prompt": "Enter number to be guessed:",
    "cosmetic-welcome-banner": "Welcome to MASTERMIND!",
}


@pytest.mark.parametrize("name", sorted(SLIPS_SHOWN))
def test_a_presentation_slip_gets_a_short_report_that_names_it(name):
    """Issue 9: at most 60 lines, every rule spec passed, the exact game failed on the slip. The report is
    `check --visible-only`'s, as tests/system/test_report_budget.py shows it is, the command's own."""
    assert BY_NAME[name].kind == "cosmetic"
    visible = [verdict for verdict in verdicts_of(name) if not verdict.spec.hidden]
    report = render_text(visible, CHECK_TITLE)
    assert len(report.splitlines()) <= 60, report
    assert [line.split()[1] for line in report.splitlines() if line.startswith("FAIL  ")] == ["01-example-game"], report
    assert SLIPS_SHOWN[name] in report, report


@pytest.mark.parametrize("text, share", [
    ("at least 80%", Share(AT_LEAST, 80)),
    (" at most 12.5 % ", Share(AT_MOST, 12.5)),
    ("less than cosmetic-banner", Share(LESS_THAN, other="cosmetic-banner")),
])
def test_share_rules_are_read(text, share):
    assert parse_share(text) == share


@pytest.mark.parametrize("text", ["80%", "at least 80", "at least 120%", "more than 50%", "less than"])
def test_a_malformed_share_is_refused(text):
    with pytest.raises(ValueError):
        parse_share(text)


@pytest.mark.parametrize("share, earned, others, problem", [
    (Share(AT_LEAST, 80), 0.8, {}, None),
    (Share(AT_LEAST, 80), 0.79, {}, "earns 79% of the points, expected at least 80%"),
    (Share(AT_MOST, 40), 0.5, {}, "earns 50% of the points, expected at most 40%"),
    (Share(LESS_THAN, other="slip"), 0.7, {"slip": 0.9}, None),
    (Share(LESS_THAN, other="slip"), 0.9, {"slip": 0.9}, "earns 90% of the points, expected less than slip (90%)"),
    (Share(LESS_THAN, other="slip"), 0.9, {}, None),  # the other entry was not graded: nothing to compare
])
def test_share_problems_are_named(share, earned, others, problem):
    assert share_problem(share, earned, others) == problem


def test_a_share_line_is_read_and_checked(tmp_path: Path):
    for name, note in [("cosmetic-slip", "FAIL: a slip\nshare: at least 80%\n"),
                       ("mixed-slip-bug", "FAIL: a slip and a bug\nshare: less than cosmetic-slip\n")]:
        (tmp_path / name).mkdir()
        (tmp_path / name / "note.txt").write_text(note, encoding="utf-8")
    loaded = {entry.name: entry for entry in load_corpus(tmp_path)}
    assert loaded["cosmetic-slip"].note == "FAIL: a slip" and loaded["cosmetic-slip"].share == Share(AT_LEAST, 80)
    assert loaded["mixed-slip-bug"].share == Share(LESS_THAN, other="cosmetic-slip")


@pytest.mark.parametrize("lines, message", [
    ("share: about half", "note.txt, line 2: share must be"),
    ("points: 80%", "note.txt, line 2: after the first line, only one 'rule: ...' and one 'share: ...' line may follow"),
    ("rule: scoring\nrule: loss", "note.txt, line 3: after the first line, only one 'rule: ...'"),
    ("rule: scoring,, loss", "note.txt, line 2: rule must name one or more rules, each once"),
    ("rule: spelling", "note.txt, line 2: spelling: not a rule of the suite"),
    ("share: less than nobody", "share: no corpus entry named nobody"),
])
def test_a_bad_share_line_is_named(tmp_path: Path, lines, message):
    (tmp_path / "bug-x").mkdir()
    (tmp_path / "bug-x" / "note.txt").write_text(f"FAIL: x\n{lines}\n", encoding="utf-8")
    with pytest.raises(UsageError, match=re.escape(message)):
        load_corpus(tmp_path, {row.rule for row in TABLE})


@pytest.mark.parametrize("text, rules", [
    ("scoring", ("scoring",)),
    (" presentation,  loss ", ("presentation", "loss")),
    ("all", ("all",)),
])
def test_rule_lines_are_read(text, rules):
    assert parse_rules(text, {"scoring", "presentation", "loss"}) == rules


@pytest.mark.parametrize("text", ["", "scoring, scoring", "all, scoring", "scoring, spelling"])
def test_a_malformed_rule_line_is_refused(text):
    with pytest.raises(ValueError):
        parse_rules(text, {"scoring", "presentation", "loss"})


def test_a_pass_entry_names_no_rule(tmp_path: Path):
    (tmp_path / "ok-x").mkdir()
    (tmp_path / "ok-x" / "note.txt").write_text("PASS: fine\nrule: scoring\n", encoding="utf-8")
    with pytest.raises(UsageError, match="a PASS entry breaks no rule"):
        load_corpus(tmp_path)


def test_mutants_flags_an_entry_outside_its_share(tmp_path: Path):
    """A slip that costs more than its note allows is a flag, shown in its row of the table."""
    for name, note in [("cosmetic-slip", "FAIL: a slip\nshare: at least 80%"), ("mixed-slip-bug", "FAIL: a slip and a bug\nshare: less than cosmetic-slip")]:
        (tmp_path / name).mkdir()
        (tmp_path / name / "note.txt").write_text(note, encoding="utf-8")
    entries = load_corpus(tmp_path)
    specs = [SPECS["01-example-game"], SPECS["03-scoring"]]  # 10 and 12 points
    lose_first = [Verdict(specs[0], MISMATCH, "differs"), Verdict(specs[1], PASSED, "")]
    results = {"cosmetic-slip": lose_first, "mixed-slip-bug": lose_first}
    analysis = analyse(entries, specs, results)
    assert analysis.shares == {"cosmetic-slip": 12 / 22, "mixed-slip-bug": 12 / 22}
    assert analysis.flags == [
        "cosmetic-slip: earns 55% of the points, expected at least 80%",
        "mixed-slip-bug: earns 55% of the points, expected less than cosmetic-slip (55%)",
        "03-scoring: this spec catches no FAIL entry",
    ]
    table = render(entries, specs, results, analysis)
    assert re.search(r"cosmetic-slip .* SHARE +55% \(at least 80%\)", table), table
    assert re.search(r"mixed-slip-bug .* SHARE +55% \(less than cosmetic-slip\)", table), table


def test_mutants_flags_an_entry_that_loses_points_outside_its_rules(tmp_path: Path):
    """Given the rules table, an entry that loses points in another rule's spec, or none in its own
    rule's, is a flag, and its row says RULES; a rule bug that shows in the exact game is no flag."""
    for name, note in [("bug-scoring", "FAIL: a scoring bug that shows only in the exact game\nrule: scoring"),
                       ("cosmetic-slip", "FAIL: a slip the scoring spec charges\nrule: presentation"),
                       ("bug-shown", "FAIL: a scoring bug shown in its spec and the exact game\nrule: scoring")]:
        (tmp_path / name).mkdir()
        (tmp_path / name / "note.txt").write_text(note, encoding="utf-8")
    entries = load_corpus(tmp_path, {row.rule for row in TABLE})
    specs = [SPECS["01-example-game"], SPECS["03-scoring"]]
    table = suite_table(ROOT / "specs", specs)
    first = [Verdict(specs[0], MISMATCH, "differs"), Verdict(specs[1], PASSED, "")]
    both = [Verdict(specs[0], MISMATCH, "differs"), Verdict(specs[1], MISMATCH, "differs")]
    results = {"bug-scoring": first, "cosmetic-slip": both, "bug-shown": both}
    analysis = analyse(entries, specs, results, table)
    assert analysis.flags == [
        "bug-scoring: earns full marks in every spec of scoring, the rule it breaks",
        "cosmetic-slip: loses 12 points in 03-scoring, a spec of scoring, a rule it does not break",
    ]
    shown = render(entries, specs, results, analysis, table)
    assert re.search(r"bug-scoring .* RULES ", shown) and re.search(r"bug-shown .* ok ", shown), shown
    assert shown.index("breaks presentation:") < shown.index("cosmetic-slip") < shown.index("breaks scoring:"), shown
