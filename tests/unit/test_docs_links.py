"""Every relative link in the project's Markdown leads somewhere: the file or folder exists and an
`#anchor` names a heading of it, in the READMEs of the repository, docs/ and the handout students
receive (whose links are checked in the handout as built, where its README lands at the top)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from grader.platforms.handout import build_handout
from grader.spec.assignment import load_assignment

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def links(markdown: str) -> list[str]:
    """The link targets of a Markdown text, outside code blocks and code spans."""
    prose = CODE_SPAN.sub("", FENCE.sub("", markdown))
    return LINK.findall(prose)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading's anchor; a repeated heading gets -1, -2... as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", markdown)):
        base = slug(heading)
        count = seen.get(base, 0)
        found.add(base if count == 0 else f"{base}-{count}")
        seen[base] = count + 1
    return found


def broken(page: Path) -> list[str]:
    """The relative links of `page` that lead nowhere, each with why."""
    problems = []
    for target in links(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: not ours to check
            continue
        path, _, anchor = unquote(target).partition("#")
        destination = (page.parent / path).resolve() if path else page
        if not destination.exists():
            problems.append(f"{target}: no such file or folder")
        elif anchor and (destination.is_dir() or anchor not in anchors(destination.read_text(encoding="utf-8"))):
            problems.append(f"{target}: no heading #{anchor} there")
    return problems


@pytest.mark.parametrize("text, expected", [
    ("See [a](docs/a.md) and [b](b.md#part).", ["docs/a.md", "b.md#part"]),
    ("[site](https://example.org) ![img](x.png)", ["https://example.org"]),
    ("`[not](a.md)` and\n```\n[nor](b.md)\n```\n[yes](c.md \"title\")", ["c.md"]),
    ("[folder](docs/platforms/)", ["docs/platforms/"]),
])
def test_links_are_found_in_prose_only(text, expected):
    assert links(text) == expected


@pytest.mark.parametrize("heading, anchor", [
    ("Where your program must be", "where-your-program-must-be"),
    ("Every `assignment.yaml` key", "every-assignmentyaml-key"),
    ("Referees: when the output cannot be written in advance", "referees-when-the-output-cannot-be-written-in-advance"),
    ("1. Say what the program is", "1-say-what-the-program-is"),
    ("Limits", "limits"),
])
def test_anchors_are_github_s(heading, anchor):
    assert slug(heading) == anchor


def test_a_repeated_heading_gets_a_number():
    assert anchors("# A\n## Tests\n## Tests\n```\n# not a heading\n```\n") == {"a", "tests", "tests-1"}


def test_a_broken_link_is_caught(tmp_path):
    (tmp_path / "there.md").write_text("# Here\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md#here) [gone](gone.md) [bad anchor](there.md#nowhere) [self](#x)\n# X\n",
                    encoding="utf-8")
    assert broken(page) == ["gone.md: no such file or folder", "there.md#nowhere: no heading #nowhere there"]


PAGES = sorted({ROOT / "README.md", ROOT / "specs" / "README.md", ROOT / "student_template" / "README.md",
                *ROOT.glob("docs/**/*.md"), *ROOT.glob("assignments/*/student_template/README.md")})


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_of_the_repository_resolves(page):
    assert broken(page) == []


def test_docs_are_all_checked():
    assert {"students.md", "instructors.md", "writing-specs.md", "sandbox.md", "waiting.md", "speed.md",
            "architecture.md"} <= {page.name for page in PAGES}


def test_every_relative_link_of_the_handout_resolves(tmp_path):
    """The handout's README comes from grader/templates/handout/ but is read at the handout's top (every
    assignment's handout gets the same one; their student_template/README.md are checked in place above)."""
    digits = load_assignment(ROOT)
    handout = build_handout(tmp_path / "handout", digits.specs, digits)
    pages = sorted(handout.rglob("README.md"))
    assert handout / "README.md" in pages and handout / "student_template" / "README.md" in pages
    assert {str(page.relative_to(handout)): broken(page) for page in pages} == {
        str(page.relative_to(handout)): [] for page in pages}


def test_the_readme_stays_a_front_page():
    """The README says what the grader is and where to read on; the rest lives in docs/ (issue 18)."""
    assert len((ROOT / "README.md").read_bytes()) <= 6 * 1024
