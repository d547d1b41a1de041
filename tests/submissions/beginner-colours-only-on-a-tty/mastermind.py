import os
import sys

# colours only when we are in a real terminal (found this on stackoverflow)
if os.isatty(sys.stdout.fileno()):
    GREEN = "\033[92m"
    RED = "\033[91m"
    RESET = "\033[0m"
else:
    GREEN = RED = RESET = ""


def error(message):
    print(RED + message + RESET)


key = input("Enter key: ").strip()
history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        error("Guess must be of 4 digits!")
    elif not all(c in "0123456789" for c in guess):
        error("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        error("Guess must not have duplicate digits!")
    else:
        position = sum(guess[i] == key[i] for i in range(4))
        exist = sum(guess[i] != key[i] and guess[i] in key for i in range(4))
        history.append(f"{guess} : exist: {exist}, position: {position}")
        print("\n".join(history))
        if guess == key:
            print(GREEN + "You guessed it right!" + RESET)
            print(f"You did it in {len(history)} guesses.")
            break
else:
    print(f"You lost! The key was {key}.")
