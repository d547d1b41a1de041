"""A referee's randomness the program cannot compute: every Python run's `random` starts from its spec's seed (the
same grade every time), so the referee's own generator is derived from that seed and the assignment's key
(grader/engine/referee.py), which no run can read. A codebreaker that copied its own generator drew the
referee's secret and passed the hidden random-combination spec with no solving logic."""

from __future__ import annotations

import shutil
from pathlib import Path

from grader.commands.options import assignment_options
from grader.engine.referee import KEY_FILE
from grader.engine.runner import grade_spec
from grader.spec.assignment import load_assignment
from grader.spec.specs import load_specs

ROOT = Path(__file__).resolve().parents[2]
CODEBREAKER = ROOT / "assignments" / "codebreaker"


def test_a_program_that_copies_its_own_generator_does_not_draw_the_referee_s_secret() -> None:
    assert (CODEBREAKER / KEY_FILE).is_file()  # made once by `record`, kept with the hidden specs
    (spec,) = [spec for spec in load_specs(CODEBREAKER / "specs") if spec.id == "22-hidden-random-combination"]
    options = assignment_options(load_assignment(CODEBREAKER))
    verdict = grade_spec(ROOT / "tests" / "hostile" / "copied_generator", spec, options)
    assert not verdict.passed and verdict.score == 0, verdict


def test_without_its_key_the_referee_plays_the_seed_as_it_is(tmp_path: Path) -> None:
    # What a handout's check does (no key there): the attack then wins, which is why the key stays out of handouts.
    shutil.copytree(CODEBREAKER, tmp_path / "codebreaker", ignore=shutil.ignore_patterns(KEY_FILE, "__pycache__"))
    (spec,) = [spec for spec in load_specs(tmp_path / "codebreaker" / "specs")
               if spec.id == "22-hidden-random-combination"]
    options = assignment_options(load_assignment(tmp_path / "codebreaker"))
    assert grade_spec(ROOT / "tests" / "hostile" / "copied_generator", spec, options).passed
