"""Web specs (grader/spec/web.py) as plain data: what the loader makes of click, press and expect steps,
what it refuses and how it says so (file, line, reason), and how the judge names a page's failures."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from grader.judge.judging import CRASH, HANG, MISMATCH, NO_CONTROL, PASSED, Session, judge
from grader.judge.outcome import Ending
from grader.spec.specs import parse_spec
from grader.spec.web import EMPTY, PAGE, Region, lacking_lines, random_values, region_lines, region_reading, visible_lines
from grader.spec.yaml_lines import WEB_WORDING, SpecError

HEAD = "name: Web\ndescription: A web spec.\npoints: 4\nvisibility: visible\n"
SPEC = HEAD + """random: {draws: [1, 1, 2, 2]}
steps:
  - expect: {Guesses left: 10 guesses left, Score: 10}
  - click: [Position 1, Colour 3]
  - press: 1
  - press: [Enter]
  - expect:
      Feedback: 1 exact,   2 misplaced
      History: [" 1 2 1 3 — 1 exact, 2 misplaced "]
      Guesses left: []
"""


def test_a_web_spec_becomes_a_transcript_of_actions_and_region_lines():
    spec = parse_spec(SPEC, "web.yaml", "web")
    assert spec.web and spec.random_values == (0.5 / 6, 0.5 / 6, 1.5 / 6, 1.5 / 6)
    assert spec.inputs == ("click: Position 1", "click: Colour 3", "press: 1", "press: Enter")
    assert [tuple(region.name for region in step.regions) for step in spec.steps] == [
        ("Guesses left", "Score"), (), (), (), ("Feedback", "History", "Guesses left")]
    assert not any(region.lacks for step in spec.steps for region in step.regions)
    assert [line.text for line in spec.steps[0].lines] == ["Guesses left: 10 guesses left", "Score: 10"]  # as written
    assert [line.text for line in spec.steps[-1].lines] == [
        "Feedback: 1 exact, 2 misplaced", "History: 1 2 1 3 — 1 exact, 2 misplaced", f"Guesses left: {EMPTY}"]
    assert spec.steps[-1].input is None and spec.steps[-1].exit == 0


@pytest.mark.parametrize(("steps", "line", "message"), [
    ("  - click: Go\n", 6, "step 1: a web spec ends with an `expect`: what the page shows at the end"),
    ("  - click: Go\n    expect: {A: b}\n", 6, "step 1: a web step is one of click, press, expect, alone, got click, expect"),
    ("  - click: Go\n  - input: 12\n  - expect: {A: b}\n", 7, "step 2: a web spec's steps click, press or expect; input belongs to a console program's transcript"),
    ("  - press: Return\n  - expect: {A: b}\n", 6, "step 1, press: 'Return' is not a key: press one character (1, a, +) or one of Enter, Tab, Escape, Backspace, Delete, Space, ArrowLeft, ArrowRight, ArrowUp, ArrowDown, Home, End"),
    ("  - click: ' '\n  - expect: {A: b}\n", 6, "step 1, click: a button's accessible name cannot be blank"),
    ("  - expect: {A: b}\n  - expect: {B: c}\n", 7, "step 2: two `expect`s in a row: name every region in one `expect`"),
    ("  - click: []\n  - expect: {A: b}\n", 6, "step 1, click: a button's accessible name, or a non-empty list of names"),
    ("  - expect: {A: {b: c}}\n", 6, f"step 1, expect, A: {WEB_WORDING['expect']}"),
    ("  - expect: {Feedback: 0 exact, 2 misplaced}\n", 6, f"step 1, expect, 2 misplaced: {WEB_WORDING['expect']}"),
    ("  - expect: {page: [lacks: '']}\n", 6, f"step 1, expect, page: {WEB_WORDING['expect']}"),
    ("  - expect: {page: [lacks: ' ']}\n", 6, "step 1, expect, page: a text a region must not show cannot be blank"),
    ("  - expect: {page: [lacks: 1 1, code]}\n", 6, "step 1, expect, page: a region's list holds its lines or "
     "`{lacks: text}` items only: it is read for its lines or for the texts it must not show, not both"),
])
def test_a_malformed_web_step_is_refused_naming_file_line_and_why(steps, line, message):
    with pytest.raises(SpecError) as raised:
        parse_spec(HEAD + "steps:\n" + steps, "web.yaml", "web")
    assert (raised.value.path, raised.value.line, raised.value.message) == ("web.yaml", line, message)


def test_a_draw_off_the_die_and_random_in_a_console_spec_are_refused():
    with pytest.raises(SpecError, match=r"web.yaml:5: random, draws 2: draw 7 is not a face of a 6-sided die \(1 to 6\)"):
        parse_spec(HEAD + "random: {draws: [1, 7]}\nsteps:\n  - expect: {A: b}\n", "web.yaml", "web")
    with pytest.raises(SpecError, match="`random` seeds a web page's Math.random"):
        parse_spec(HEAD + "random: {draws: [1]}\nsteps:\n  - output: hi\n", "web.yaml", "web")


@pytest.mark.parametrize(("text", "lines"), [
    ("1 exact,  2 misplaced", ("1 exact, 2 misplaced",)),
    ("  one\n\n\t two  \r\nthree ", ("one", "two", "three")),
    ("", ()),
])
def test_visible_lines_keep_words_and_order_not_layout(text, lines):
    assert visible_lines(text) == lines


def test_a_region_reads_as_named_lines_and_an_empty_one_still_shows():
    assert region_lines("History", ("a", "b")) == ["History: a", "History: b"]
    assert region_lines("History", ()) == [f"History: {EMPTY}"]
    assert random_values({"sides": 4, "draws": [1, 4]}) == (0.125, 0.875)


def _session(outputs: tuple[str, ...], end: Ending = Ending.EXITED, note: str = "", picture: bytes = b"") -> Session:
    return Session(outputs, end, exit_status=0 if end == Ending.EXITED else None, timeout=2.0, note=note,
                   screenshot=picture, script="index.html")


def test_the_judge_names_a_pages_failures_by_its_actions():
    spec = parse_spec(SPEC, "web.yaml", "web")
    right = ("Guesses left: 10 guesses left\nScore: 10\n", "", "", "", "".join(line.text + "\n" for line in spec.steps[-1].lines))
    assert judge(spec, _session(right)).kind == PASSED
    wrong = judge(spec, _session(right[:-1] + ("Feedback: 1 exact, 3 misplaced\n",), picture=b"png"))
    assert (wrong.kind, wrong.step, wrong.screenshot) == (MISMATCH, 4, b"png")
    assert wrong.message.startswith("the page after action 4 (press Enter) is not what was expected")
    stuck = judge(spec, _session(right[:3], Ending.TIMEOUT, "the page never settled within 2 s: its DOM kept changing"))
    assert (stuck.kind, stuck.message) == (HANG, "after action 2 (click “Colour 3”), the page never settled within 2 s: its DOM kept changing")
    blocked = judge(spec, _session(right[:1], Ending.BLOCKED, "no button is named “Position 1” on the page"))
    assert (blocked.kind, blocked.message) == (NO_CONTROL, "at load, no button is named “Position 1” on the page")
    crashed = judge(spec, replace(_session(right[:2], note="the page crashed (its renderer died: out of memory, or killed)"),
                                  exit_status=1))
    assert (crashed.kind, crashed.message) == (CRASH, "after action 1 (click “Position 1”), the page crashed (its "
                                                      "renderer died: out of memory, or killed)")


CONTAINS = HEAD + """steps:
  - click: Check guess
  - expect:
      History: [{contains: " 1 2  1 3"}, "4 4 4 4 — 0 exact, 0 misplaced"]
