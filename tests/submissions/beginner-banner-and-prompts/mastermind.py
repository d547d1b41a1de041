"""Mastermind - digits version."""

DIGITS = "0123456789"
MAX_GUESSES = 12


def intro():
    print("Welcome to Mastermind!")
    print("You have", MAX_GUESSES, "guesses to find the 4 digit key.")


def check(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    for d in guess:
        if d not in DIGITS:
            return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return "ok"


def compare(key, guess):
    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    return exist, position


def main():
    intro()
    key = input("Key: ").strip()
    print("\n" * 40)
    history = []
    while len(history) < MAX_GUESSES:
        guess = input("Guess: ").strip()
        result = check(guess)
        if result != "ok":
            print(result)
            continue
        exist, position = compare(key, guess)
        history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
        for line in history:
            print(line)
        print()
        if guess == key:
            print("You guessed it right!")
            print("You did it in " + str(len(history)) + " guesses.")
            return
    print("No more guesses. The key was " + key)


main()
