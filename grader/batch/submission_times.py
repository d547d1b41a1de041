"""Where submission times and extensions come from, read at the edge: a CSV (`student,submitted_at`, as an
LMS or a platform exports it; `student,deadline` for extensions, or a roster with a `deadline` column),
a student's git repository, or Gradescope's submission_metadata.json.

A student's repository is untrusted: its config can name programs git runs (hooks, fsmonitor, a pager,
filters) and its `.git` can point anywhere. So git never runs in it: its `.git` folder is copied
(symbolic links as links) without its config, hooks or alternates, and git reads the copy with the
user's and the system's config ignored; a commit graded at the deadline is taken out of the copy with
`git archive` into a folder of our own, never checked out in the student's folder. A student can set a
commit's time to anything: a platform's time, where there is one, is worth more."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from grader.base.errors import UsageError
from grader.spec.deadlines import TimeError, iso, parse_time

STUDENT = "student"
UNTRUSTED_PARTS = ("config", "hooks", "objects/info/alternates", "info/attributes")
GIT_TIMEOUT = 60  # seconds for one git command on a copied repository


@dataclass(frozen=True)
class StudentTimes:
    """The times a CSV gives, per student id, and a warning line per row naming a student not in the class."""

    times: dict[str, datetime]
    warnings: tuple[str, ...] = ()


def parse_times_csv(text: str, source: str, column: str, students: set[str]) -> StudentTimes:
    """`student,COLUMN` rows (other columns ignored, an empty cell skipped) as times per student; a
    UsageError naming the file and line for a missing column, an unreadable time or one without a time
    zone, or a student twice."""
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or not {STUDENT, column} <= {name.strip() for name in reader.fieldnames}:
        raise UsageError(f"{source}:1: expected the columns {STUDENT},{column}")
    times: dict[str, datetime] = {}
    lines: dict[str, int] = {}
    warnings = []
    for row in reader:
        line = reader.line_num
        cells = {(key or "").strip(): (value or "").strip() for key, value in row.items() if isinstance(value, str)}
        student, value = cells.get(STUDENT, ""), cells.get(column, "")
        if not student or not value:
            continue
        if student in lines:
            raise UsageError(f"{source}:{line}: {student} again (first on line {lines[student]}): "
                             f"give one {column} per student")
        try:
            times[student] = parse_time(value)
        except TimeError as error:
            raise UsageError(f"{source}:{line}: {column} of {student}: {error}") from None
        lines[student] = line
        if student not in students:
            warnings.append(f"warning: {source}:{line}: {student} is not a student of this class (no such folder); "
                            "row ignored")
    return StudentTimes({student: time for student, time in times.items() if student in students}, tuple(warnings))


def read_times_csv(path: Path, column: str, students: set[str]) -> StudentTimes:
    """parse_times_csv of a file; a UsageError naming it when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: cannot read: {error}") from None
    return parse_times_csv(text, str(path), column, students)


def gradescope_times(metadata: Any, source: str) -> tuple[datetime, datetime | None]:
    """Gradescope's submission_metadata.json: its `created_at` (the submission time) and the student's due
    date where it has one (the first user's own `assignment.due_date`, an extension, else the assignment's
    `due_date`)."""
    if not isinstance(metadata, dict) or "created_at" not in metadata:
        raise UsageError(f"{source}: no `created_at` (Gradescope's submission time)")
    try:
        submitted = parse_time(metadata["created_at"])
    except TimeError as error:
        raise UsageError(f"{source}: `created_at`: {error}") from None
    users = metadata.get("users")
    own = users[0].get("assignment") if isinstance(users, list) and users and isinstance(users[0], dict) else None
    for where, holder in (("users[0].assignment", own), ("assignment", metadata.get("assignment"))):
        due = holder.get("due_date") if isinstance(holder, dict) else None
        if due:
            try:
                return submitted, parse_time(due)
            except TimeError as error:
                raise UsageError(f"{source}: `{where}.due_date`: {error}") from None
    return submitted, None


def read_gradescope_times(path: Path) -> tuple[datetime, datetime | None]:
    """gradescope_times of the file; a UsageError naming it when it cannot be read."""
    try:
        metadata = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UsageError(f"{path}: not a readable submission_metadata.json ({error})") from None
    return gradescope_times(metadata, str(path))


# ---------------------------------------------------------------- git


def _git(repository: Path, *args: str) -> bytes:
    """What a git command on a copied repository prints, with no config but the command line's."""
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GIT_DIR": str(repository),
                   "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "HOME": str(repository),
                   "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
    safe = ("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.pager=cat")
    done = subprocess.run(["git", *safe, *args], env=environment, capture_output=True, timeout=GIT_TIMEOUT,
                          stdin=subprocess.DEVNULL, check=False)
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        raise OSError(said[-1] if said else f"git {args[0]} failed")
    return done.stdout


def _links(folder: str, names: list[str]) -> list[str]:
    """The symbolic links of a folder being copied: left out, since they may lead anywhere."""
    return [name for name in names if os.path.islink(os.path.join(folder, name))]


def copied_repository(folder: Path, into: Path) -> Path | None:
    """A copy of the student folder's `.git` folder without what could run or lead elsewhere (its config,
    hooks, alternates, attributes and every symbolic link); None when
    the folder has no `.git` folder of its own (a `.git` file points elsewhere: not read)."""
    source = folder / ".git"
    if source.is_symlink() or not source.is_dir():
        return None
    copy = into / "repository.git"
    shutil.copytree(source, copy, ignore=_links)
    for part in UNTRUSTED_PARTS:
        target = copy / part
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.is_dir():
            shutil.rmtree(target)
    (copy / "config").write_text("[core]\n\trepositoryformatversion = 0\n\tbare = true\n")
    return copy


def commit_time(repository: Path, before: datetime | None = None) -> tuple[str, datetime] | None:
    """The last commit (at or before `before`, if given) of a copied repository: its hash and committer
    date; None when there is none."""
    limit = [f"--until={iso(before)}"] if before is not None else []
    line = _git(repository, "log", "-1", "--format=%H %cI", *limit, "HEAD", "--").decode().strip()
    if not line:
        return None
    commit, _, date = line.partition(" ")
    return commit, parse_time(date)


def archive_commit(repository: Path, commit: str, into: Path) -> Path:
    """The files of `commit`, written out of the copied repository into a new folder under `into`."""
    folder = into / "files"
    folder.mkdir()
    with tarfile.open(fileobj=io.BytesIO(_git(repository, "archive", "--format=tar", commit))) as tar:
        plain = [member for member in tar.getmembers() if (member.isfile() or member.isdir())
                 and not Path(member.name).is_absolute() and ".." not in Path(member.name).parts]
        tar.extractall(folder, members=plain)
    return folder
