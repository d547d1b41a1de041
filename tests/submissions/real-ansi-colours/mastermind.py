RED = "\033[91m"
GREEN = "\033[92m"
YELLOW = "\033[93m"
RESET = "\033[0m"


def check(guess):
    if len(guess) != 4:
        return RED + "Guess must be of 4 digits!" + RESET
    if not all(c in "0123456789" for c in guess):
        return RED + "Invalid input. Try again." + RESET
    if len(set(guess)) != 4:
        return RED + "Guess must not have duplicate digits!" + RESET
    return None


def main():
    key = input("Enter key: ").strip()
    history = []
    tries = 0
    while tries < 12:
        guess = input("Enter guess: ").strip()
        error = check(guess)
        if error:
            print(error)
            continue
        tries += 1
        position = sum(1 for a, b in zip(guess, key) if a == b)
        exist = sum(1 for c in guess if c in key) - position
        history.append((guess, exist, position))
        for g, e, p in history:
            print(f"{g} : exist: {YELLOW}{e}{RESET}, position: {GREEN}{p}{RESET}")
        if guess == key:
            print(GREEN + "You guessed it right!" + RESET)
            print(f"You did it in {tries} guesses.")
            return
    print(RED + f"You lost! The key was {key}." + RESET)


main()
