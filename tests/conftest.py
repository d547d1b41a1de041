"""Shared helpers: write a program into a fresh submission folder, build specs from YAML text, count a
grader function's calls in a profile; and the rule of tests/unit/: a unit test starts no process (it
judges plain data: specs, facts, verdicts, reports, results), so the unit tests run in seconds
(`make test-fast`), and one that starts a process fails, naming what it started: it belongs in
tests/system/."""

from __future__ import annotations

import cProfile
import os
import pstats
import shutil
import stat
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.judge.judging import Verdict, judge
from grader.engine.runner import Options, run_spec
from grader.spec.specs import Spec, parse_spec
from xdist_groups import pytest_collection_modifyitems  # noqa: F401 - a hook: each xdist group on one worker

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "tests" / "unit"
PROGRAM = "mastermind.py"  # the program a made-up Session ran (the digit game's): what the judge names
STARTS_A_PROCESS = {"subprocess.Popen", "os.posix_spawn", "os.fork", "os.forkpty", "os.exec", "os.system", "pty.spawn"}
_unit_test_running = False


def _refuse_processes(event: str, args: tuple) -> None:
    if _unit_test_running and event in STARTS_A_PROCESS:
        raise RuntimeError(f"a unit test started a process ({event}): it belongs in tests/system/")


sys.addaudithook(_refuse_processes)  # once per test process; it acts only while a unit test runs


@pytest.fixture(autouse=True)
def unit_tests_start_no_process(request: pytest.FixtureRequest) -> Iterator[None]:
    global _unit_test_running
    _unit_test_running = UNIT in Path(request.node.path).parents
    yield
    _unit_test_running = False


@pytest.fixture
def write_program(tmp_path: Path):
    """Return a function that writes `source` as mastermind.py in a new folder and returns the folder."""
    counter = iter(range(1_000_000))

    def write(source: str) -> Path:
        folder = tmp_path / f"submission{next(counter)}"
        folder.mkdir()
        (folder / "mastermind.py").write_text(textwrap.dedent(source), encoding="utf-8")
        return folder

    return write


def one_spec(tmp_path: Path) -> str:
    """A folder holding the suite file and one short spec: for tests about a submission or a class, not the suite."""
    folder = tmp_path / "one-spec"
    folder.mkdir(exist_ok=True)
    for name in ("suite.yaml", "02-win-on-first-guess.yaml"):
        shutil.copy(ROOT / "specs" / name, folder / name)
    return str(folder)


def nest(folder: Path, depth: int) -> Path:
    """A chain of `depth` folders named `d` under `folder`; returns the deepest."""
    for _ in range(depth):
        folder = folder / "d"
        folder.mkdir()
    return folder


def unnest(folder: Path) -> None:
    """Remove a chain made by `nest`, bottom-up (a recursive rmtree would overflow the stack)."""
    chain = [folder / "d"]
    while (chain[-1] / "d").is_dir():
        chain.append(chain[-1] / "d")
    for path in reversed(chain):
        path.rmdir()


NOBODY = 65534  # the user the non-root fallback is tried as


@pytest.fixture
def nobodys(tmp_path: Path) -> Iterator[Path]:
    """A folder of the system's temporary folder that NOBODY owns (tmp_path is root's alone), removed after;
    skipped where the tests do not run as root or NOBODY has no interpreter to run the grader with."""
    from grader.sandbox.environment import others_may, unprivileged_python  # noqa: PLC0415 - the sandbox imports pexpect

    if os.geteuid() != 0 or unprivileged_python() is None:
        pytest.skip("trying the grader as another user needs root and an interpreter every user may run")
    if not others_may(str(ROOT / "grader" / "__main__.py"), stat.S_IROTH):
        pytest.skip(f"trying the grader as another user needs a checkout every user may read ({ROOT} is not)")
    folder = Path(tempfile.mkdtemp(prefix="grader-nobody-"))
    os.chown(folder, NOBODY, NOBODY)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def as_nobody(home: Path, *args: str, timeout: float = 300, **env: str) -> subprocess.CompletedProcess:
    """`python -m grader ARGS` run as NOBODY, from this checkout, with this venv's packages, from `home`
    (every path it must write lies there: chown it to NOBODY first)."""
    from grader.sandbox.environment import unprivileged_python  # noqa: PLC0415

    environment = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
                   "PYTHONPATH": f"{ROOT}:{sysconfig.get_paths()['purelib']}", **env}
    return subprocess.run([unprivileged_python(), "-m", "grader", *args], cwd=ROOT, env=environment, user=NOBODY,
                          group=NOBODY, extra_groups=[], capture_output=True, text=True, timeout=timeout)


def spec_from(text: str, spec_id: str = "inline") -> Spec:
    header = "name: inline\ndescription: an inline spec\npoints: 1\nvisibility: visible\n"
    return parse_spec(header + textwrap.dedent(text), f"{spec_id}.yaml", spec_id)


def grade(folder: Path, spec: Spec, **options) -> Verdict:
    return judge(spec, run_spec(folder, spec, Options(**options)))


# A two-input session every well-behaved echo program below satisfies.
ECHO_SPEC = """
steps:
  - prompt: "name? "
    input: Ada
  - output: |
      hello Ada
    prompt: "again? "
    input: Bob
  - output: |
      hello Bob
"""


def calls(profile: cProfile.Profile, module: str, function: str) -> int:
    """How many times `function` of grader/`module`.py was called while `profile` ran: work counted, never
    timed. A function never seen was moved or misnamed, and a bound on it would hold at 0: that fails."""
    counts = [stat[1] for (file, _, name), stat in pstats.Stats(profile).stats.items()
              if name == function and file.endswith(f"grader/{module}.py")]
    assert counts, f"grader/{module}.py's {function} never ran: is it still there?"
    return sum(counts)
