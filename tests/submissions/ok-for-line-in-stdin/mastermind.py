"""Reads every answer with `for line in sys.stdin`; prompts go through sys.stdout.write + flush."""
import sys

OK = set("0123456789")


def prompt(text):
    sys.stdout.write(text)
    sys.stdout.flush()


def main():
    prompt("Enter key: ")
    key = None
    history = []
    for line in sys.stdin:
        entry = line.strip()
        if key is None:
            key = entry
            prompt("Enter guess: ")
            continue
        if len(entry) != 4:
            print("Guess must be of 4 digits!", flush=True)
        elif not all(c in OK for c in entry):
            print("Invalid input. Try again.", flush=True)
        elif len(set(entry)) != 4:
            print("Guess must not have duplicate digits!", flush=True)
        else:
            position = sum(k == g for k, g in zip(key, entry))
            exist = len(set(key) & set(entry)) - position
            history.append(f"{entry} : exist: {exist}, position: {position}")
            print("\n".join(history), flush=True)
            if entry == key:
                print("You guessed it right!")
                print(f"You did it in {len(history)} guesses.")
                return
            if len(history) == 12:
                print(f"You lost! The key was {key}.")
                return
        prompt("Enter guess: ")


main()
