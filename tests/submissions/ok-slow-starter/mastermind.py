import time


def load():
    # pretend to load something big before the game starts
    time.sleep(1.0)


def check(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if not all("0" <= c <= "9" for c in guess):
        return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"


def main():
    load()
    key = input("Enter key: ").strip()
    board = []
    for _ in range(12):
        while True:
            guess = input("Enter guess: ").strip()
            err = check(guess)
            if err is None:
                break
            print(err)
        pos = sum(guess[i] == key[i] for i in range(4))
        ex = sum(c in key for c in guess) - pos
        board.append(f"{guess} : exist: {ex}, position: {pos}")
        print("\n".join(board))
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {len(board)} guesses.")
            return
    print(f"You lost! The key was {key}.")


main()
