"""Replaying the rule specs of a program that never reads the key, the way it plays (the shell around
grader/judge/replay.py): its own first question answered, the key line left out where it never asks for
one, the secret its scores fit typed where the spec types the key as a guess. Programs that read the key
are never replayed."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from grader.engine.runner import Options, play_session, spec_options
from grader.judge.judging import Session, Verdict
from grader.judge.replay import (ANSWERS, ASKED_AGAIN, Played, Start, asks_for_guess, judge_replayed, last_line,
                                 own_secret, pooled_secret, probe_guesses, probed_secret, program_start,
                                 replay_inputs, replayable, replay_said, scoring_order, spec_frame, unread_key)
from grader.spec.assignment import command_line


@dataclass
class _Player:
    """Types the answers to the program's own first question while it asks that question again, then the
    spec's inputs the way it plays (without the key line where it never asks for one, `secret` typed for
    the key), or else `probe`'s guesses where it never asks for one."""

    verdict: Verdict
    start: Start
    secret: str | None
    probe: tuple[str, ...] = ()
    answers: int = 0
    played: Played | None = None
    inputs: tuple[str, ...] = ()

    def __call__(self, step: int, output: str) -> str | None:
        if self.played is None:
            asking = step == 0 or last_line(output) == self.start.question
            if self.start.question and asking and self.answers < len(ANSWERS):
                self.answers += 1
                return ANSWERS[self.answers - 1]
            spec = self.verdict.spec
            self.played = self.start.played(ANSWERS[self.answers - 1] if self.answers and not asking else "",
                                            self.answers, asks_for_guess(spec, last_line(output)))
            keyless = self.played.keyless
            if self.probe:
                self.inputs = self.probe if keyless else ()  # a program that reads a key needs no probe
            else:
                self.inputs = replay_inputs(spec, keyless, self.secret if keyless else None)
        at = step - self.answers
        return self.inputs[at] if at < len(self.inputs) else None


def _session(submission: Path, player: _Player, options: Options) -> Session:
    spec = player.verdict.spec
    options = spec_options(options, spec)
    argv = command_line(options.command, options.script, spec.arguments, spec.program_seed)  # the typed run's secret
    return play_session(submission, player, options, spec.timeout, argv)


def _probe_secret(submission: Path, verdict: Verdict, start: Start, options: Options, order: tuple[int, ...] | None) -> str | None:
    """The secret the program plays in this spec's run (seeded alike), learnt from a run of guesses that
    tell every secret apart, where the spec's own guesses are too few to name it."""
    guesses = probe_guesses(verdict.spec)
    player = _Player(verdict, start, None, guesses)
    session = _session(submission, player, options) if guesses else None
    if session is None or player.played is None or not player.played.keyless:
        return None
    return probed_secret(verdict.spec, spec_frame(session.outputs, player.answers, False), guesses, order)


def _replayed(submission: Path, verdict: Verdict, start: Start, options: Options,
              order: tuple[int, ...] | None, pooled: str | None) -> tuple[Verdict, Played, bool] | None:
    """One rule spec replayed and judged, with how it was played and whether a probe named its secret;
    None when the program never got past its own question or the spec is about reading the key, which
    this program never does. The secret typed for the key is the one its scores fit as typed, in every
    spec together, or in a probe."""
    spec = verdict.spec
    secret = own_secret(spec, verdict.outputs, order) or pooled
    probed = secret is None and (start.keyless or start.kind == ASKED_AGAIN)
    secret = _probe_secret(submission, verdict, start, options, order) if probed else secret
    player = _Player(verdict, start, secret)
    session = _session(submission, player, options)
    played = player.played
    if played is None or not replayable(spec, played.keyless):
        return None
    session = replace(session, outputs=spec_frame(session.outputs, played.answers, played.keyless), echoed=())
    secret = own_secret(spec, session.outputs, order) or secret
    judged = judge_replayed(spec, session, secret if played.keyless else None, order)
    judged = unread_key(judged, spec) if played.keyless else judged
    labels = (played.first_input(spec.input_labels[0] if spec.input_labels else "the first input"),
              *spec.input_labels[1:])
    return replace(judged, spec=replace(judged.spec, input_labels=labels)), played, probed and secret is not None


def replay_keyless(submission: Path, verdicts: list[Verdict], options: Options) -> list[Verdict]:
    """The verdicts of a program that never reads the key, its rule specs replayed the way it plays (each
    keeps the better of its two verdicts), every one told why at the top; any other program's as they are."""
    start = program_start(verdicts)
    if start is None:
        return verdicts
    order = scoring_order([v.spec for v in verdicts])
    pooled = pooled_secret(verdicts, order)
    out, played, replayed, probed = [], [], [], 0
    for verdict in verdicts:
        again = _replayed(submission, verdict, start, options, order, pooled) if replayable(verdict.spec, False) else None
        if again is not None:
            played.append(again[1])
            replayed.append(verdict.spec.id)
            probed += again[2]
        out.append(again[0] if again is not None and again[0].score >= verdict.score else verdict)
    said = replay_said(start, played, replayed, out, probed)
    return [replace(verdict, first_step=said) for verdict in out]

