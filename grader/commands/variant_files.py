"""The instructor's own files as one variant has them: a copy of a folder (the reference, the template and
its README, the corpus) with every `{{parameter}}` filled in with the variant's value (see
grader/spec/variants.py). Students' folders are never touched: their programs hold the numbers their
handout states."""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import yaml

from grader.base.errors import UsageError
from grader.spec.assignment import Assignment
from grader.spec.variants import Variant, fill

IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


def fill_folder(source: Path, target: Path, variant: Variant) -> Path:
    """Copy `source` to `target` (which must not exist), each UTF-8 text file with its placeholders filled
    in, any other file as it is; a placeholder naming no parameter is a UsageError naming file and line."""
    shutil.copytree(source, target, ignore=IGNORED)
    for path in sorted(target.rglob("*")):
        if not path.is_file() or path.is_symlink():
            continue
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        where = source / path.relative_to(target)
        filled = fill(text, variant, lambda line, why: UsageError(f"{where}:{line}: {why}"))
        if filled != text:
            path.write_text(filled, encoding="utf-8")
    return target


@contextmanager
def rendered(folder: Path, assignment: Assignment) -> Iterator[Path]:
    """`folder` as the assignment's variant has it: a filled-in copy, removed afterwards; the folder
    itself for an assignment without parameters (or a folder that does not exist, for the caller to
    name)."""
    if assignment.variant is None or not folder.is_dir():
        yield folder
        return
    with tempfile.TemporaryDirectory(prefix=f"grader-{assignment.variant.name}-") as scratch:
        yield fill_folder(folder, Path(scratch) / folder.name, assignment.variant)


def variant_config(assignment: Assignment) -> str:
    """The assignment.yaml of one variant's handout: the assignment's own keys, its parameters as that
    variant sets them, and that variant alone (by its name, which reports show)."""
    if assignment.variant is None:
        raise ValueError("only an assignment with parameters has a variant's assignment.yaml")
    data = yaml.safe_load(assignment.config.read_text(encoding="utf-8"))
    data["parameters"], data["variants"] = assignment.variant.values, {assignment.variant.name: {}}
    header = f"# {assignment.name}: the variant {assignment.variant.name} alone.\n"
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
