import os

MAX_TRIES = 12


def validate(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    for ch in guess:
        if ch not in "0123456789":
            return "Invalid input. Try again."
    if len(set(guess)) < 4:
        return "Guess must not have duplicate digits!"
    return ""


def get_feedback(key, guess):
    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    return exist, position


def main():
    key = input("Enter key: ").strip()
    os.system("clear")  # so the other player can't see the key
    history = []
    guesses = 0
    while guesses < MAX_TRIES:
        guess = input("Enter guess: ").strip()
        error = validate(guess)
        if error != "":
            print(error)
            continue
        guesses += 1
        exist, position = get_feedback(key, guess)
        history.append(f"{guess} : exist: {exist}, position: {position}")
        for line in history:
            print(line)
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {guesses} guesses.")
            return
    print(f"You lost! The key was {key}.")


main()
