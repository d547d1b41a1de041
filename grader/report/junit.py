"""JUnit XML for CI systems that read it (GitLab, Jenkins, GitHub test reporters): one testcase per spec.

A spec the program fails is a `<failure>` (the student's failure, whatever its kind: wrong output, crash,
hang); `<error>` is kept for the grader being unable to grade at all. Student output can hold any
character, including ones XML 1.0 forbids (escape sequences, NUL): those are written as visible `\\xNN`."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from grader.judge.judging import Verdict, total
from grader.report.text import spec_feedback

_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    return _NOT_XML.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


def _document(suite: ET.Element) -> str:
    root = ET.Element("testsuites", {key: suite.get(key, "0") for key in ("tests", "failures", "errors")})
    root.set("name", suite.get("name", "grader"))
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def junit_xml(verdicts: list[Verdict], suite_name: str, reveal_hidden: bool = False) -> str:
    """One testsuite of the specs in order; hidden specs show their details only with `reveal_hidden`."""
    score, maximum = total(verdicts)
    failures = sum(not verdict.passed for verdict in verdicts)
    suite = ET.Element("testsuite", {
        "name": xml_text(suite_name), "tests": str(len(verdicts)), "failures": str(failures),
        "errors": "0", "skipped": "0",
    })
    properties = ET.SubElement(suite, "properties")
    ET.SubElement(properties, "property", {"name": "score", "value": f"{score:g}"})
    ET.SubElement(properties, "property", {"name": "max_score", "value": f"{maximum:g}"})
    for verdict in verdicts:
        spec = verdict.spec
        case = ET.SubElement(suite, "testcase", {
            "classname": xml_text(f"{suite_name}.specs"), "name": xml_text(f"{spec.id}: {spec.name}"),
        })
        if verdict.passed:
            continue
        shown = reveal_hidden or not spec.hidden
        message = f"{verdict.kind}: {verdict.message}" if shown else "failed (a hidden test: no details)"
        failure = ET.SubElement(case, "failure", {"message": xml_text(message), "type": xml_text(verdict.kind if shown else "hidden")})
        failure.text = xml_text("\n".join(spec_feedback(verdict, reveal_hidden)))
    return _document(suite)


def junit_error(suite_name: str, message: str) -> str:
    """A run the grader could not complete: one test in error, so CI shows it is not a student failure."""
    suite = ET.Element("testsuite", {"name": xml_text(suite_name), "tests": "1", "failures": "0", "errors": "1", "skipped": "0"})
    case = ET.SubElement(suite, "testcase", {"classname": xml_text(f"{suite_name}.grader"), "name": "grading"})
    ET.SubElement(case, "error", {"message": xml_text(message), "type": "grader error"})
    return _document(suite)
