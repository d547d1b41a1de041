"""The codebreaker that plays seed 000's colour game against a submission.

The program picks a secret the referee cannot see, so every clue is written down and checked once the
game reveals the secret: the winning guess on a win, the code in the loss line on a loss. Every other
line (banner, prompts, error messages, win and loss lines) is checked as it comes, against the exact
text the rules give. Settings (the spec's `referee:` keys):

- `goal: win` plays to win (each guess keeps every clue so far true, chosen to split the remaining
  codes best); `goal: lose` never plays a code still possible while it has other guesses, starting
  with one-colour guesses (`RRRR`): eight wrong guesses, and repeated colours every time.
- `typing: plain | lower | spaced | mixed` how guesses are typed (`RGBY`, `rgby`, `R G B Y`, or in
  turn `R G B Y`, `  rg BY `, `rgby`).
- `bad_entries: [...]` typed (each must get its message and the same prompt again) before guess
  number `bad_before` (default 1).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from itertools import product

from grader.referee import Referee as Base, Ruling, objection, upheld

COLOURS = "RGBYOP"
LENGTH, GUESSES = 4, 8
CODES = ["".join(code) for code in product(COLOURS, repeat=LENGTH)]
BANNER = "Mastermind: enter four letters from R G B Y O P.\n"
LENGTH_MESSAGE, PALETTE_MESSAGE = "Enter exactly four letters.", "Use only R, G, B, Y, O, or P."
CLUE = re.compile(r"Clue: (\d+) exact, (\d+) misplaced\n")
LOSS = re.compile(r"No guesses left\. The code was ([RGBYOP]) ([RGBYOP]) ([RGBYOP]) ([RGBYOP])\n")
SOME_CLUE = "Clue: <exact> exact, <misplaced> misplaced\n"
SOME_LOSS = "No guesses left. The code was <the secret, letters separated by spaces>\n"
SMALL_POOL = 4  # `goal: lose` avoids a possible code once this few remain: it would likely win
MIXED = ("spaced", "padded", "lower")  # `typing: mixed`, guess after guess
CANDIDATES = 30  # `goal: win` weighs at most this many possible codes per guess (keeps it quick)


def score(secret: str, guess: str) -> tuple[int, int]:
    """Exact positions, then colours in the wrong place, each secret peg matched at most once."""
    exact = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(colour), guess.count(colour)) for colour in COLOURS)
    return exact, common - exact


def message_for(entry: str) -> str | None:
    """The error message the rules give for a typed entry, None when it is a valid guess."""
    letters = "".join(entry.strip().upper().split())
    if len(letters) != LENGTH:
        return LENGTH_MESSAGE
    if set(letters) - set(COLOURS):
        return PALETTE_MESSAGE
    return None


def spaced(code: str) -> str:
    return " ".join(code)


class Referee(Base):
    def __init__(self, rng: random.Random, goal: str = "win", typing: str = "plain",
                 bad_entries: list[str] | tuple[str, ...] = (), bad_before: int = 1) -> None:
        super().__init__(rng)
        if goal not in ("win", "lose") or typing not in ("plain", "lower", "spaced", "mixed"):
            raise ValueError("goal is win or lose; typing is plain, lower, spaced or mixed")
        if any(message_for(entry) is None for entry in bad_entries):
            raise ValueError("every bad entry must be invalid by the rules")
        self.goal, self.typing = goal, typing
        self.bad = list(bad_entries)
        self.bad_before = bad_before
        self.outputs: list[str] = []
        self.clues: list[tuple[int, str, tuple[int, int]]] = []  # (step, guess, clue the program gave)
        self.pool = list(CODES)
        self.plan = [colour * LENGTH for colour in rng.sample(COLOURS, len(COLOURS))]
        self.typed: str | None = None  # the code of the last valid guess, or the last bad entry
        self.turn = 1  # the guess number the program should ask for next

    # ------------------------------------------------------------ what the program must print

    def _heard(self, output: str) -> tuple[str, str, tuple[int, int] | None] | Ruling:
        """Check the start of an output (what answers the last entry): that start, the rest, the clue."""
        self.outputs.append(output)
        step = len(self.outputs) - 1
        if self.typed is None:
            head = BANNER
        elif self.typed not in CODES:
            head = (message_for(self.typed) or "") + "\n"
        else:
            found = CLUE.match(output)
            if not found:
                return objection(f"after the guess {self.typed}, the first line must be its clue",
                                 step, SOME_CLUE + "...")
            clue = (int(found.group(1)), int(found.group(2)))
            self.clues.append((step, self.typed, clue))
            self.pool = [code for code in self.pool if score(code, self.typed) == clue]
            return output[:found.end()], output[found.end():], clue
        if not output.startswith(head):
            return objection(f"the output must start with {head.strip()!r}, then ask for guess {self.turn} again"
                             if self.typed else "the output must start with the banner", step, head + self._prompt())
        return head, output[len(head):], None

    def _prompt(self) -> str:
        return f"Guess {self.turn}/{GUESSES}: "

    def reply(self, output: str) -> str | Ruling:
        heard = self._heard(output)
        if isinstance(heard, Ruling):
            return heard
        head, rest, clue = heard
        step = len(self.outputs) - 1
        if clue is not None:
            if clue[0] == LENGTH:
                return objection(f"the clue says every position is exact, so the game is won and must end; "
                                 f"the program asked for input instead", step,
                                 head + f"You cracked the code in {self.turn} guesses.\n")
            if self.turn == GUESSES:
                return objection(f"that was guess {GUESSES} of {GUESSES}: the game is lost and must end, "
                                 "showing the code; the program asked for input instead", step, head + SOME_LOSS)
            self.turn += 1
        if rest != self._prompt():
            return objection(f"the program must ask for guess {self.turn} with {self._prompt()!r}", step,
                             head + self._prompt())
        if self.bad and self.turn == self.bad_before:
            self.typed = self.bad.pop(0)
            return self.typed
        self.typed = self._guess()
        return self._typed_form(self.typed)

    def finish(self, output: str) -> Ruling:
        heard = self._heard(output)
        if isinstance(heard, Ruling):
            return heard
        head, rest, clue = heard
        step = len(self.outputs) - 1
        if clue is None or (clue[0] != LENGTH and self.turn < GUESSES):
            return objection(f"the program ended, but the game was not over: it must ask for guess "
                             f"{self.turn + (clue is not None)}", step,
                             head + f"Guess {self.turn + (clue is not None)}/{GUESSES}: ")
        if clue[0] == LENGTH:
            secret, ending = self.typed or "", f"You cracked the code in {self.turn} guesses.\n"
            if rest != ending:
                return objection("after a winning guess the program must print the win line, then end",
                                 step, head + ending)
        else:
            lost = LOSS.fullmatch(rest)
            if not lost:
                return objection("after the last guess the program must print the loss line with the code, "
                                 "then end", step, head + SOME_LOSS)
            secret = "".join(lost.groups())
        return self._check_clues(secret)

    def _check_clues(self, secret: str) -> Ruling:
        """Every clue the program gave, against the secret the game revealed."""
        for number, (step, guess, clue) in enumerate(self.clues, start=1):
            right = score(secret, guess)
            if clue != right:
                wrong = CLUE.match(self.outputs[step])
                expected = f"Clue: {right[0]} exact, {right[1]} misplaced\n" + self.outputs[step][wrong.end():]
                return objection(f"the code was {spaced(secret)}, so guess {number} ({guess}) scores {right[0]} "
                                 f"exact, {right[1]} misplaced; the program said {clue[0]} exact, {clue[1]} "
                                 "misplaced", step, expected)
        outcome = f"won in {self.turn}" if self.clues and self.clues[-1][2][0] == LENGTH else "lost after 8"
        return upheld(f"{outcome} guesses; every clue right for the code {spaced(secret)}")

    # ------------------------------------------------------------ how the referee plays

    def _guess(self) -> str:
        if self.goal == "lose":
            return self._losing_guess()
        if not self.clues:
            first, second = self.rng.sample(COLOURS, 2)
            return first * 2 + second * 2
        if not self.pool:  # the clues contradict each other: play on to see the secret
            return self.rng.choice(CODES)
        return self._best_split()

    def _best_split(self) -> str:
        """Of some codes still possible (the generator's sample), the one whose worst clue leaves the fewest."""
        def worst(candidate: str) -> int:
            return max(Counter(score(code, candidate) for code in self.pool).values())

        candidates = self.rng.sample(self.pool, min(len(self.pool), CANDIDATES))
        return min(candidates, key=worst)

    def _losing_guess(self) -> str:
        possible = set(self.pool)
        while self.plan:
            planned = self.plan.pop(0)
            if planned not in possible or len(possible) > SMALL_POOL:
                return planned
        impossible = [code for code in CODES if code not in possible and len(set(code)) < LENGTH]
        return self.rng.choice(impossible)

    def _typed_form(self, code: str) -> str:
        style = self.typing if self.typing != "mixed" else MIXED[len(self.clues) % len(MIXED)]
        if style == "lower":
            return code.lower()
        if style == "spaced":
            return spaced(code)
        if style == "padded":
            return f"  {code[:2].lower()} {code[2:]} "
        return code
