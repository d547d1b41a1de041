"""`make test` runs the suite on two workers with `--dist loadgroup`: a test marked with an xdist group
runs in the one worker that runs its whole group (tests/xdist_groups.py keeps it so on pytest 9.2), so
the corpus is graded once and the wall-clock tests never run beside the one that loads every core."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
GROUPED = """
import os
import pytest

pytestmark = pytest.mark.xdist_group("together")


@pytest.mark.parametrize("number", range(6))
def test_grouped(number, tmp_path_factory):
    (tmp_path_factory.getbasetemp().parent / f"grouped{number}").write_text(os.environ["PYTEST_XDIST_WORKER"])
"""


def test_a_group_runs_in_one_worker(tmp_path: Path):
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text(f"import sys\nsys.path.insert(0, {str(TESTS)!r})\n"
                                       "from xdist_groups import pytest_collection_modifyitems\n")
    (suite / "test_grouped.py").write_text(GROUPED)
    (suite / "test_other.py").write_text("".join(f"def test_other{number}():\n    pass\n" for number in range(6)))
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q", "-p", "no:cacheprovider",
                           f"--basetemp={tmp_path / 'runs'}", "test_grouped.py", "test_other.py"],
                          cwd=suite, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    ran = sorted((tmp_path / "runs").glob("grouped*"))  # the workers' base folders' parent
    assert len(ran) == 6 and len({path.read_text() for path in ran}) == 1, [path.read_text() for path in ran]
