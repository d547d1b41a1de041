"""Referees: the other player of a game whose transcript cannot be written in advance.

A program that picks a random secret, or plays by itself, answers differently from run to run, so a
spec cannot list its output. A referee spec hands the conversation to a small Python class that lives in
the assignment folder (`referee:` in assignment.yaml) and subclasses `Referee`:

    class Referee(grader.referee.Referee):
        def reply(self, output): ...   # the program waits: the line to type, or a Ruling (the game is over)
        def finish(self, output): ...  # the program ended (exit status 0): the final Ruling

`output` is what the program printed since the last input (line ends as `\\n`). The referee's own choices
come from `self.rng`, a `random.Random` seeded by the spec, and its settings are the spec's `referee:`
keys besides `seed`, passed as keyword arguments: the same spec always plays the same game against the
same program. A Ruling that fails names the output it is about (`step`: 0 is the output before the first
input, N the output after input N; by default the latest) and may say what that output should have been
(`expected`), shown as a diff like any transcript spec's.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from grader.errors import UsageError


@dataclass(frozen=True)
class Ruling:
    """How the game went: passed, or failed with why, where, and what the output should have been."""

    passed: bool
    message: str
    step: int | None = None
    expected: str | None = None


def upheld(message: str = "every answer checked") -> Ruling:
    return Ruling(True, message)


def objection(message: str, step: int | None = None, expected: str | None = None) -> Ruling:
    return Ruling(False, message, step, expected)


class Referee:
    """The base class of an assignment's referee (see the module's docstring)."""

    def __init__(self, rng: random.Random, **settings: Any) -> None:
        if settings:
            raise TypeError(f"unknown referee setting(s): {', '.join(sorted(settings))}")
        self.rng = rng

    def reply(self, output: str) -> str | Ruling:
        """The program waits for input after printing `output`: the next line, or a Ruling to end."""
        raise NotImplementedError

    def finish(self, output: str) -> Ruling:
        """The program ended normally after printing `output`: was the whole game right?"""
        raise NotImplementedError


class RefereeError(UsageError):
    """A referee that cannot be loaded or set up: names the file and the reason."""


@cache
def referee_class(path: Path) -> type[Referee]:
    """The class `Referee` of the referee file: imported once per process, under a private name."""
    name = f"_referee_{abs(hash(str(path)))}"
    try:
        loader = importlib.util.spec_from_file_location(name, path)
        if loader is None or loader.loader is None:
            raise RefereeError(f"{path}: not a Python file")
        module = importlib.util.module_from_spec(loader)
        sys.modules[name] = module
        loader.loader.exec_module(module)
    except RefereeError:
        raise
    except Exception as error:  # noqa: BLE001 - any error in the instructor's file is named, not a traceback
        raise RefereeError(f"{path}: cannot load the referee: {type(error).__name__}: {error}") from None
    found = getattr(module, "Referee", None)
    if not (isinstance(found, type) and issubclass(found, Referee)):
        raise RefereeError(f"{path}: defines no class `Referee` based on grader.referee.Referee")
    return found


def start_referee(path: Path, seed: int, settings: dict[str, Any]) -> Referee:
    """A fresh referee for one run, its generator seeded by the spec."""
    try:
        return referee_class(path)(random.Random(seed), **settings)
    except (TypeError, ValueError) as error:
        raise RefereeError(f"{path}: cannot start the referee with {settings}: {error}") from None
