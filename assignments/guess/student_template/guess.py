"""Guess my number: one player types a secret number from 1 to 100, the other guesses it.

The rules and every text the program prints are in README.md, beside this file.
"""

# TODO: ask for the secret number, then for guesses until one is right.
print("TODO: write the game.")
