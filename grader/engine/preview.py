"""A check that does not run the way the official grade does (Linux, a pseudo-terminal, /proc showing
when the program waits) is a local preview. Its report says so at the top, and what may differ: pure
text from the transport, how waiting was detected and the program's source."""

from __future__ import annotations

import re
from pathlib import Path

from grader.engine.runner import Options
from grader.spec.assignment import BROWSER
from grader.engine.transport import PIPES, PTY
from grader.engine.waiting import QUIET_PERIOD, proc_shows_waits

# Names whose behaviour depends on having a terminal: through pipes, such a program takes another path.
TERMINAL_ONLY = re.compile(r"\b(isatty|getpass|msvcrt|curses|termios|tty)\b")


def notes_for(options: Options, program: Path) -> list[str]:
    """The preview notes for checking `program` with `options` on this system. A web page is played as
    the official grade plays it wherever it can be played at all (the browser refuses to run unsandboxed)."""
    if options.transport == BROWSER:
        return []
    exact_wait = options.transport == PTY and options.wait_method != "quiet" and proc_shows_waits()
    try:
        source = program.read_text(encoding="utf-8", errors="replace") if options.transport == PIPES else ""
    except OSError:
        source = ""
    return preview_notes(options.transport, exact_wait, source, program.name, QUIET_PERIOD)


def preview_notes(transport: str, exact_wait: bool, source: str, script: str, quiet: float) -> list[str]:
    """The lines that mark a report as a preview; none when the check ran as the official grade does."""
    notes = []
    if transport == PIPES:
        notes.append("LOCAL PREVIEW through pipes, without a terminal (Windows has none): the official grade "
                     "runs on Linux in a terminal, and its result can differ (an input that must stay hidden "
                     "is not checked here: pipes show nothing as it is typed).")
        used = sorted(set(TERMINAL_ONLY.findall(source)))
        if used:
            notes.append(f"{script} uses {', '.join(used)}: it behaves differently without a terminal, so here it "
                         "does not run as it will in the official grade.")
    elif not exact_wait:
        notes.append("LOCAL PREVIEW: in a terminal as in the official grade, but this system cannot show when a "
                     "program waits for input (Linux can), and the official grade runs on Linux.")
    if not exact_wait:
        notes.append(f"Each input is typed once the program has printed nothing for {quiet:g} s: a program that "
                     "pauses that long while still working gets its input too early, and one that hangs in "
                     "silence shows as asking for more input.")
    return notes
