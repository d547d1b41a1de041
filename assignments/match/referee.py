"""The match's referee: it plays both players. It answers the number of games, types each codemaker's
code as hidden input, and guesses by the spec's plan, checking as the match goes that the right player
makes the code, every key peg line (seed 004's rule for repeated colours), the end of each game, the
codemaker's points and, at the end, the winner or the draw.

Settings: `games` (even, default 2) and `plan`, one number per game: the guess that breaks the code
(1 to 10, the guesses before it random and wrong, repeats and all), or 11 for a code never broken."""

from __future__ import annotations

import re

from grader.referee import Referee as Base, Ruling, answer, hidden, objection, upheld

COLOURS, LENGTH, ROWS = "RGBYOP", 4, 10


def key_pegs(code: str, guess: str) -> tuple[int, int]:
    black = sum(c == g for c, g in zip(code, guess))
    return black, sum(min(code.count(c), guess.count(c)) for c in COLOURS) - black


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def corrected(output: str, starts: str, right: str) -> str:
    """What the program should have printed: `output` with its line whose words start with `starts`
    replaced by `right` (or `right` first, where no line does), so the diff shows that line alone."""
    lines = output.split("\n")
    at = next((i for i, line in enumerate(lines) if _words(line).startswith(starts)), None)
    if at is None:
        return f"{right}\n{output}"
    return "\n".join(lines[:at] + [right] + lines[at + 1:])


class Referee(Base):
    def __init__(self, rng, games: int = 2, plan: list[int] | None = None) -> None:
        super().__init__(rng)
        self.games = games
        self.plan = plan or [rng.randint(1, ROWS + 1) for _ in range(games)]
        self.points = {1: 0, 2: 0}
        self.game = 0  # the game being played (1 on), 0 before the first
        self.code = self.last = ""
        self.guesses = 0
        self.asked = False  # the number of games was answered

    def _maker(self) -> int:
        return 1 if self.game % 2 == 1 else 2

    def _check_guess(self, output: str) -> Ruling | None:
        """The output after a guess: its key pegs, and the end of the game where the plan ends it."""
        black, white = key_pegs(self.code, self.last)
        pegs = f"black {black} white {white}"
        if pegs not in _words(output):
            return objection(f"the guess {self.last} against the code {self.code} earns {black} black and "
                             f"{white} white key pegs",
                             expected=corrected(output, "black", f"Black: {black}, White: {white}"))
        if black == LENGTH and f"broken in {self.guesses} guesses" not in _words(output):
            return objection(f"the code {self.code} was broken by guess {self.guesses}",
                             expected=corrected(output, "broken", f"Broken in {self.guesses} guesses."))
        if self.guesses == ROWS and black < LENGTH and "not broken" not in _words(output):
            return objection(f"ten rows were used without breaking {self.code}",
                             expected=corrected(output, "not broken", f"Not broken. The code was {self.code}."))
        return None

    def _check_points(self, output: str) -> Ruling | None:
        """After a game: the codemaker's points (one per guess, one more if never broken)."""
        earned = self.plan[self.game - 1] if self.plan[self.game - 1] <= ROWS else ROWS + 1
        if f"player {self._maker()} scores {earned} points" not in _words(output):
            return objection(f"player {self._maker()} made the code of game {self.game} and earns {earned} points "
                             f"({min(earned, ROWS)} guesses{', plus one: never broken' if earned > ROWS else ''})",
                             expected=corrected(output, "player", f"Player {self._maker()} scores {earned} points."))
        self.points[self._maker()] += earned
        return None

    def reply(self, output: str) -> str | Ruling:
        """Each reply says what it is (reports show it beside the input); the codes are hidden."""
        prompt = _words(output.rsplit("\n", 1)[-1])
        if self.last:
            ruling = self._check_guess(output)
            if ruling:
                return ruling
            self.last = ""
        if "how many games" in prompt:
            if self.asked:
                return objection(f"{self.games} games were accepted, and the number was asked again")
            self.asked = True
            return answer(str(self.games), "the number of games")
        if "type the code" in prompt:
            if self.game:
                ruling = self._check_points(output)
                if ruling:
                    return ruling
            self.game += 1
            if f"player {self._maker()} makes the code" not in _words(output):
                header = f"Game {self.game} of {self.games}: player {self._maker()} makes the code, player {3 - self._maker()} breaks it."
                return objection(f"player {self._maker()} makes the code in game {self.game} (the roles swap every game)",
                                 expected=corrected(output, "game", header))
            self.code = "".join(self.rng.choice(COLOURS) for _ in range(LENGTH))
            self.guesses = 0
            return hidden(self.code, f"player {self._maker()}'s code, game {self.game}")
        if "guess" in prompt and self.code:
            self.guesses += 1
            if self.guesses == self.plan[self.game - 1]:
                self.last = self.code
            else:
                self.last = self.code
                while self.last == self.code:
                    self.last = "".join(self.rng.choice(COLOURS) for _ in range(LENGTH))
            return answer(self.last, f"guess {self.guesses} of game {self.game}")
        return objection(f"the program waits after {output.rsplit(chr(10), 1)[-1]!r}, where the match expects no input")

    def finish(self, output: str) -> Ruling:
        if self.last:
            ruling = self._check_guess(output)
            if ruling:
                return ruling
        if self.game != self.games:
            return objection(f"the match ended after {self.game} of {self.games} games")
        ruling = self._check_points(output)
        if ruling:
            return ruling
        one, two = self.points[1], self.points[2]
        if one == two:
            line = f"The match is a draw, {one} to {two}."
        else:
            line = f"Player {1 if one > two else 2} wins the match, {max(one, two)} to {min(one, two)}."
        if _words(line) not in _words(output):
            ending = next((w for w in ("the match", "player 1 wins", "player 2 wins")
                           if any(_words(row).startswith(w) for row in output.split("\n"))), "the match")
            return objection(f"the points are {one} for player 1 and {two} for player 2: {line[:-1].lower()}",
                             expected=corrected(output, ending, line))
        return upheld(f"{self.games} games checked")