"""


@pytest.mark.parametrize(("history", "kind"), [
    ("History: 1 2 1 3 — 1 exact, 2 misplaced\nHistory: 4 4 4 4 — 0 exact, 0 misplaced\n", PASSED),
    ("History: 1 2 1 3 — 1 correct, 2 wrong place\nHistory: 4 4 4 4 — 0 exact, 0 misplaced\n", PASSED),  # not its rule
    ("History: 1 2 1 4 — 1 exact, 2 misplaced\nHistory: 4 4 4 4 — 0 exact, 0 misplaced\n", MISMATCH),  # another guess
    ("History: 1 2 1 3 — 1 exact, 2 misplaced\n", MISMATCH),  # a line missing
    ("History: 1 2 1 3\nHistory: 4 4 4 4 — 0 exact, 0 misplaced\nHistory: 5 5 5 5\n", MISMATCH),  # one too many
])
def test_a_line_that_contains_its_text_leaves_the_rest_of_the_line_to_other_rules(history, kind):
    spec = parse_spec(CONTAINS, "web.yaml", "web")
    assert [(line.text, line.kind) for line in spec.steps[-1].lines] == [
        ("History: 1 2 1 3", "contains"), ("History: 4 4 4 4 — 0 exact, 0 misplaced", "exact")]
    assert judge(spec, _session(("", history))).kind == kind


def test_a_contains_line_names_its_text():
    with pytest.raises(SpecError, match=re.escape(f"step 2, expect, History: {WEB_WORDING['expect']}")):
        parse_spec(HEAD + "steps:\n  - click: Go\n  - expect: {History: [{has: x}]}\n", "web.yaml", "web")


LACKS = HEAD + """steps:
  - expect:
      page: [lacks: " 6 2  5 1", lacks: "6251"]
      Feedback: []
