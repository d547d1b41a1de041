"""Mastermind, digit variant: your starting point.

The game already runs: it asks for the key, reads guesses, keeps the history,
and ends on a win or after twelve guesses. What is missing are the rules. Fill
in the five functions marked TODO; do not change the prompts or the main loop
unless you know why.

Run it:           python3 mastermind.py
Try the examples: python3 -m doctest -v mastermind.py
Check your work:  make check   (see README.md)
"""

from typing import List, Optional, Tuple  # not list[str] or str | None: Python 3.8 must run this too

MAX_GUESSES = 12


def validation_error(guess: str) -> Optional[str]:
    """Return the message for the first rule the guess breaks, or None when it is valid.

    Check the rules in this order and return the first message that applies:
      1. not exactly 4 characters           -> "Guess must be of 4 digits!"
      2. a character that is not 0-9         -> "Invalid input. Try again."
      3. a digit used more than once         -> "Guess must not have duplicate digits!"

    >>> validation_error("1234") is None
    True
    >>> validation_error("123")
    'Guess must be of 4 digits!'
    >>> validation_error("1b34")
    'Invalid input. Try again.'
    >>> validation_error("1123")
    'Guess must not have duplicate digits!'
    """
    # TODO: check the three rules above. Careful: only the ten ASCII digits 0-9
    # count as digits (str.isdigit() also says yes to other scripts' digits).
    return None


def score(key: str, guess: str) -> Tuple[int, int]:
    """Return (exist, position) for a valid guess.

    position: digits of the guess in the same place as in the key.
    exist:    digits of the guess that are in the key, but in another place.

    >>> score("1234", "4256")
    (1, 1)
    >>> score("1234", "4321")
    (4, 0)
    >>> score("1234", "1234")
    (0, 4)
    """
    # TODO: count both numbers.
    return 0, 0


def history_line(guess: str, exist: int, position: int) -> str:
    """Return the history line printed for one guess.

    >>> history_line("4256", 1, 1)
    '4256 : exist: 1, position: 1'
    """
    # TODO: build the line exactly as in the example above.
    return guess


def is_win(key: str, guess: str) -> bool:
    """Return True when the guess is the key.

    >>> is_win("0123", "0123")
    True
    >>> is_win("0123", "0132")
    False
    """
    # TODO: compare the guess with the key.
    return False


def loss_line(key: str) -> str:
    """The line shown after the twelfth wrong guess: the wording is yours, the key must be in it.

    >>> "0123" in loss_line("0123")
    True
    """
    # TODO: tell the player they lost, and show the key (as typed: keep its leading 0).
    return "You lost!"


def main() -> None:
    key = input("Enter key: ").strip()
    history: List[str] = []
    while len(history) < MAX_GUESSES:
        guess = input("Enter guess: ").strip()
        error = validation_error(guess)
        if error:
            print(error)
            continue
        exist, position = score(key, guess)
        history.append(history_line(guess, exist, position))
        print("\n".join(history))
        if is_win(key, guess):
            print("You guessed it right!")
            print(f"You did it in {len(history)} guesses.")
            return
    print(loss_line(key))


if __name__ == "__main__":
    main()
