"""Guess my number: one player types a secret number from 1 to 100, the other guesses it."""


def read_number(prompt):
    """Ask until the answer is a whole number from 1 to 100."""
    while True:
        text = input(prompt).strip()
        if text.isdigit() and int(text) in range(1, 100):
            return int(text)
        print("Type a whole number from 1 to 100.")


secret = read_number("Secret number: ")
guesses = 0
while True:
    guess = read_number("Guess: ")
    guesses += 1
    if guess < secret:
        print("Too low.")
    elif guess > secret:
        print("Too high.")
    else:
        print(f"Correct! Guesses: {guesses}")
        break
