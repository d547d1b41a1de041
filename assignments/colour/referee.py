"""The codebreaker that plays seed 000's colour game against a submission.

The program picks a secret the referee cannot see, so every clue is written down and checked once the
game reveals the secret: the winning guess on a win, the code the loss shows on a loss. A spec judges
its own rule's facts (specs/suite.yaml) and reads them as every rule spec does, from words and numbers:
a clue is `exact` and `misplaced` each next to its number, a message is its words, the loss is a line
showing a code, so a clue printed as `Guess 3: RGBY - misplaced 1, exact 2` is as good as the handout's.
The presentation specs (a rule without facts) compare every line exactly instead, numbers aside but for
the prompt's (the guess number and the rows: no rule spec reads the prompt).
Settings (the spec's `referee:` keys):

The number of guesses is the variant's `rows` (assignment.yaml `parameters:`), so every spec plays
every variant: a program written for another variant's rows ends too early or asks for one guess too
many, and loses the specs of the rules that differ (the loss). A spec with bad entries that judges
their not counting objects to an early end only where the bad entries, counted as guesses, fill the
rows (or the last prompt's number counts them): a board of other rows is the loss rule's mistake,
whichever way it is off.

- `goal: win` plays to win (each guess keeps every clue so far true, chosen to split the remaining
  codes best; on clues that contradict each other, by their exact counts alone); `goal: lose` never
  plays a code still possible while it has other guesses, starting with one-colour guesses (`RRRR`):
  a wrong guess in every row, and repeated colours every time.
- `typing: plain | lower | spaced | mixed` how guesses are typed (`RGBY`, `rgby`, `R G B Y`, or in
  turn `R G B Y`, `  rg BY `, `rgby`).
- `bad_entries: [...]` typed (each must be refused, using up no guess) before guess number
  `bad_before` (default 1).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from itertools import product

from grader.referee import Referee as Base, Ruling, StepFacts, Unit, objection, upheld

COLOURS = "RGBYOP"
LENGTH = 4
OVERTIME = 4  # valid guesses past the last row a rule spec plays before it stops a game that does not end
CODES = ["".join(code) for code in product(COLOURS, repeat=LENGTH)]
BANNER = "Mastermind: enter four letters from R G B Y O P.\n"
LENGTH_MESSAGE, PALETTE_MESSAGE = "Enter exactly four letters.", "Use only R, G, B, Y, O, or P."
MESSAGES = {"length": LENGTH_MESSAGE, "palette": PALETTE_MESSAGE}  # the suite's message names
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


def masked(text: str) -> str:
    """Text with its numbers left out: the presentation specs compare the rest, the rule specs the numbers."""
    return re.sub(r"\d+", "#", text)


def asked(output: str, words: str) -> str:
    """The prompt an output ends with, quoted into `words` (empty when it ends with none): a report of a game
    that ends too early or too late shows the program's own count of the guesses."""
    prompt = output.rsplit("\n", 1)[-1]
    return words.format(repr(prompt)) if prompt.strip() else ""


def _said(clue: tuple[int, int]) -> str:
    return f"{clue[0]} exact, {clue[1]} misplaced"


