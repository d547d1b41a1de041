import sys

# prompts go to stderr so that only the game goes to stdout (my brother said this is cleaner)


def ask(prompt):
    print(prompt, end="", file=sys.stderr, flush=True)
    return input().strip()


def check(guess):
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
    key = ask("Enter key: ")
    history = []
    while len(history) < 12:
        guess = ask("Enter guess: ")
        problem = check(guess)
        if problem:
            print(problem)
            continue
        position = sum(1 for a, b in zip(guess, key) if a == b)
        exist = sum(1 for i in range(4) if guess[i] != key[i] and guess[i] in key)
        history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
        print("\n".join(history))
        if guess == key:
            print("You guessed it right!")
            print("You did it in", len(history), "guesses.")
            return
    print("You lost! The key was " + key + ".")


if __name__ == "__main__":
    main()
