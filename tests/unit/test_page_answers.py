"""What the grader makes of a web page's answers, as plain data: the page's answer about the buttons of a
name (`__graderControls`, grader/engine/page_hooks.py), trusted only in its one shape, and the origin a
request's address is compared by (grader/engine/routing.py)."""

from __future__ import annotations

import pytest

from grader.engine.page_hooks import controls
from grader.engine.routing import ORIGIN, origin, requested


@pytest.mark.parametrize(("answer", "read"), [
    ("", []),
    ("11 ", [(True, True)]),
    ("10 01 00 ", [(True, False), (False, True), (False, False)]),
    ("11", [(True, True)]),
    # Any other shape is a page that replaced the browser's evaluation: never trusted, never a KeyError.
    ({"0": "not an array"}, None),
    ([[True, True]], None),
    (42, None),
    (None, None),
    ("1 ", None),
    ("111 ", None),
    ("1x ", None),
])
def test_the_answer_about_buttons_is_read_only_in_its_own_shape(answer, read):
    assert controls(answer) == read


@pytest.mark.parametrize(("url", "expected"), [
    (f"{ORIGIN}/index.html?x=1#y", ORIGIN),
    ("https://student.invalid.evil.example/", "https://student.invalid.evil.example"),
    ("https://student.invalid@elsewhere.invalid/", "https://student.invalid@elsewhere.invalid"),
    ("https://elsewhere.invalid/steal?step=1", "https://elsewhere.invalid"),
    ("blob:https://student.invalid/0f3c", "blob://"),
    ("about:blank", "about://"),
    ("file:///etc/passwd", "file://"),
])
def test_an_address_is_compared_by_its_scheme_and_host(url, expected):
    assert origin(url) == expected


@pytest.mark.parametrize("path, relative", [
    ("/", ""),
    ("/index.html", "index.html"),
    ("/a%20b/c.js", "a b/c.js"),
    ("/%00", None),  # no file has a NUL in its name: Path raised ValueError in the route handler
    ("/x%00.html", None),
    ("/" + "a" * 70 * 1024, None),  # past the longest path: OSError
    ("/" + "%C3%A9" * 2048, None),  # 4,096 bytes once unquoted
    ("/%ff.html", "\ufffd.html"),  # not UTF-8: a name that is no file, a 404
])
def test_the_file_a_request_names_or_none_for_a_path_no_file_can_have(path, relative):
    assert requested(path) == relative
