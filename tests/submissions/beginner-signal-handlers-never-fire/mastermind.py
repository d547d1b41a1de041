import signal
import sys


def bye(signum, frame):
    print("\nBye!")
    sys.exit(0)


def too_slow(signum, frame):
    print("\nTime is up!")
    sys.exit(0)


signal.signal(signal.SIGINT, bye)
signal.signal(signal.SIGALRM, too_slow)
signal.alarm(600)  # 10 minutes for the whole game

try:
    key = input("Enter key: ").strip()
    guesses = []
    while len(guesses) < 12:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not (guess.isascii() and guess.isdigit()):
            print("Invalid input. Try again.")
        elif len(set(guess)) != len(guess):
            print("Guess must not have duplicate digits!")
        else:
            e = p = 0
            for i, d in enumerate(guess):
                if d == key[i]:
                    p += 1
                elif d in key:
                    e += 1
            guesses.append(f"{guess} : exist: {e}, position: {p}")
            print(*guesses, sep="\n")
            if guess == key:
                print("You guessed it right!")
                print(f"You did it in {len(guesses)} guesses.")
                break
    else:
        print(f"You lost! The key was {key}.")
except KeyboardInterrupt:
    print("\nBye!")
finally:
    signal.alarm(0)
