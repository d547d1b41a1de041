"""Colour Mastermind: the program picks a secret code of four colours, you have {{rows}} guesses to find it.

The game already runs (`python3 mastermind_game.py`, or `python3 mastermind_game.py --demo`): the banner,
the prompts, the turns and the win are there. The rules are not: fill in the two functions marked TODO
(their docstrings hold examples: `python3 -m doctest -v mastermind_game.py` tries them) and the loss.
"""

import argparse
import random

COLORS = ("R", "G", "B", "Y", "O", "P")
CODE_LENGTH = 4
MAX_GUESSES = {{rows}}


def score_guess(secret, guess):
    """Return (exact, misplaced) for a guess against the secret, both tuples of four letters.

    exact counts the positions where the guess has the secret's colour; misplaced counts the other
    colours of the guess found elsewhere in the secret, each secret peg matching at most once.

    >>> score_guess(tuple("RGBY"), tuple("RRRR"))
    (1, 0)
    >>> score_guess(tuple("RRGY"), tuple("GRRR"))
    (1, 2)
    """
    # TODO: count exact positions first, then the colours left over on both sides.
    return 0, 0


def parse_guess(raw):
    """Turn what the player typed into a tuple of four colour letters, or raise ValueError.

    Spaces anywhere are ignored and lower case is accepted. Check the length first
    ("Enter exactly four letters."), then the letters ("Use only R, G, B, Y, O, or P.").

    >>> parse_guess(" r g by ")
    ('R', 'G', 'B', 'Y')
    """
    # TODO: normalise the text, then check it as the docstring says.
    return tuple(raw.strip())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", action="store_true")
    args = parser.parse_args()
    secret = tuple("RGBY") if args.demo else tuple(
        random.choice(COLORS) for _ in range(CODE_LENGTH)
    )
    print("Mastermind: enter four letters from R G B Y O P.")
    if args.demo:
        for turn, raw in enumerate(("RRRR", "RGBY"), 1):
            exact, misplaced = score_guess(secret, parse_guess(raw))
            print(f"Guess {turn}: {raw} -> {exact} exact, {misplaced} misplaced")
            if exact == CODE_LENGTH:
                print("You cracked the code.")
                break
        print(f"Demo secret: {' '.join(secret)}")
        return

    turn = 0
    while turn < MAX_GUESSES:
        try:
            guess = parse_guess(input(f"Guess {turn + 1}/{MAX_GUESSES}: "))
        except ValueError as error:
            print(error)
            continue
        exact, misplaced = score_guess(secret, guess)
        print(f"Clue: {exact} exact, {misplaced} misplaced")
        if exact == CODE_LENGTH:
            print(f"You cracked the code in {turn + 1} guesses.")
            return
        turn += 1
    # TODO: the game is lost: say so, showing the code (see the handout).


if __name__ == "__main__":
    main()
