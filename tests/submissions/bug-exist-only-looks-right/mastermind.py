# Mastermind with digits
# CS101 project 2

DIGITS = "0123456789"


def check_guess(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    for ch in guess:
        if ch not in DIGITS:
            return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return ""


def feedback(key, guess):
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        for j in range(i + 1, 4):
            if guess[i] == key[j]:
                exist += 1
    return exist, position


def main():
    key = input("Enter key: ").strip()
    history = []
    tries = 0
    while tries < 12:
        guess = input("Enter guess: ").strip()
        message = check_guess(guess)
        if message != "":
            print(message)
            continue
        tries += 1
        exist, position = feedback(key, guess)
        history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
        for line in history:
            print(line)
        if guess == key:
            print("You guessed it right!")
            print("You did it in " + str(tries) + " guesses.")
            return
    print("You lost! The key was " + key + ".")


main()
