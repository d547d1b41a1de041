"""Which sandbox a run gets, chosen in one place: isolated where this machine's probe said namespaces work
(grader/sandbox/protections.py), else the fallback, as a per-run uid when the grader is root. Nothing else
in the grader asks which mode runs: each mode is a `Sandbox` of its own (grader/sandbox/box.py), which
says what differs (where its folders go, whether it opens a browser)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Sequence

from grader.base.errors import SandboxFailure
from grader.sandbox.box import Sandbox
from grader.sandbox.fallback import FallbackSandbox, RootFallbackSandbox
from grader.sandbox.isolated import FORK, IsolatedSandbox
from grader.sandbox.limits import Limits

NOT_ISOLATED = ("a web page is opened in a browser only inside the isolated sandbox, which this machine "
                "cannot give ({reason}); the grader refuses to open it outside (run as root on Linux)")


def sandbox_kind(isolate: bool) -> type[Sandbox]:
    """The sandbox runs get: isolated (`isolate`, what `protections.isolation()` says this machine can), else
    the fallback, which never runs a program as root."""
    if isolate:
        return IsolatedSandbox
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return RootFallbackSandbox
    return FallbackSandbox


def open_sandbox(submission: Path, limits: Limits, *, isolate: bool, launch: str = FORK, browser: bool = False,
                 hidden: Sequence[str] = (), reason: str = "") -> Sandbox:
    """The sandbox for one run of `submission` (`sandbox_kind`), launched `launch`, a browser's run with
    `browser`, the course's folders `hidden`. A browser never runs outside isolation: there, a
    SandboxFailure saying why (`reason`, the protections' own)."""
    kind = sandbox_kind(isolate)
    if browser and not kind.opens_browsers:
        raise SandboxFailure(NOT_ISOLATED.format(reason=reason or "no isolation"))
    return kind(submission, limits, launch=launch, browser=browser, hidden=hidden)
