"""What decides a grade, hashed: a student is regraded only when their files, the specs, the run options,
the assignment's assignment.yaml and referee, or the grader's own code changed since their last results."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import asdict
from pathlib import Path

from grader.base.project import PACKAGE
from grader.engine.intake import Admitted, Entry
from grader.engine.referee import referee_key
from grader.engine.runner import Options
from grader.sandbox.protections import protections
from grader.spec.specs import Spec

HASH_VERSION = "grade-2"


def _record(folder: Path, entry: Entry) -> bytes:
    """One line per entry: regular files by content, links by target, never opening anything else (a
    FIFO in a submission must not block us). Names are bytes: any name a file system holds is hashed."""
    name, mode = os.fsencode(entry.name), entry.info.st_mode
    path = folder / entry.name
    try:
        if stat.S_ISLNK(mode):
            return b"L " + name + b" -> " + os.fsencode(os.readlink(path))
        if stat.S_ISDIR(mode):
            return b"D " + name
        if stat.S_ISREG(mode):
            with open(path, "rb") as file:
                return b"F " + name + b" " + hashlib.sha256(file.read()).hexdigest().encode()
        return b"S " + name + f" {mode:o}".encode()
    except OSError as error:
        return b"? " + name + f" {error.strerror}".encode()


def grader_digest(specs: list[Spec], options: Options) -> str:
    """The specs' files, the run options, the sandbox's protections and the grader's own code: everything
    besides the submission behind a grade."""
    digest = hashlib.sha256(HASH_VERSION.encode())
    digest.update(f"options {json.dumps(asdict(options))}\0{protections().describe()}\0".encode())
    for spec in sorted(specs, key=lambda spec: spec.id):
        options_used = (spec.ignore, spec.scoring, spec.input_labels)  # the suite file's defaults included
        digest.update(f"spec {spec.id} {options_used!r}\0".encode() + Path(spec.path).read_bytes() + b"\0")
    for name, path in (("assignment", options.config), ("referee", options.referee)):
        if path:  # the assignment's own files decide grades too
            digest.update(f"{name}\0".encode() + Path(path).read_bytes() + b"\0")
    if options.referee:  # its key decides the referee's games
        digest.update(b"referee key\0" + referee_key(Path(options.referee)) + b"\0")
    for source in sorted(PACKAGE.rglob("*")):
        if source.suffix in (".py", ".json") and "__pycache__" not in source.parts and source.is_file():
            digest.update(f"code {source.relative_to(PACKAGE)}\0".encode() + source.read_bytes() + b"\0")
    return digest.hexdigest()


def fingerprint(admitted: Admitted, base: str) -> str:
    """One student's hash: the files of their program's folder (what is copied and run, already checked
    to be of bounded size by `intake`), where it lies in their submission, and `base` (`grader_digest`)."""
    lines = [base.encode(), b"within " + os.fsencode(admitted.within)]
    lines += [_record(admitted.folder, entry) for entry in admitted.entries]
    return hashlib.sha256(b"\n".join(lines)).hexdigest()
