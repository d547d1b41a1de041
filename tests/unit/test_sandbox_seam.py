"""The sandbox's modes are one seam (docs/architecture.md): each mode is a `Sandbox` of its own, chosen in
grader/sandbox/modes.py, and nothing else in the grader branches on which mode runs. Read from the code: every
`if`, conditional expression, loop condition and comprehension filter whose test names the mode."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "grader"
CHOICE = PACKAGE / "sandbox" / "modes.py"
PROBE = PACKAGE / "sandbox" / "protections.py"  # finds what the machine can do, before any mode exists
INSIDE = PACKAGE / "sandbox" / "inside"  # runs inside an isolated run only: no mode to ask about
MODE_NAMES = {"isolate", "isolated", "drops_root", "opens_browsers", "IsolatedSandbox", "FallbackSandbox",
              "RootFallbackSandbox", "sandbox_kind"}
MOST_BRANCHES = 4


def mode_branches(source: str) -> list[int]:
    """Lines of the branches in `source` whose test names the sandbox's mode."""
    found = []
    for node in ast.walk(ast.parse(source)):
        tests = [node.test] if isinstance(node, (ast.If, ast.IfExp, ast.While)) else []
        tests += node.ifs if isinstance(node, ast.comprehension) else []
        for test in tests:
            names = {part.id for part in ast.walk(test) if isinstance(part, ast.Name)}
            names |= {part.attr for part in ast.walk(test) if isinstance(part, ast.Attribute)}
            if names & MODE_NAMES:
                found.append(test.lineno)
    return found


def all_branches(source: str) -> int:
    return sum(isinstance(node, (ast.If, ast.IfExp, ast.While, ast.Match)) for node in ast.walk(ast.parse(source)))


def test_mode_branches_are_found_in_code() -> None:
    source = ("if box.isolated:\n    pass\n"
              "x = 1 if isinstance(box, IsolatedSandbox) else 2\n"
              "y = [a for a in b if not drops_root]\n"
              "if launch == FORK:\n    pass\n")
    assert sorted(mode_branches(source)) == [1, 3, 4]


def test_only_the_choice_branches_on_the_sandbox_mode() -> None:
    elsewhere = {f"{path.relative_to(PACKAGE.parent)}:{line}"
                 for path in PACKAGE.rglob("*.py") if path not in (CHOICE, PROBE) and INSIDE not in path.parents
                 for line in mode_branches(path.read_text())}
    assert elsewhere == set()


def test_the_choice_has_at_most_four_branches() -> None:
    assert 0 < all_branches(CHOICE.read_text()) <= MOST_BRANCHES
