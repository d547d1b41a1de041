"""The other player of seed 001's computer codebreaker: it holds a combination and answers the pegs.

The program guesses (`My guess is RYBG`), asks `How many black pegs? ` then `How many white pegs? `,
and ends by naming the combination (`I think I have it!  Your combination is  RYBG`) or by giving up
(`I could not find any answer that matches your responses.`). Settings (the spec's `referee:` keys):

- `secret: RRGB` the combination to hold (default: one from the referee's seeded generator);
- `liar: true` answers the first guess honestly, then gives an answer no combination could get along
  with the earlier ones: the program must give up, and only then;
- `cap: 10` how many guesses the program may make before the referee stops the game.
"""

from __future__ import annotations

import random
import re
from itertools import product

from grader.referee import Referee as Base, Ruling, objection, upheld

COLOURS = "RYBGPW"
CODES = ["".join(code) for code in product(COLOURS, repeat=4)]
GUESS = re.compile(r"My guess is ([RYBGPW]{4})\n")
BLACK, WHITE = "How many black pegs? ", "How many white pegs? "
SOME_GUESS = "My guess is <four letters from R Y B G P W>\n" + BLACK
GIVE_UP = "I could not find any answer that matches your responses.\n"
# Every (black, white) a guess can get: three black pegs leave no room for a white one.
ANSWERS = [(black, white) for black in range(5) for white in range(5 - black) if (black, white) != (3, 1)]


def pegs(guess: str, answer: str) -> tuple[int, int]:
    """Black: right colour in the right place; white: right colour elsewhere, each peg counted once."""
    black = sum(g == a for g, a in zip(guess, answer))
    common = sum(min(guess.count(colour), answer.count(colour)) for colour in COLOURS)
    return black, common - black


def claim(code: str) -> str:
    return f"I think I have it!  Your combination is  {code}\n"


class Referee(Base):
    def __init__(self, rng: random.Random, secret: str | None = None, liar: bool = False, cap: int = 10) -> None:
        super().__init__(rng)
        if secret is not None and secret not in CODES:
            raise ValueError(f"secret must be four letters from {' '.join(COLOURS)}")
        self.secret = secret or rng.choice(CODES)
        self.liar, self.cap = liar, cap
        self.pool = list(CODES)  # every combination that gets the answers given so far
        self.guesses: list[str] = []
        self.lied = False
        self.step = -1
        self.white: int | None = None  # the white pegs owed to the last guess, once black is answered

    def reply(self, output: str) -> str | Ruling:
        self.step += 1
        if self.white is not None:
            if output != WHITE:
                return objection("after the black pegs, the program must ask for the white pegs", self.step, WHITE)
            white, self.white = self.white, None
            return str(white)
        found = GUESS.match(output)
        if not found or output[found.end():] != BLACK:
            return objection("the program must say its guess, then ask for the black pegs", self.step,
                             self._expected_next())
        if not self.pool:
            return objection("no combination gets every answer given, so the program must give up; it "
                             "guessed again", self.step, GIVE_UP)
        if len(self.guesses) == self.cap:
            return objection(f"the program made {self.cap} guesses without naming the combination "
                             f"({self.secret}); the game stops there", self.step)
        guess = found.group(1)
        self.guesses.append(guess)
        black, self.white = self._answer(guess)
        self.pool = [code for code in self.pool if pegs(guess, code) == (black, self.white)]
        return str(black)

    def _answer(self, guess: str) -> tuple[int, int]:
        """The honest pegs; for a liar, after the first guess, pegs that leave no combination possible."""
        if self.liar and len(self.guesses) == 1 and guess == self.secret:
            self.secret = self.rng.choice([code for code in CODES if code != guess])
        if self.liar and len(self.guesses) > 1 and not self.lied:
            reached = {pegs(guess, code) for code in self.pool}
            impossible = [answer for answer in ANSWERS if answer not in reached]
            if impossible:
                self.lied = True
                return self.rng.choice(impossible)
        return pegs(guess, self.secret)

    def _expected_next(self) -> str:
        if not self.pool:
            return GIVE_UP
        return SOME_GUESS

    def finish(self, output: str) -> Ruling:
        self.step += 1
        if self.white is not None:
            return objection("the program ended after the black pegs: it must ask for the white pegs",
                             self.step, WHITE)
        if not self.pool:
            if output != GIVE_UP:
                return objection("no combination gets every answer given, so the program must give up",
                                 self.step, GIVE_UP)
            return upheld(f"gave up after {len(self.guesses)} guesses, once the answers contradicted each other")
        if output == GIVE_UP:
            example = self.secret if self.secret in self.pool else self.pool[0]
            return objection(f"the program gave up, but {example} (and {len(self.pool) - 1} other combination(s)) "
                             "gets every answer given", self.step, self._expected_next())
        if self.liar or output != claim(self.secret):
            expected = claim(self.secret) if len(self.pool) == 1 else SOME_GUESS
            return objection(f"the combination is {self.secret}: the program must name it exactly as "
                             f"{claim(self.secret).strip()!r}, once the answers leave only that one",
                             self.step, expected)
        return upheld(f"found {self.secret} in {len(self.guesses)} guesses")
