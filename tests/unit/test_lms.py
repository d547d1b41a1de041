"""Canvas and Moodle import files and the roster they read: matching, scaling, and every student who
cannot be placed listed, never dropped. The rendered files themselves are golden (tests/golden/lms/);
the command that writes them is tested in tests/system/test_lms_command.py."""

from __future__ import annotations

import csv
import io

import pytest

from golden.lms_cases import FOLDER, roster, the_class
from grader.base.errors import UsageError
from grader.report.lms import canvas_csv, feedback_text, moodle_csv, scaled
from grader.report.results import Results, TestResult
from grader.report.roster import parse_roster

TEMPLATE = (FOLDER / "canvas-export.csv").read_text(encoding="utf-8")


@pytest.mark.parametrize("text, message", [
    ("", "needs a `student` column"),
    ("name,email\nAda,ada@x\n", "needs a `student` column"),
    ("student,email,email\nada,a,b\n", "column(s) named twice: email"),
    ("student,email\nada,a\nada,b\n", "line 3: student ada is listed twice"),
    ("student,email\n,a\n", "line 2: no student id"),
    ("student,email\nada,a,extra\n", "line 2: 3 cells but the header names 2"),
])
def test_a_malformed_roster_is_named_with_its_line(text: str, message: str):
    with pytest.raises(UsageError, match=r"roster\.csv.*" + message.replace("(", r"\(").replace(")", r"\)")):
        parse_roster(text, "roster.csv")


def test_roster_keeps_extra_columns_skips_blank_lines_and_a_byte_order_mark():
    parsed = parse_roster("\ufeffstudent,email,variant\n\nada,ada@x,B\nbea,,A\n", "r.csv")
    assert parsed.entries == {"ada": {"email": "ada@x", "variant": "B"}, "bea": {"variant": "A"}}
    assert parsed.index("email") == {"ada@x": "ada"}
    with pytest.raises(UsageError, match="students ada and bea share the email 'x'"):
        parse_roster("student,email\nada,x\nbea,x\n", "r.csv").index("email")


@pytest.mark.parametrize("score, top, points, expected", [(10, 35, None, "10"), (10, 35, 20, "5.71"),
                                                          (35, 35, 100, "100"), (0, 0, 10, "0"), (2.5, 5, 1, "0.5")])
def test_scores_scale_to_the_lms_points(score: float, top: float, points: float | None, expected: str):
    assert scaled(Results(score=score, max_score=top), points) == expected


def test_feedback_names_at_most_eight_failed_specs():
    from golden.lms_cases import SPECS, results
    many = Results(score=0, max_score=35, tests=results(False, False, False).tests * 4)
    assert feedback_text(many).endswith("and 4 more") and SPECS[0][1] in feedback_text(many)


def test_canvas_export_needs_the_one_assignment_column():
    with pytest.raises(UsageError, match=r"2 assignment columns; choose one with --column .*Mastermind \(4821\), Quiz 1 \(4822\)"):
        canvas_csv(TEMPLATE, "export.csv", the_class(), roster())
    with pytest.raises(UsageError, match="no assignment column 'Homework'"):
        canvas_csv(TEMPLATE, "export.csv", the_class(), roster(), column="Homework")
    by_name = canvas_csv(TEMPLATE, "export.csv", the_class(), roster(), column="Mastermind (4821)")
    assert by_name.text == canvas_csv(TEMPLATE, "export.csv", the_class(), roster(), column="4821").text
    with pytest.raises(UsageError, match="not a Canvas gradebook export"):
        canvas_csv("student,score\nada,1\n", "gradebook.csv", the_class(), roster())
    with pytest.raises(UsageError, match="needs one of the columns canvas_id, sis_user_id, sis_login_id"):
        canvas_csv(TEMPLATE, "export.csv", the_class(), parse_roster("student,email\nada,a\n", "r.csv"), column="4821")


def test_canvas_points_come_from_the_option_over_the_export():
    rows = list(csv.reader(io.StringIO(canvas_csv(TEMPLATE, "e.csv", the_class(), roster(), 10, "4821").text)))
    assert rows[1] == ["    Points Possible", "", "", "", "", "10"]
    assert rows[3][0] == "Kernighan, Brian" and rows[3][-1] == "2.86"


def test_canvas_matches_by_sis_login_when_the_roster_has_only_that():
    logins = parse_roster("student,sis_login_id\nada,ada\nbrian,bwk\n", "r.csv")
    export = canvas_csv(TEMPLATE, "e.csv", the_class(), logins, column="4821")
    assert export.written == 2
    assert "chen" in export.unmatched.not_in_roster and "Farah, Nour (SIS Login ID nfarah)" in export.unmatched.without_results


def test_moodle_needs_its_identifier_in_the_roster():
    with pytest.raises(UsageError, match="no `idnumber` column"):
        moodle_csv(the_class(), parse_roster("student,email\nada,a\n", "r.csv"), "idnumber")
    export = moodle_csv(the_class(), roster(), "idnumber")
    assert export.text.splitlines()[0] == "ID number,Grade,Feedback"
    assert export.text.splitlines()[1].startswith("20231010,25,")




def test_feedback_lists_one_failed_spec_a_line_whatever_its_name_holds():
    failed = [TestResult(f"s{i}", name, 0, 5, False, "") for i, name in enumerate(["Wins, then loses", "Two\nlines"])]
    assert feedback_text(Results(score=0, max_score=10, tests=tuple(failed))).splitlines() == [
        "Autograder: 0 of 10 points, 0 of 2 specs passed. Failed:", "- Wins, then loses", "- Two\\x0alines"]
