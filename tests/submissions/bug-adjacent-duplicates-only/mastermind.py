def has_duplicates(guess):
    for i in range(len(guess) - 1):
        if guess[i] == guess[i + 1]:
            return True
    return False


def main():
    key = input("Enter key: ").strip()
    history = []
    while len(history) < 12:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not all(c in "0123456789" for c in guess):
            print("Invalid input. Try again.")
        elif has_duplicates(guess):
            print("Guess must not have duplicate digits!")
        else:
            position = sum(1 for a, b in zip(key, guess) if a == b)
            exist = sum(1 for i, c in enumerate(guess) if c in key and key[i] != c)
            history.append(f"{guess} : exist: {exist}, position: {position}")
            print("\n".join(history))
            if guess == key:
                print("You guessed it right!")
                print(f"You did it in {len(history)} guesses.")
                return
    print(f"You lost! The key was {key}.")


main()
