import argparse
import random
from collections import Counter

COLORS = ("R", "G", "B", "Y", "O", "P")
CODE_LENGTH = 4
MAX_GUESSES = {{rows}}


def score_guess(secret, guess):
    exact = sum(s == g for s, g in zip(secret, guess))
    left = Counter(s for s, g in zip(secret, guess) if s != g)
    right = Counter(g for s, g in zip(secret, guess) if s != g)
    return exact, sum((left & right).values())


def parse_guess(raw):
    guess = tuple("".join(raw.strip().upper().split()))
    if len(guess) != CODE_LENGTH:
        raise ValueError("Enter exactly four letters.")
    if set(guess) - set(COLORS):
        raise ValueError("Use only R, G, B, Y, O, or P.")
    return guess


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
            print(f"You cracked the code in {turn} guesses.")
            return
        turn += 1
    print("No guesses left. The code was", " ".join(secret))


if __name__ == "__main__":
    main()
