import os

MAX_TRIES = 12


def clear_screen():
    # hide the key from player 2
    print("\033[2J\033[H", end="")


def count_matches(key, guess):
    position = sum(1 for a, b in zip(key, guess) if a == b)
    common = len(set(key) & set(guess))
    return common - position, position


def check(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if not all(c in "0123456789" for c in guess):
        return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return None


def play():
    key = input("Enter key: ").strip()
    clear_screen()
    history = []
    while len(history) < MAX_TRIES:
        guess = input("Enter guess: ").strip()
        problem = check(guess)
        if problem is not None:
            print(problem)
            continue
        exist, position = count_matches(key, guess)
        history.append("%s : exist: %d, position: %d" % (guess, exist, position))
        for line in history:
            print(line)
        if position == 4:
            print("You guessed it right!")
            print("You did it in %d guesses." % len(history))
            return
    print("You lost, the key was " + key)


if __name__ == "__main__":
    play()
