"""A class's late policy applied to its students before anything is graded: each student's clock (their
deadline, an extension's where they have one, and when they submitted, from a CSV or their repository's
git) and the folders to grade (with `at_deadline`, each student's last commit in time). Warnings are
returned in the order met, for the command to say."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from grader.batch.submission_times import archive_commit, commit_time, copied_repository, read_times_csv
from grader.spec.deadlines import StudentClock, TimeError

GIT = "git"  # `--submitted-at git`: the times from each student's repository, not a CSV


@dataclass(frozen=True)
class ClassTimes:
    """Each graded student's clock, the folders to grade (a commit's files in place of a folder with
    `at_deadline`), and the warnings met on the way, one a line."""

    clocks: dict[str, StudentClock]
    students: list[tuple[str, Path]]
    warnings: list[str]


def class_times(students: list[tuple[str, Path]], everyone: set[str], deadline: datetime, grace_minutes: int,
                submitted_at: str, extensions: Path | None, at_deadline: bool, scratch: Path) -> ClassTimes:
    """The clocks of the `students` graded (`everyone`: the class, of which a shard grades some) by the
    class's `deadline` and the `extensions` CSV, their times from `submitted_at` (GIT, or a CSV's path);
    with `at_deadline`, the files of each one's last commit by their deadline and `grace_minutes`, written
    under `scratch`. A bad file is a UsageError here, before anything is graded."""
    ids = {student for student, _ in students}
    read_extensions = read_times_csv(extensions, "deadline", everyone) if extensions else None
    extended = read_extensions.times if read_extensions else {}
    deadlines = {student: extended.get(student, deadline) for student in ids}
    if submitted_at == GIT:
        students, times, warnings = git_times(students, deadlines, grace_minutes, at_deadline, scratch)
    else:
        read = read_times_csv(Path(submitted_at), "submitted_at", everyone)
        times = {student: (time, "csv") for student, time in read.times.items()}
        warnings = list(read.warnings)
    warnings += read_extensions.warnings if read_extensions else ()
    clocks = {student: StudentClock(deadlines[student], *times.get(student, (None, "none")), extended=student in extended)
              for student in ids}
    missing = sorted(student for student in ids if student not in times)
    if missing:
        warnings.append(f"no submission time for {len(missing)} student(s), graded without a late penalty: "
                        f"{', '.join(missing)}")
    return ClassTimes(clocks, students, warnings)


def git_times(students: list[tuple[str, Path]], deadlines: dict[str, datetime], grace_minutes: int, at_deadline: bool,
              scratch: Path) -> tuple[list[tuple[str, Path]], dict[str, tuple[datetime, str]], list[str]]:
    """Each student's last commit time from a copy of their repository, and the warnings of those without
    one; with `at_deadline`, the files of their last commit at or before their deadline and grace (the
    latest, late, when none is)."""
    folders, times, warnings = [], {}, []
    for index, (student, path) in enumerate(students):
        into = scratch / str(index)
        into.mkdir()
        try:
            repository = copied_repository(path, into) if path.is_dir() else None
            if repository is None:
                warnings.append(f"warning: {student}: no git repository (.git folder): no submission time")
                folders.append((student, path))
                continue
            limit = deadlines[student] + timedelta(minutes=grace_minutes) if at_deadline else None
            found = commit_time(repository, limit) if limit is not None else None
            found = found or commit_time(repository)
            if found is not None:
                times[student] = (found[1], GIT)
                path = archive_commit(repository, found[0], into) if at_deadline else path
        except (OSError, subprocess.SubprocessError, TimeError) as error:
            warnings.append(f"warning: {student}: git: {error}: no submission time")
        folders.append((student, path))
    return folders, times, warnings
