import sys
import time


def typewrite(text):
    """Old-school terminal effect: one character at a time."""
    for ch in text:
        sys.stdout.write(ch)
        sys.stdout.flush()
        time.sleep(0.0003)


def read(prompt):
    typewrite(prompt)
    return sys.stdin.readline().strip()


def main():
    key = read("Enter key: ")
    history = []
    while len(history) < 12:
        guess = read("Enter guess: ")
        if len(guess) != 4:
            typewrite("Guess must be of 4 digits!\n")
        elif not all(c in "0123456789" for c in guess):
            typewrite("Invalid input. Try again.\n")
        elif len(set(guess)) != 4:
            typewrite("Guess must not have duplicate digits!\n")
        else:
            position = len([i for i in range(4) if key[i] == guess[i]])
            exist = len([i for i in range(4) if key[i] != guess[i] and guess[i] in key])
            history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
            for h in history:
                typewrite(h + "\n")
            if guess == key:
                typewrite("You guessed it right!\n")
                typewrite("You did it in " + str(len(history)) + " guesses.\n")
                return
    typewrite("You lost! The key was " + key + ".\n")


main()
