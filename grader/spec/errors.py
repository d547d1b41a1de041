"""A spec (or suite file) that cannot be graded against, and every such spec of a folder: apart from the
YAML reading that raises them, so the command line can report them without importing a YAML parser."""

from __future__ import annotations


class SpecError(Exception):
    """A spec that cannot be graded against; str() names the file, the line and what is wrong."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


class SpecErrors(Exception):
    """Every malformed spec of a folder, so an author fixes them in one pass."""

    def __init__(self, errors: list[SpecError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))
