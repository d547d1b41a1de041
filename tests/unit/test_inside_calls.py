"""The fork server looks up every C function the scripts inside the sandbox call (clib.CALLS) before it forks:
one left out would be looked up again in every run's copy of the server, costing pages copied on write."""

import ast
import re

from grader.sandbox.inside import INIT_SCRIPT

INSIDE = INIT_SCRIPT.parent


def listed_calls() -> set[str]:
    tree = ast.parse((INSIDE / "clib.py").read_text())
    return next(set(ast.literal_eval(node.value)) for node in tree.body
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "CALLS")


def test_the_server_looks_up_every_c_function_the_scripts_call():
    called = {name for path in INSIDE.glob("*.py") if path.name != "clib.py"
              for name in re.findall(r"\blibc\.(\w+)\(", path.read_text())}
    assert called == listed_calls()
