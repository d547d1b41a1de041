"""Mastermind, digit variant: the reference solution the specs are recorded from."""

from typing import List, Optional, Tuple  # not list[str] or str | None: Python 3.8 must run this too

MAX_GUESSES = 12
DIGITS = "0123456789"


def validation_error(guess: str) -> Optional[str]:
    """Return the message for the first rule the guess breaks, or None when it is valid."""
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if any(ch not in DIGITS for ch in guess):
        return "Invalid input. Try again."
    if len(set(guess)) != len(guess):
        return "Guess must not have duplicate digits!"
    return None


def score(key: str, guess: str) -> Tuple[int, int]:
    """Return (exist, position): key digits found elsewhere in the guess, and digits in place."""
    position = sum(k == g for k, g in zip(key, guess))
    exist = sum(1 for i, g in enumerate(guess) if g in key and key[i] != g)
    return exist, position


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
        history.append(f"{guess} : exist: {exist},position: {position}")
        print("\n".join(history))
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {len(history)} guesses.")
            return
    print(f"You lost! The key was {key}.")


if __name__ == "__main__":
    main()
