import time

DIGITS = "0123456789"


def score(key, guess):
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    return exist, position


def main():
    key = input("Enter key: ").strip()
    history = []
    while len(history) < 12:
        print("Enter guess: ", end="")
        guess = input().strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not all(ch in DIGITS for ch in guess):
            print("Invalid input. Try again.")
        elif len(set(guess)) < 4:
            print("Guess must not have duplicate digits!")
        else:
            exist, position = score(key, guess)
            history.append(f"{guess} : exist: {exist}, position: {position}")
            for line in history:
                print(line, flush=True)
            if guess == key:
                time.sleep(0.3)  # suspense!
                print("You guessed it right!")
                print(f"You did it in {len(history)} guesses.")
                return
    print(f"You lost! The key was {key}.")


if __name__ == "__main__":
    main()
