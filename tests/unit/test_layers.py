"""The layer rule of docs/architecture.md, read from the code's own imports: each package of `grader/`
imports only its own layer and the layers below it, no two modules import each other round a circle, and
what runs inside the sandbox imports nothing but the standard library and its sibling scripts."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "grader"
# Top first: a layer may import itself and anything after it, never anything before it.
LAYERS = ["commands", "platforms", "batch", "grading", "report", "explore", "engine", "sandbox", "judge", "spec", "base"]
# Modules outside the layers, with what each may import: the entry point, the Python check it runs
# before anything else, the referee API's stable name for assignment authors, and the venv maker the
# handout's check.py and Classroom 50's autograder.py run before any requirement is installed.
ENTRY_POINTS = {"__main__": {"python_check", "commands"}, "python_check": set(), "referee": {"engine"},
                "venv_setup": set()}
INSIDE = PACKAGE / "sandbox" / "inside"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every grader module `path` imports, at the top or inside a function (a lazy import is still a
    dependency), as dotted names: `from grader.a import b` counts as grader.a, and as grader.a.b when
    that is a module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names if _is_module(f"{node.module}.{alias.name}")}
    return {name for name in found if name.split(".")[0] == "grader"}


def _is_module(name: str) -> bool:
    relative = Path(*name.split(".")[1:])
    return (PACKAGE / relative).with_suffix(".py").is_file() or (PACKAGE / relative / "__init__.py").is_file()


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def graph() -> dict[str, set[str]]:
    return {module_name(path): imports(path) for path in sorted(PACKAGE.rglob("*.py"))
            if "templates" not in path.parts and INSIDE not in path.parents}


def upward(modules: dict[str, set[str]]) -> list[str]:
    """Imports that break the layer order."""
    wrong = []
    for module, targets in modules.items():
        own = layer_of(module)
        for target in sorted(targets):
            other = layer_of(target)
            if not other or other == own:
                continue
            if own in ENTRY_POINTS:
                allowed = other in ENTRY_POINTS[own]
            elif own in LAYERS:
                allowed = other in LAYERS and LAYERS.index(other) > LAYERS.index(own)
            else:
                allowed = False
            if not allowed:
                wrong.append(f"{module} imports {target}")
    return wrong


def circles(modules: dict[str, set[str]]) -> list[list[str]]:
    """Each circle of imports between modules, found by a depth-first walk (a package's `__init__` that
    its own modules import is not a circle: importing grader.a.b runs grader.a first anyway)."""
    edges = {module: {t for t in targets if t in modules and t != module and not module.startswith(t + ".")}
             for module, targets in modules.items()}
    found, state = [], {}

    def walk(module: str, path: list[str]) -> None:
        state[module] = "open"
        for target in sorted(edges[module]):
            if state.get(target) == "open":
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                walk(target, path + [target])
        state[module] = "done"

    for module in sorted(edges):
        if module not in state:
            walk(module, [module])
    return found


def test_every_package_is_a_known_layer() -> None:
    packages = {path.name for path in PACKAGE.iterdir() if path.is_dir() and (path / "__init__.py").is_file()}
    assert packages == set(LAYERS), "a new package needs its place in LAYERS (and in docs/architecture.md)"


def test_no_import_points_up_a_layer() -> None:
    assert upward(graph()) == []


def test_no_modules_import_each_other_round_a_circle() -> None:
    assert circles(graph()) == []


def test_what_runs_inside_the_sandbox_imports_only_the_standard_library() -> None:
    siblings = {path.stem for path in INSIDE.glob("*.py")}
    outside = []
    for path in sorted(INSIDE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            outside += [f"{path.name} imports {name}" for name in names
                        if name.split(".")[0] not in sys.stdlib_module_names | siblings | {"__future__"}]
    assert outside == []


@pytest.mark.parametrize(("modules", "expected"), [
    ({"grader.judge.a": {"grader.report.b"}}, ["grader.judge.a imports grader.report.b"]),
    ({"grader.report.b": {"grader.judge.a", "grader.base.c"}}, []),
    ({"grader.engine.x": {"grader.engine.y"}}, []),
    ({"grader.referee": {"grader.engine.referee"}}, []),
    ({"grader.referee": {"grader.batch.run"}}, ["grader.referee imports grader.batch.run"]),
    ({"grader.loose": {"grader.base.c"}}, ["grader.loose imports grader.base.c"]),
])
def test_the_rule_itself(modules: dict[str, set[str]], expected: list[str]) -> None:
    assert upward(modules) == expected


def test_a_circle_is_found() -> None:
    modules = {"grader.sandbox.a": {"grader.sandbox.b"}, "grader.sandbox.b": {"grader.sandbox.c"},
               "grader.sandbox.c": {"grader.sandbox.a"}, "grader.sandbox": set()}
    assert circles(modules) == [["grader.sandbox.a", "grader.sandbox.b", "grader.sandbox.c", "grader.sandbox.a"]]
