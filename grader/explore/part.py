"""Exploring as a part of the grade (assignment.yaml `explore:`): a spec of its own among the specs, worth
its points and hidden or visible as they are, whose verdict is the exploration's. `check` and `grade` run
it as they run a spec; a difference is the rule spec of the shrunk game judged as any rule spec is, so
the report shows its inputs, the rule and the diff where the program went wrong."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from grader.base.errors import UsageError
from grader.engine.runner import Options, check_submission
from grader.explore.difference import rule_specs
from grader.explore.games import GAMES
from grader.explore.search import Exploration, explore
from grader.judge.judging import PASSED, Verdict, judge
from grader.spec.assignment import Assignment, Exploring, load_assignment
from grader.spec.specs import SUITE_FILE, Spec, Step, Suite, load_suite

PART_ID = "explore"
PART_NAME = "Random games against the reference"


def part_spec(assignment: Assignment, specs_dir: Path) -> Spec | None:
    """The spec standing for the assignment's part of random games, or None when it has none. Its path is
    the suite file whose rules judge the games."""
    exploring = assignment.explore
    if exploring is None:
        return None
    if GAMES.get(assignment.slug) is None or assignment.variants:
        why = "it has variants" if assignment.variants else f"there is no game for it (only for {', '.join(sorted(GAMES))})"
        raise UsageError(f"{assignment.config}: `explore` cannot be played: {why}")
    description = (f"{exploring.games} random games (seed {exploring.seed}) played with the program and the reference "
                   "side by side, judged by the suite's rules; a difference is the shortest game found that shows it.")
    return Spec(PART_ID, PART_NAME, description, exploring.points, exploring.visibility, (Step((), "", None, 0),),
                None, str(specs_dir / SUITE_FILE))


def with_part(specs: list[Spec], assignment: Assignment, specs_dir: Path, visible_only: bool = False) -> list[Spec]:
    """The specs, and the part of random games where the assignment has one, it is not hidden from a run
    of the visible specs only, and its reference is there to play against (a student's handout has none)."""
    part = part_spec(assignment, specs_dir)
    if part is None or (visible_only and part.hidden) or not (assignment.reference / assignment.program).is_file():
        return specs
    return [*specs, part]


def part_verdict(exploration: Exploration, suite: Suite, part: Spec) -> Verdict:
    """The exploration as the part's verdict: passed when no game differed, else the shrunk game's rule
    spec, judged."""
    finding = exploration.finding
    if finding is None or exploration.sessions is None:
        return Verdict(part, PASSED, "passed")
    reference, program = exploration.sessions
    spec = next(spec for spec in rule_specs(reference, finding.inputs, suite) if spec.rule == finding.rule)
    broken = f"The rule it broke: {spec.rule}, {spec.description[:1].lower()}{spec.description[1:]}" if spec.rule \
        else spec.description
    description = f"{part.description} {broken}"
    return judge(replace(spec, id=part.id, name=part.name, description=description, points=part.points,
                         visibility=part.visibility, path=part.path), program)


def _explored(program: Path, part: Spec, options: Options) -> Verdict:
    assignment = load_assignment(Path(options.config).parent)
    exploring, game = assignment.explore, GAMES.get(assignment.slug)
    assert isinstance(exploring, Exploring) and game is not None  # part_spec made the part of this assignment
    suite = load_suite(Path(part.path).parent)
    exploration = explore(program, assignment.reference, suite, options, game, exploring.games, exploring.seed)
    return part_verdict(exploration, suite, part)


def check_with_part(program: Path, specs: list[Spec], options: Options, jobs: int = 1) -> list[Verdict]:
    """Every spec's verdict, in the specs' order: the part of random games explored, the others run."""
    run = iter(check_submission(program, [spec for spec in specs if spec.id != PART_ID], options, jobs))
    return [_explored(program, spec, options) if spec.id == PART_ID else next(run) for spec in specs]
