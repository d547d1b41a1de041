"""What decides a grade, hashed: a student is regraded only when their files, the specs, the run options
or the grader's own code changed since their last results."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from grader.options import options_to_json
from grader.project import PACKAGE
from grader.runner import Options
from grader.sandbox import protections
from grader.specs import Spec

HASH_VERSION = "grade-1"


def _tree_lines(folder: Path, prefix: str = "") -> list[bytes]:
    """One record per entry, sorted; regular files by content, never opening anything else (a FIFO
    in a submission must not block us)."""
    records = []
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError as error:
        return [f"unreadable {prefix or '.'}: {error.strerror}".encode()]
    for entry in entries:
        name = prefix + entry.name
        try:
            info = entry.stat(follow_symlinks=False)
            if entry.is_symlink():
                records.append(f"L {name} -> {os.readlink(entry.path)}".encode())
            elif entry.is_dir(follow_symlinks=False):
                records.append(f"D {name}".encode())
                records += _tree_lines(Path(entry.path), name + "/")
            elif entry.is_file(follow_symlinks=False):
                with open(entry.path, "rb") as file:
                    digest = hashlib.file_digest(file, "sha256").hexdigest() if hasattr(hashlib, "file_digest") \
                        else hashlib.sha256(file.read()).hexdigest()
                records.append(f"F {name} {digest}".encode())
            else:
                records.append(f"S {name} {info.st_mode:o}".encode())
        except OSError as error:
            records.append(f"? {name} {error.strerror}".encode())
    return records


def grader_digest(specs: list[Spec], options: Options) -> str:
    """The specs' files, the run options, the sandbox's protections and the grader's own code: everything
    besides the submission behind a grade."""
    digest = hashlib.sha256(HASH_VERSION.encode())
    digest.update(f"options {options_to_json(options)}\0{protections().describe()}\0".encode())
    for spec in sorted(specs, key=lambda spec: spec.id):
        options_used = (spec.ignore, spec.scoring, spec.input_labels)  # the suite file's defaults included
        digest.update(f"spec {spec.id} {options_used!r}\0".encode() + Path(spec.path).read_bytes() + b"\0")
    for source in sorted(PACKAGE.rglob("*")):
        if source.suffix in (".py", ".json") and "__pycache__" not in source.parts and source.is_file():
            digest.update(f"code {source.relative_to(PACKAGE)}\0".encode() + source.read_bytes() + b"\0")
    return digest.hexdigest()


def fingerprint(submission: Path, base: str) -> str:
    """One student's hash: their files on top of `base` (from `grader_digest`)."""
    return hashlib.sha256(b"\n".join([base.encode(), *_tree_lines(submission)])).hexdigest()
