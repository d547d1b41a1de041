"""Console progress of `grade`: a bar that redraws itself on a terminal; one plain line per student
otherwise (logs, CI)."""

from __future__ import annotations

from typing import TextIO

from grader.batch.students import Outcome


class Progress:
    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream, self.done = total, stream, 0
        self.tty = stream.isatty()

    def update(self, outcome: Outcome) -> None:
        self.done += 1
        if outcome.status == "error":
            what = f"NOT GRADED: {outcome.error}"
        else:
            score = f"{outcome.results.score:g}/{outcome.results.max_score:g}"
            if outcome.problem is not None:
                what = f"{score} (not run: {outcome.problem})"
            elif outcome.status == "unchanged":
                what = f"{score} (unchanged, not regraded)"
            else:
                what = f"{score} ({outcome.seconds:.1f} s of runs)"
        line = f"[{self.done}/{self.total}] {outcome.student}: {what}"
        if not self.tty:
            self.stream.write(line + "\n")
        else:
            if outcome.status == "error":
                self.stream.write("\r\x1b[K" + line + "\n")
            width = 30
            filled = width * self.done // self.total
            self.stream.write(f"\r\x1b[K[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}  {outcome.student}")
            if self.done == self.total:
                self.stream.write("\n")
        self.stream.flush()

    def interrupted(self) -> None:
        if self.tty:
            self.stream.write("\n")
