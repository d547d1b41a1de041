"""Mastermind match: two players, an even number of games, roles swapping every game.
Read README.md for every rule and message."""

import getpass

COLOURS = "RGBYOP"
LENGTH = 4
ROWS = 10


def key_pegs(code, guess):
    """TODO: (black, white) for `guess` against `code`, repeated colours counted as README.md says."""
    return 0, 0


def main():
    print("Mastermind match: colours R G B Y O P, codes of 4, 10 rows.")
    # TODO: ask how many games (a positive even number, asked again otherwise).
    # TODO: play each game: the codemaker types the code with getpass.getpass (never input()),
    #       the codebreaker guesses, key pegs after each valid guess, at most 10 rows.
    # TODO: the codemaker's points, the totals, and the winner or a draw.


if __name__ == "__main__":
    main()
