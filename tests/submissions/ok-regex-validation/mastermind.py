import re

ERRORS = [
    (re.compile(r".{4}", re.S), "Guess must be of 4 digits!"),
    (re.compile(r"[0-9]{4}", re.ASCII), "Invalid input. Try again."),
    (re.compile(r"(?!.*(.).*\1).*"), "Guess must not have duplicate digits!"),
]


def main():
    key = input("Enter key: ").strip()
    history = []
    while len(history) < 12:
        guess = input("Enter guess: ").strip()
        failed = [msg for pattern, msg in ERRORS if not pattern.fullmatch(guess)]
        if failed:
            print(failed[0])
            continue
        position = sum(map(str.__eq__, key, guess))
        exist = len(set(key).intersection(guess)) - position
        history.append((guess, exist, position))
        print("\n".join("%s : exist: %s, position: %s" % h for h in history))
        if guess == key:
            print("You guessed it right!\nYou did it in %d guesses." % len(history))
            break
    else:
        print("No more guesses. Key: " + key)


main()
