"""Mastermind - guess the 4 digit key."""

TRIES = 12


def get_guess():
    while True:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not set(guess) <= set("0123456789"):
            print("Invalid input. Try again.")
        elif len(set(guess)) != 4:
            print("Guess must not have duplicate digits!")
        else:
            return guess


def main():
    key = input("Enter key: ").strip()
    history = []
    for turn in range(1, TRIES + 1):
        guess = get_guess()
        position = len([i for i in range(4) if guess[i] == key[i]])
        exist = len(set(guess) & set(key)) - position
        history.append(f"{guess} : exist: {exist}, position: {position}")
        print("\n".join(history))
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {turn} guesses.")
            return
        print(f"Tries left: {TRIES - turn}")
    print(f"You lost! The key was {key}.")


main()