"""


def test_a_region_read_for_what_it_lacks_expects_one_line_per_text():
    spec = parse_spec(LACKS, "web.yaml", "web")
    assert spec.steps[0].regions == (Region(PAGE, ("6 2 5 1", "6251")), Region("Feedback"))
    assert [(line.text, line.kind) for line in spec.steps[0].lines] == [
        ("page: shows no “6 2 5 1”", "exact"), ("page: shows no “6251”", "exact"), (f"Feedback: {EMPTY}", "exact")]


@pytest.mark.parametrize(("lines", "problem", "read"), [
    (("Colour code", "1 2 3 4 5 6", "10 guesses left"), None, ["page: shows no “6 2 5 1”", "page: shows no “6251”"]),
    ((), None, ["page: shows no “6 2 5 1”", "page: shows no “6251”"]),
    (("History", "code: 6 2 5 1", "secret 6251 6 2 5 1"), None,
     ["page: shows “6 2 5 1”: code: 6 2 5 1", "page: shows “6251”: secret 6251 6 2 5 1"]),
    (("6 2", "5 1"), None, ["page: shows no “6 2 5 1”", "page: shows no “6251”"]),  # a line is what a reader reads as one
    ((), "(nothing on the page is named “page”)", ["page: (nothing on the page is named “page”)"]),  # never a pass
])
def test_a_region_read_for_what_it_lacks_names_the_line_that_shows_it(lines, problem, read):
    assert region_reading(Region(PAGE, ("6 2 5 1", "6251")), lines, problem) == read


def test_a_region_read_for_its_lines_reads_as_before():
    assert region_reading(Region("History"), ("a", "b")) == region_lines("History", ("a", "b"))
    assert region_reading(Region("History"), (), "(“History” is hidden)") == ["History: (“History” is hidden)"]
    assert lacking_lines("Feedback", ("a b",), ()) == []


def test_the_judge_fails_a_page_that_shows_what_it_lacks():
    spec = parse_spec(LACKS, "web.yaml", "web")
    hidden = "".join(line + "\n" for line in region_reading(Region(PAGE, ("6 2 5 1", "6251")), ("10 guesses left",)))
    assert judge(spec, _session((hidden + f"Feedback: {EMPTY}\n",))).kind == PASSED
    shown = "".join(line + "\n" for line in region_reading(Region(PAGE, ("6 2 5 1", "6251")), ("code: 6 2 5 1",)))
    assert judge(spec, _session((shown + f"Feedback: {EMPTY}\n",))).kind == MISMATCH
