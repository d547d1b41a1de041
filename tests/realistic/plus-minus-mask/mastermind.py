#!/usr/bin/env python3
"""Mastermind with numbers. Feedback per position:
   +  right digit, right place
   -  digit is in the key but somewhere else
   .  digit is not in the key
"""

MAX_TURNS = 12


def feedback(key, guess):
    mask = ""
    for i in range(len(guess)):
        if guess[i] == key[i]:
            mask += "+"
        elif guess[i] in key:
            mask += "-"
        else:
            mask += "."
    return mask


def check_guess(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    for c in guess:
        if c not in "0123456789":
            return "Invalid input. Try again."
    for c in guess:
        if guess.count(c) > 1:
            return "Guess must not have duplicate digits!"
    return ""


def main():
    key = input("Enter key: ").strip()
    board = []
    while len(board) < MAX_TURNS:
        guess = input("Enter guess: ").strip()
        error = check_guess(guess)
        if error != "":
            print(error)
            continue
        board.append((guess, feedback(key, guess)))
        for g, f in board:
            print(g, f)
        if guess == key:
            print("You guessed it right!")
            print("You did it in", len(board), "guesses.")
            return
    print("You lost! The key was", key)


main()
