import argparse
import random
from collections import Counter

PALETTE = ["R", "G", "B", "Y", "O", "P"]


def clue(secret, guess):
    exact = [s == g for s, g in zip(secret, guess)]
    rest_secret = Counter(s for s, hit in zip(secret, exact) if not hit)
    rest_guess = Counter(g for g, hit in zip(guess, exact) if not hit)
    return sum(exact), sum(min(n, rest_secret[c]) for c, n in rest_guess.items())


def normalise(raw):
    guess = raw.replace(" ", "").replace("\t", "").upper()
    if len(guess) != 4:
        raise ValueError("Enter exactly four letters.")
    for letter in guess:
        if letter not in PALETTE:
            raise ValueError("Use only R, G, B, Y, O, or P.")
    return guess


def turn(secret, number):
    if number > {{rows}}:
        print("No guesses left. The code was", *secret)
        return
    try:
        guess = normalise(input("Guess %d/{{rows}}: " % number))
    except ValueError as problem:
        print(problem)
        return turn(secret, number)
    exact, misplaced = clue(secret, guess)
    print("Clue:", exact, "exact,", misplaced, "misplaced")
    if exact == 4:
        print("You cracked the code in", number, "guesses.")
        return
    return turn(secret, number + 1)


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--demo", action="store_true")
    print("Mastermind: enter four letters from R G B Y O P.")
    if options.parse_args().demo:
        for number, guess in enumerate(["RRRR", "RGBY"], 1):
            exact, misplaced = clue("RGBY", guess)
            print("Guess %d: %s -> %d exact, %d misplaced" % (number, guess, exact, misplaced))
            if exact == 4:
                print("You cracked the code.")
                break
        print("Demo secret:", *"RGBY")
        return
    turn([random.sample(PALETTE * 4, 1)[0] for _ in range(4)], 1)


main()
