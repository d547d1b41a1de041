import os
import sys

# keeps the best score in a file next to the program
HERE = os.path.dirname(os.path.abspath(__file__))
SCORES = os.path.join(HERE, "scores.txt")
DEBUG = len(sys.argv) > 1 and sys.argv[1] == "--debug"


def save_score(n):
    with open(SCORES, "a") as f:
        f.write(str(n) + "\n")


def best_score():
    if not os.path.exists(SCORES):
        return None
    with open(SCORES) as f:
        return min(int(line) for line in f if line.strip())


def main():
    key = input("Enter key: ").strip()
    if DEBUG:
        print("[debug] key is", key, "cwd is", os.getcwd())
    history = []
    while len(history) < 12:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
            continue
        if any(c not in "0123456789" for c in guess):
            print("Invalid input. Try again.")
            continue
        if len(set(guess)) != 4:
            print("Guess must not have duplicate digits!")
            continue
        position = 0
        exist = 0
        for i in range(4):
            if guess[i] == key[i]:
                position += 1
            elif guess[i] in key:
                exist += 1
        history.append(f"{guess} : exist: {exist}, position: {position}")
        print("\n".join(history))
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {len(history)} guesses.")
            save_score(len(history))
            if DEBUG:
                print("[debug] best so far:", best_score())
            return
    print(f"You lost! The key was {key}.")


main()