def win_line(turn: int) -> str:
    return f"You cracked the code in {turn} guesses.\n"


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
        self.bad_typed = 0  # how many of them the program has been given
        self.bad_before = bad_before
        self.outputs: list[str] = []
        self.clues: list[tuple[int, str, tuple[int, int]]] = []  # (step, guess, clue the program gave)
        self.pool = list(CODES)
        self.plan = [colour * LENGTH for colour in rng.sample(COLOURS, len(COLOURS))]
        self.typed: str | None = None  # the code of the last valid guess, or the last bad entry
        self.turn = 1  # the guess number the program should ask for next
        if not isinstance(self.parameters.get("rows"), int):
            raise ValueError("the colour game needs the parameter `rows` (assignment.yaml `parameters:`), a number")
        self.rows = self.parameters["rows"]  # the variant's number of guesses

    # ------------------------------------------------------------ what the program must print

    def _heard(self, output: str) -> tuple[str, str, tuple[int, int] | None] | Ruling:
        """The start of an output (what answers the last entry), the rest, and the clue: exactly as
        the rules print it for a presentation spec, else read from words and numbers."""
        self.outputs.append(output)
        step = len(self.outputs) - 1
        if self.judged:
            return self._read_clue(output, step)
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
            return output[:found.end()], output[found.end():], self._clue(step, clue)
        if not output.startswith(head):
            return objection(f"the output must start with {head.strip()!r}, then ask for guess {self.turn} again"
                             if self.typed else "the output must start with the banner", step, head + self._prompt())
        return head, output[len(head):], None

    def _read_clue(self, output: str, step: int) -> tuple[str, str, tuple[int, int] | None] | Ruling:
        """A rule spec's reading: a bad entry must be refused (with its own message where the rule is
        which message), a valid guess must get one clue."""
        facts = self.read(output)
        if self.typed is None:
            return "", output, None
        if self.typed not in CODES:
            return self._refused(facts, step)
        mine = [record for record in facts.records if record.guess in ("", self.typed)]
        if not mine:
            said = f" (it said {' / '.join(MESSAGES.get(kind, kind) for kind in facts.messages)!r})" if facts.messages else ""
            return objection(f"the guess {self._typed_form(self.typed)!r} is {self.typed}: it must get a clue, "
                             f"a line with its exact and misplaced counts{said}", step, SOME_CLUE + "...")
        exact, misplaced = (int(value) for value in mine[-1].values)
        return "", output, self._clue(step, (exact, misplaced))

    def _refused(self, facts: StepFacts, step: int) -> tuple[str, str, None] | Ruling:
        typed, expected = self.typed or "", message_for(self.typed or "") or ""
        if facts.records:
            return objection(f"{typed!r} is no guess ({expected}), but the program gave it a clue: a bad entry "
                             "must be refused and use up no guess", step, expected + "\n")
        if "rejection" in self.judged and (facts.clashes or [MESSAGES.get(kind) for kind in facts.messages] != [expected]):
            said = " then ".join(repr(MESSAGES.get(kind, kind)) for kind in facts.messages) or "no message"
            if facts.clashes:
                said = f"a line that reads as two messages ({facts.clashes[0].strip()!r})"
            return objection(f"the entry {typed!r} must get {expected!r} (its words; punctuation aside); the program "
                             f"said {said}", step, expected + "\n")
        return "", "", None

    def _clue(self, step: int, clue: tuple[int, int]) -> tuple[int, int]:
        """Write a clue down and keep the codes it leaves possible (on clues that contradict each
        other, the codes their exact counts leave, so that a miscounted misplaced does not stop play)."""
        guess = self.typed or ""
        self.clues.append((step, guess, clue))
        self.pool = [code for code in self.pool if score(code, guess) == clue]
        if not self.pool:
            self.pool = [code for code in CODES if all(score(code, g)[0] == c[0] for _, g, c in self.clues)]
        return clue

    def _counted_bad_entries(self) -> bool:
        """The game ended early just where counting the bad entries typed as guesses ends it, or the program's
        last prompt numbered them as guesses: that is the not-counted rule broken. An early end at another
        count is the loss rule's (a board of other rows). The prompt tells it in another variant's rows too,
        where a program of this variant that counts bad entries must not seem to fit better."""
        counted = self.turn + self.bad_typed
        numbers = re.findall(r"\d+", self.outputs[-2].rsplit("\n", 1)[-1]) if len(self.outputs) > 1 else []
        return self.bad_typed > 0 and (counted == self.rows or numbers[:1] == [str(counted)])

    def _last_asked(self) -> str:
        """What the program asked before its last input, for a report that says the game ended early."""
        return asked(self.outputs[-2], " (it last asked {})") if len(self.outputs) > 1 else ""

    def _prompt(self) -> str:
        return f"Guess {self.turn}/{self.rows}: "

    def _ends_here(self, step: int, head: str, clue: tuple[int, int]) -> Ruling | None:
        """The program asked for input after a clue that ends the game: an objection where this spec
        judges how the game ends, else (a rule spec of another rule) the ruling on its own facts."""
        won = clue[0] == LENGTH
        if won and (not self.judged or "won" in self.judged):
            return objection("the clue says every position is exact, so the game is won and must end; "
                             "the program asked for input instead", step, head + win_line(self.turn))
        if won:
            return self._ruling(self.typed or "", won=True)
        if self.turn == self.rows and (not self.judged or "lost" in self.judged):
            instead = asked(self.outputs[step], " ({})")
            return objection(f"that was guess {self.rows} of {self.rows}: the game is lost and must end, showing the "
                             f"code; the program asked for input instead{instead}", step, head + SOME_LOSS)
        if self.turn == self.rows + OVERTIME:
            return objection(f"the game went on past guess {self.turn}: it must end after {self.rows} guesses", step)
        return None

    def reply(self, output: str) -> str | Ruling:
        heard = self._heard(output)
        if isinstance(heard, Ruling):
            return heard
        head, rest, clue = heard
        step = len(self.outputs) - 1
        if clue is not None:
            ended = self._ends_here(step, head, clue)
            if ended is not None:
                return ended
            self.turn += 1
        if not self.judged and rest != self._prompt():  # its numbers too: the guess and the rows it asks for
            return objection(f"the program must ask for guess {self.turn} with {self._prompt()!r}", step,
                             head + self._prompt())
        if self.bad and self.turn == self.bad_before:
            self.typed = self.bad.pop(0)
            self.bad_typed += 1
            return self.typed
        self.typed = self._guess()
        return self._typed_form(self.typed)

    def finish(self, output: str) -> Ruling:
        heard = self._heard(output)
        if isinstance(heard, Ruling):
            return heard
        head, rest, clue = heard
        step = len(self.outputs) - 1
        early = clue is not None and clue[0] != LENGTH and self.turn < self.rows
        number = self.turn + (clue is not None)
        if early and "rejected" in self.judged and self._counted_bad_entries():
            return objection(f"the program ended after {self.turn} valid guesses and {self.bad_typed} bad entries, "
                             f"{self.turn + self.bad_typed} in all{self._last_asked()}: a bad entry must use up no guess, so it must "
                             f"ask for guess {number}", step, head + f"Guess {number}/{self.rows}: ")
        if clue is None or (early and (not self.judged or "lost" in self.judged)):
            return objection(f"the program ended, but the game was not over{self._last_asked()}: it must ask for guess "
                             f"{number}", step, head + f"Guess {number}/{self.rows}: ")
        if self.judged:
            return self._judged_end(output, clue[0] == LENGTH, step)
        if clue[0] == LENGTH:
            if masked(rest) != masked(win_line(self.turn)):
                return objection("after a winning guess the program must print the win line, then end",
                                 step, head + win_line(self.turn))
            return upheld(f"won in {self.turn} guesses, every line as the rules print it")
        if not LOSS.fullmatch(rest):
            return objection("after the last guess the program must print the loss line with the code, "
                             "then end", step, head + SOME_LOSS)
        return upheld(f"lost after {self.rows} guesses, every line as the rules print it")

    def _judged_end(self, output: str, won: bool, step: int) -> Ruling:
        """How the game ended, as far as this spec's rule is concerned."""
        facts = self.read(output)
        wins = facts.found("won")
        lines = [self.read(line) for line in output.splitlines()]
        if won and "one_ending" in self.judged and any(line.codes and not line.found("won") for line in lines):
            return objection("the game was won, but the program also shows the code as a loss would: a game ends "
                             "one way", step, win_line(self.turn))
        if won and "won" in self.judged:
            counts = facts.found("count")
            if len(wins) != 1:
                return objection("after the winning guess the program must say, once, that the game is won",
                                 step, win_line(self.turn))
            if "count" in self.judged and counts != [(str(self.turn),)]:
                said = " and ".join(f"{numbers[0]} guesses" for numbers in counts) or "no count of guesses"
                return objection(f"win: {said} instead of {self.turn} guesses", step, win_line(self.turn))
        if not won and wins and {"won", "lost"} & set(self.judged):
            return objection("no guess got every position exact, but the program says the game is won", step)
        if not won and self.goal == "win" and {"won", "accepted"} & set(self.judged):
            return objection(f"the referee played to win, but the game ended after {self.turn} guesses with no "
                             f"clue of {LENGTH} exact", step)
        if not won and "lost" in self.judged and not facts.codes:
            return objection(f"after guess {self.rows} the program must end with a line that shows the code", step,
                             SOME_LOSS)
        secret = (self.typed or "") if won else (facts.codes[-1] if facts.codes else "")
        return self._ruling(secret, won)

    def _ruling(self, secret: str, won: bool) -> Ruling:
        """Every clue the program gave, against the secret the game revealed (a scoring spec), or,
        where it revealed none, against every code: some code must get them all."""
        outcome = f"won in {self.turn} guesses" if won else f"lost after {self.turn} guesses"
        if "scores" not in self.judged:
            return upheld(f"{outcome}; every fact of its rule right")
        if not secret:
            if any(all(score(code, guess) == clue for _, guess, clue in self.clues) for code in CODES):
                return upheld(f"{outcome}; the code was not shown, and every clue fits some code")
            return objection("the code was not shown, and no code gets every clue the program gave")
        units = tuple(Unit("scores", step, clue == score(secret, guess), False, f"the clue of guess {number} ({guess})",
                           _said(score(secret, guess)), _said(clue))
                      for number, (step, guess, clue) in enumerate(self.clues, start=1))
        first = next((index for index, unit in enumerate(units) if not unit.right), None)
        if first is None:
            return upheld(f"{outcome}; every clue right for the code {spaced(secret)}")
        step, guess, _ = self.clues[first]
        return objection(f"the code was {spaced(secret)}, so guess {first + 1} ({guess}) scores {units[first].expected}; "
                         f"the program said {units[first].actual}", step, self._corrected(step, score(secret, guess)),
                         units)

    def _corrected(self, step: int, right: tuple[int, int]) -> str:
        """The output of a step with its clue put right: the handout's clue line, then the rest as printed."""
        output = self.outputs[step]
        printed = CLUE.match(output)
        return f"Clue: {_said(right)}\n" + (output[printed.end():] if printed else "")

    # ------------------------------------------------------------ how the referee plays

    def _guess(self) -> str:
        if self.goal == "lose":
            return self._losing_guess()
        if not self.clues:
            first, second = self.rng.sample(COLOURS, 2)
            return first * 2 + second * 2
        if not self.pool:
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
