"""The other player of seed 001's computer codebreaker: it holds a combination and answers the pegs.

The program guesses (`My guess is RYBG`), asks `How many black pegs? ` then `How many white pegs? `,
and ends by naming the combination (`I think I have it!  Your combination is  RYBG`) or by giving up
(`I could not find any answer that matches your responses.`). A rule spec reads all this as every rule
spec reads facts (specs/suite.yaml), from words: the guess is the code an output shows, a question
asks for the pegs its words name (black or white, in whichever order), the end names a combination or
says the give-up message's words; a presentation spec (a rule without facts) compares every line
exactly. Settings (the spec's `referee:` keys):

- `secret: RRGB` the combination to hold (default: one from the referee's seeded generator);
- `liar: true` answers the first guess honestly, then gives an answer no combination could get along
  with the earlier ones: the program must give up, and only then;
- `impossible: true` answers the first guess, whatever it is, with 3 black and 1 white pegs, which no
  combination can get: the program must give up at once;
- `cap: 10` how many guesses the program may make before the referee stops the game.
"""

from __future__ import annotations

import random
import re
from itertools import product

from grader.referee import Referee as Base, Ruling, StepFacts, objection, upheld

COLOURS = "RYBGPW"
CODES = ["".join(code) for code in product(COLOURS, repeat=4)]
GUESS = re.compile(r"My guess is ([RYBGPW]{4})\n")
BLACK, WHITE = "How many black pegs? ", "How many white pegs? "
SOME_GUESS = "My guess is <four letters from R Y B G P W>\n" + BLACK
GIVE_UP = "I could not find any answer that matches your responses.\n"
# Every (black, white) a guess can get: three black pegs leave no room for a white one.
IMPOSSIBLE = (3, 1)
ANSWERS = [(black, white) for black in range(5) for white in range(5 - black) if (black, white) != IMPOSSIBLE]


def pegs(guess: str, answer: str) -> tuple[int, int]:
    """Black: right colour in the right place; white: right colour elsewhere, each peg counted once."""
    black = sum(g == a for g, a in zip(guess, answer))
    common = sum(min(guess.count(colour), answer.count(colour)) for colour in COLOURS)
    return black, common - black


def claim(code: str) -> str:
    return f"I think I have it!  Your combination is  {code}\n"


class Referee(Base):
    def __init__(self, rng: random.Random, secret: str | None = None, liar: bool = False, cap: int = 10,
                 impossible: bool = False) -> None:
        super().__init__(rng)
        if secret is not None and secret not in CODES:
            raise ValueError(f"secret must be four letters from {' '.join(COLOURS)}")
        self.secret = secret or rng.choice(CODES)
        self.liar, self.cap, self.impossible = liar, cap, impossible
        self.pool = list(CODES)  # every combination that gets the answers given so far
        self.guesses: list[str] = []
        self.lied = False
        self.step = -1
        self.white: int | None = None  # the white pegs owed to the last guess, once black is answered
        self.owed: dict[str, int] = {}  # a rule spec: the pegs owed to the last guess, by colour

    def reply(self, output: str) -> str | Ruling:
        self.step += 1
        if self.judged:
            return self._answer_question(self.read(output))
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
        black, self.white = self._new_guess(found.group(1))
        return str(black)

    def _new_guess(self, guess: str) -> tuple[int, int]:
        """The pegs of a new guess, honest or not; the pool keeps what gets them."""
        self.guesses.append(guess)
        answer = self._answer(guess)
        self.pool = [code for code in self.pool if pegs(guess, code) == answer]
        return answer

    def _answer_question(self, facts: StepFacts) -> str | Ruling:
        """A rule spec: answer the pegs the program asks for, by their colour's name; a new guess is
        the code the output shows."""
        asked = [colour for colour in ("black", "white") if facts.found(colour)]
        if len(asked) != 1:
            return objection("the program must ask for the black or the white pegs, one at a time", self.step,
                             BLACK if not self.owed or "black" in self.owed else WHITE)
        if self.owed:
            if asked[0] not in self.owed or any(code != self.guesses[-1] for code in facts.codes):
                return objection(f"the program must ask for the {' and '.join(self.owed)} pegs of its guess "
                                 f"{self.guesses[-1]} before it guesses again", self.step, WHITE)
            return str(self.owed.pop(asked[0]))
        if not facts.codes:
            return objection("the program must say its guess (four letters from R Y B G P W), then ask for the "
                             "pegs", self.step, SOME_GUESS)
        if not self.pool:
            return objection("no combination gets every answer given, so the program must give up; it "
                             "guessed again", self.step, GIVE_UP)
        if len(self.guesses) == self.cap:
            return objection(f"the program made {self.cap} guesses without naming the combination "
                             f"({self.secret}); the game stops there", self.step)
        self.owed = dict(zip(("black", "white"), self._new_guess(facts.codes[-1])))
        return str(self.owed.pop(asked[0]))

    def _answer(self, guess: str) -> tuple[int, int]:
        """The honest pegs; for a liar, after the first guess, pegs that leave no combination possible;
        `impossible`, pegs no guess can get."""
        if self.impossible:
            return IMPOSSIBLE
        if self.liar and len(self.guesses) == 1 and guess == self.secret:
            self.secret = self.rng.choice([code for code in CODES if code != guess])
        if self.liar and len(self.guesses) > 1 and not self.lied:
            reached = {pegs(guess, code) for code in self.pool}
            unreachable = [answer for answer in ANSWERS if answer not in reached]
            if unreachable:
                self.lied = True
                return self.rng.choice(unreachable)
        return pegs(guess, self.secret)

    def _expected_next(self) -> str:
        if not self.pool:
            return GIVE_UP
        return SOME_GUESS

    def finish(self, output: str) -> Ruling:
        self.step += 1
        if self.judged:
            return self._judged_end(self.read(output))
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
        if self.liar or self.impossible or output != claim(self.secret):
            expected = claim(self.secret) if len(self.pool) == 1 else SOME_GUESS
            return objection(f"the combination is {self.secret}: the program must name it exactly as "
                             f"{claim(self.secret).strip()!r}, once the answers leave only that one",
                             self.step, expected)
        return upheld(f"found {self.secret} in {len(self.guesses)} guesses")

    def _judged_end(self, facts: StepFacts) -> Ruling:
        """A rule spec: the end names the combination, or, once no combination is left, says the give-up
        message's words and names none."""
        if self.owed:
            return objection(f"the program ended before it asked for the {' and '.join(self.owed)} pegs", self.step,
                             WHITE)
        gave_up, named = "give_up" in facts.messages, facts.codes[-1] if facts.codes else None
        if not self.pool:
            if not gave_up or named:
                said = f"it named {named}" if named else "it said no give-up message"
                return objection(f"no combination gets every answer given, so the program must give up with "
                                 f"{GIVE_UP.strip()!r} (its words); {said}", self.step, GIVE_UP)
            return upheld(f"gave up after {len(self.guesses)} guesses, once the answers contradicted each other")
        if gave_up:
            example = self.secret if self.secret in self.pool else self.pool[0]
            return objection(f"the program gave up, but {example} (and {len(self.pool) - 1} other combination(s)) "
                             "gets every answer given", self.step, self._expected_next())
        if self.liar or self.impossible or named != self.secret:
            said = f"it named {named}" if named else "it named no combination"
            return objection(f"the combination is {self.secret}: the program must name it once the answers leave "
                             f"only that one; {said}", self.step, claim(self.secret))
        return upheld(f"found {self.secret} in {len(self.guesses)} guesses")
