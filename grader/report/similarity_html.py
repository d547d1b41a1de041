"""The similarity report, as text (the terminal) and as one self-contained HTML page: the ranked pairs,
the threshold and why, the class's own spread, and each listed pair's programs side by side with the
matched code marked. Worded as what to look at, never as a finding. Everything from a submission (names,
source, strings) is shown escaped: no markup, no invisible or terminal-moving character."""

from __future__ import annotations

import html
from typing import Any, Mapping

from grader.base.escaping import escape_unsafe, safe_name
from grader.base.project import PACKAGE
from grader.report.similarity import LISTED_STRINGS, SIDE_BY_SIDE, THRESHOLD, THRESHOLD_WHY, Pair, Similarity

NOT_A_VERDICT = ("Similar code is a reason to read two programs side by side, not a finding: the template, "
                 "the wording the specs require, a common textbook solution or help the course allows all "
                 "make programs alike.")
SHOWN_PAIRS = 30  # rows of the ranked table beyond the listed pairs


def _rule() -> str:
    return (f"A pair is listed when its code similarity is at least {THRESHOLD:.2f} (the smaller of the two "
            f"shares of each program found in the other), or when the two programs alone hold "
            f"{LISTED_STRINGS} or more unusual strings. Why {THRESHOLD:.2f}: {THRESHOLD_WHY}.")


def _strings(pair: Pair) -> str:
    return "; ".join(repr(safe_name(text)) for text in pair.strings)


def similarity_text(similar: Similarity, top: int = 10) -> str:
    listed = similar.listed
    lines = [f"{len(listed)} pair(s) to look at, of {len(similar.pairs)} compared. {NOT_A_VERDICT}", _rule()]
    if similar.spread:
        lines.append("This class: " + ", ".join(f"{name} {value:.2f}" for name, value in similar.spread.items()) + ".")
    lines.append("")
    for rank, pair in enumerate(similar.pairs[:max(top, len(listed))], start=1):
        mark = "look" if pair.listed else "    "
        line = f"{rank:3}. {mark} {pair.similarity:.2f}  {safe_name(pair.first)} / {safe_name(pair.second)}"
        lines.append(line + (f"  ({len(pair.strings)} unusual string(s) shared: {_strings(pair)})" if pair.strings else ""))
    lines += [f"not compared: {reason}" for reason in similar.not_compared]
    return "\n".join(lines) + "\n"


def _marked(source: str, slices: Any) -> str:
    """The source as HTML with the matched ranges in <mark>, every piece escaped on its own."""
    ranges = sorted(zip(*(list(map(int, row)) for row in slices))) if len(slices) == 2 and len(slices[0]) else []
    out, cursor = [], 0
    for start, end in ranges:
        start = max(start, cursor)
        if end <= start:
            continue
        out += [html.escape(escape_unsafe(source[cursor:start])),
                "<mark>" + html.escape(escape_unsafe(source[start:end])) + "</mark>"]
        cursor = end
    out.append(html.escape(escape_unsafe(source[cursor:])))
    return "".join(out)


def _row(rank: int, pair: Pair) -> str:
    name = f"{html.escape(safe_name(pair.first))} / {html.escape(safe_name(pair.second))}"
    link = f'<a href="#pair-{rank}">{name}</a>' if pair.listed and rank <= SIDE_BY_SIDE else name
    strings = f'<span class="strings">only they hold: {html.escape(_strings(pair))}</span>' if pair.strings else ""
    return (f'<li{" class=look" if pair.listed else ""}><span>{rank}.</span><span>{link}</span>'
            f'<span class="number">{pair.similarity:.2f}</span>'
            f'<span class="number">{pair.shares[0]:.2f} / {pair.shares[1]:.2f}</span>{strings}</li>')


def _side_by_side(rank: int, pair: Pair, sources: Mapping[str, str]) -> str:
    columns = "".join(f"<div><h4>{html.escape(safe_name(student))}</h4><pre>{_marked(sources[student], slices)}</pre></div>"
                      for student, slices in ((pair.first, pair.slices[0]), (pair.second, pair.slices[1])))
    strings = (f"<p>Unusual strings only these two hold: {html.escape(_strings(pair))}</p>" if pair.strings else "")
    return (f'<article class="pair" id="pair-{rank}"><h3>{rank}. {html.escape(safe_name(pair.first))} and '
            f"{html.escape(safe_name(pair.second))}: similarity {pair.similarity:.2f}</h3>{strings}"
            f'<div class="sides">{columns}</div></article>')


def similarity_section(similar: Similarity) -> str:
    """The report's body: what is listed and why, the ranked pairs, the listed ones side by side. The
    class report embeds it as its section on similar submissions; `similar --out` wraps it in a page."""
    pairs, listed = similar.pairs, similar.listed
    rows = "\n".join(_row(rank, pair) for rank, pair in enumerate(pairs[:len(listed) + SHOWN_PAIRS], start=1))
    shown = "\n".join(_side_by_side(rank, pair, similar.sources) for rank, pair in enumerate(listed[:SIDE_BY_SIDE], start=1))
    spread_text = ", ".join(f"{name} {value:.2f}" for name, value in similar.spread.items())
    skipped = "".join(f"<li>{html.escape(reason)}</li>" for reason in similar.not_compared)
    return f"""<section id="similar"><h2>Similar submissions</h2><p>{len(listed)} pair(s) to look at, of {len(pairs)} compared.
{html.escape(NOT_A_VERDICT)}</p><p>{html.escape(_rule())}</p>{f"<p>This class: {spread_text}.</p>" if spread_text else ""}
{f"<p>Not compared:</p><ul>{skipped}</ul>" if skipped else ""}
<p class="hint">Each pair: its rank, the two students, the similarity, each one's share found in the other, and the unusual strings only they hold.</p>
<ol class="pairs">
{rows}
</ol>
<p class="hint">Side by side, marked: code found in both (after identifiers, strings and comments are set aside, and the template removed).</p>
{shown or "<p>No pair reaches the threshold.</p>"}
</section>"""


def similarity_html(similar: Similarity, title: str = "Similar submissions") -> str:
    css = (PACKAGE / "templates" / "report" / "report.css").read_text(encoding="utf-8")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
{css}</style>
</head>
<body>
<header><h1>{html.escape(title)}</h1></header>
<main>
{similarity_section(similar)}
</main>
</body>
</html>
"""
