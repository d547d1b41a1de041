"""What an exploration tells: the shrunk game as a transcript a student reads and replays (the inputs,
what the reference printed, what the program printed, the rule), its JSON, and the spec file `--save`
starts from (its inputs; `record` writes the rest). Pure: plain data in, text out."""

from __future__ import annotations

import json
from typing import Any

from grader.explore.difference import Finding
from grader.explore.search import Exploration
from grader.judge.judging import shown_input
from grader.judge.rendering import program_lines
from grader.base.wording import count_of


WHOLE_GAME = "the whole game"  # what a saved spec is named after where the suite declares no rules


def rate(exploration: Exploration) -> str:
    """Games per second, as the summary line says it."""
    played = exploration.games + exploration.shrink_games
    return f"{played / exploration.seconds:.1f} games/s" if exploration.seconds > 0 else "-"


def summary(exploration: Exploration, budget: int, seed: int) -> str:
    """One line: how many games were played, how fast, and whether one differed."""
    how = f"{count_of(exploration.games, 'game')} of {budget} (seed {seed}) in {exploration.seconds:.1f} s, {rate(exploration)}"
    if exploration.finding is None:
        return f"No difference from the reference in {how}."
    return (f"A difference from the reference in {how}, shrunk in {count_of(exploration.shrink_games, 'more game')} "
            f"to {count_of(len(exploration.finding.inputs), 'input')}.")


def transcript(finding: Finding, input_labels: tuple[str, ...] = ()) -> list[str]:
    """The game to replay: the rule broken, each input to type, then what the reference printed where the
    program went wrong and what the program printed there."""
    judged = f"Rule {finding.rule}: {finding.description}" if finding.rule else finding.description
    lines = [judged, f"What went wrong: {finding.message}", "",
             "Replay it: run your program and type these inputs, one at each prompt:"]
    width = len(str(len(finding.inputs)))
    for number, typed in enumerate(finding.inputs, start=1):
        label = f"  ({input_labels[number - 1]})" if number <= len(input_labels) else ""
        lines.append(f"  {number:>{width}}. {shown_input(typed)}{label}")
    where = "at start-up" if finding.step == 0 else f"after input {finding.step}"
    lines += ["", f"The reference printed {where}:", *(f"  {line}" for line in program_lines(finding.expected)),
              "", "Your program printed there:", *(f"  {line}" for line in program_lines(finding.got))]
    return lines


def as_json(exploration: Exploration) -> dict[str, Any]:
    """The `--json` file: found, the inputs (key first), the rule, the outputs at the differing step, the
    games played and the seconds taken."""
    finding = exploration.finding
    return {"found": finding is not None, "inputs": list(finding.inputs) if finding else [],
            "rule": finding.rule if finding else "", "expected": finding.expected if finding else "",
            "got": finding.got if finding else "", "games": exploration.games,
            "seconds": round(exploration.seconds, 3)}


def spec_text(finding: Finding, seed: int) -> str:
    """A spec file holding the game's inputs and its rule (none where the suite declares none, its specs
    compared line by line), for `record` to fill in from the reference."""
    steps = "\n".join(f"  - input: {json.dumps(typed, ensure_ascii=False)}" for typed in finding.inputs)
    broke = f"broke the rule\n  {finding.rule}" if finding.rule else "printed other lines than the\n  reference"
    return (f"name: {json.dumps(f'Explored: {finding.rule or WHOLE_GAME}')}\n"
            "description: >\n"
            f"  The shortest game `grader explore` (seed {seed}) found in which a program {broke}: "
            f"{finding.message.replace(chr(10), ' ')}\n"
            "points: 1\n"
            "visibility: hidden\n"
            + (f"rule: {finding.rule}\n" if finding.rule else "")
            + f"steps:\n{steps}\n")
