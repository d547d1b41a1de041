"""What is checked of a submission before any of it is copied or run: where its program is (see
`finder`), and that the folder it runs from is of a sane shape: not too big, not too many files, not
too deep, no path too long to copy. A submission that fails is that student's 0 with the reason, never a
full disk (a 3 GiB sparse file would be written out in full by a copy) and never a grader error (a path
that fits where it was uploaded may not fit under the sandbox's own folders: `File name too long`).

The walk looks only at names and `lstat`: no recursion (a tree 1,200 folders deep cannot overflow the
stack), no link followed, nothing opened; it stops as soon as a limit is crossed, so its work is bounded
by the limits, whatever was uploaded. The entries it returns are what `batch.fingerprint` hashes.
"""

from __future__ import annotations

import os
import stat
from collections import Counter
from dataclasses import dataclass, fields
from pathlib import Path

from grader.base.escaping import safe_name
from grader.base.files import compiled, compiled_source, searched
from grader.engine.finder import find_program
from grader.judge.judging import NO_PROGRAM, Verdict
from grader.sandbox.scratch import PATH_MAX, copy_prefix
from grader.spec.specs import Spec

MB = 1024 * 1024


@dataclass(frozen=True)
class IntakeLimits:
    """Set with `--limit NAME=VALUE`, like the sandbox's limits."""

    submission_mb: int = 10  # the regular files' apparent sizes, added up
    submission_files: int = 1000  # entries of any kind: files, folders, links
    submission_depth: int = 20  # folders inside folders


INTAKE_LIMIT_NAMES = [field.name for field in fields(IntakeLimits)]


@dataclass(frozen=True)
class Entry:
    """One entry under the program's folder: its path relative to it (POSIX separators) and its lstat."""

    name: str
    info: os.stat_result


@dataclass(frozen=True)
class Admitted:
    """The folder the program runs from and what it holds, or why the submission cannot be run."""

    folder: Path | None
    entries: tuple[Entry, ...] = ()
    problem: str | None = None
    within: str = ""  # the sub-folder of the submission the program lies in ("" at the top)
    refused: bool = False  # the program was found, but its folder crossed an intake limit (`problem` says which)

    @property
    def not_run(self) -> tuple[str, ...]:
        """The compiled files left out of the runs that a report names (`not_run`)."""
        return not_run(self.folder, self.entries) if self.folder else ()


def not_run(folder: Path, entries: tuple[Entry, ...] | list[Entry]) -> tuple[str, ...]:
    """The compiled files of a submission whose leaving out may change what runs: a `.pyc` with no `.py` beside
    it, every extension module (Python imports one even in place of a `.py` beside it), and every `.py` that holds
    bytecode or a zip archive (`files.compiled_source`). A stray `.pyc` beside its source is no one's offence:
    Python would have read the source."""
    names = {entry.name for entry in entries}

    def named(entry: Entry) -> bool:
        if entry.name.endswith(".py"):
            return stat.S_ISREG(entry.info.st_mode) and compiled_source(folder / entry.name)
        return compiled(entry.name) and not (
            entry.name.endswith((".pyc", ".pyo")) and entry.name.rsplit(".", 1)[0] + ".py" in names)

    return tuple(entry.name for entry in entries if named(entry))


def admit(submission: Path, program: str, limits: IntakeLimits) -> Admitted:
    """Find the program, then check the folder it lies in (the one that will be copied)."""
    found = find_program(submission, program)
    if found.folder is None:
        return Admitted(None, problem=found.problem)
    entries, problem = survey(found.folder, limits, copy_prefix())
    if problem:
        return Admitted(None, problem=problem, refused=True)
    if program in not_run(found.folder, [entry for entry in entries if entry.name == program]):
        return Admitted(None, problem=f"{safe_name(program)} holds compiled code (bytecode or a zip archive), not "
                        "Python source: submit the .py file you wrote")
    return Admitted(found.folder, tuple(entries), within="" if found.folder == submission else found.folder.name)


def survey(folder: Path, limits: IntakeLimits, copied_to: str = "") -> tuple[list[Entry], str | None]:
    """Every entry under `folder`, sorted by name, or the first limit it crosses and the folder that
    holds most of it, or the first path too long once copied under `copied_to`. Folders the program
    finder ignores (`.git`, `__MACOSX`) are not counted: the sandbox does not copy them."""
    room = PATH_MAX - 1 - len(os.fsencode(copied_to)) - 1  # the bytes left for a path below it
    entries: list[Entry] = []
    total = 0
    files_in: Counter[str] = Counter()  # entries and bytes seen under each top-level folder
    bytes_in: Counter[str] = Counter()
    pending: list[tuple[str, int]] = [("", 0)]
    while pending:
        relative, depth = pending.pop()
        where = folder / relative if relative else folder
        try:
            names = os.listdir(where)
        except OSError as error:
            return [], f"cannot read the folder {safe_name(relative or '.')}: {error.strerror}"
        for name in names:
            path = f"{relative}/{name}" if relative else name
            try:
                info = os.lstat(where / name)
            except OSError as error:
                return [], f"cannot read {safe_name(path)}: {error.strerror}"
            if stat.S_ISDIR(info.st_mode) and not searched(name):
                continue
            if len(os.fsencode(path)) > room:
                return [], _too_long(path, room)
            entries.append(Entry(path, info))
            top = path.split("/")[0] if relative else None
            if top:
                files_in[top] += 1
            if len(entries) > limits.submission_files:
                return [], (f"too many files: more than {limits.submission_files} "
                            f"(limit submission_files={limits.submission_files}){_most(files_in, 'entries')}")
            if stat.S_ISREG(info.st_mode):
                total += info.st_size
                if top:
                    bytes_in[top] += info.st_size
                if total > limits.submission_mb * MB:
                    return [], _too_big(path, info, limits) + _most(bytes_in, "bytes")
            elif stat.S_ISDIR(info.st_mode):
                if depth + 1 > limits.submission_depth:
                    return [], (f"folders nested too deep: {safe_name(path)} is more than {limits.submission_depth} "
                                f"folders down (limit submission_depth={limits.submission_depth})")
                pending.append((path, depth + 1))
    return sorted(entries, key=lambda entry: entry.name.split("/")), None


def _most(tally: Counter[str], unit: str) -> str:
    """Where most of what crossed a limit lies, as the end of the problem text ("" if not in a folder)."""
    if not tally:
        return ""
    folder, amount = tally.most_common(1)[0]
    shown = f"{amount / MB:.1f} MB" if unit == "bytes" else f"{amount} entries"
    return f"; most of it is in {safe_name(folder)}/ ({shown} seen)"


def _too_big(path: str, info: os.stat_result, limits: IntakeLimits) -> str:
    stored = info.st_blocks * 512
    sparse = f"; {safe_name(path)} is a sparse file of {info.st_size / MB:.1f} MB ({stored / MB:.1f} MB stored)" \
        if info.st_size - stored > MB else ""
    return f"too big: more than {limits.submission_mb} MB of files (limit submission_mb={limits.submission_mb}){sparse}"


def _too_long(path: str, room: int) -> str:
    shown = safe_name(path)
    shown = f"{shown[:40]}...{shown[-30:]}" if len(shown) > 80 else shown
    return (f"a path too long to copy: {shown} is {len(os.fsencode(path))} bytes long, and the sandbox's copy of "
            f"the submission leaves room for {room} (shorten the names of its folders)")


def refused(specs: list[Spec], problem: str) -> list[Verdict]:
    """The verdicts of a submission that cannot be run: 0 for every spec, each saying why."""
    return [Verdict(spec, NO_PROGRAM, problem) for spec in specs]
