import getpass

# getpass hides the key while player 1 types it


def get_feedback(key, guess):
    exist, position = 0, 0
    for i in range(len(guess)):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    return exist, position


def main():
    key = getpass.getpass("Enter key: ").strip()
    history = []
    while len(history) < 12:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif any(d not in "0123456789" for d in guess):
            print("Invalid input. Try again.")
        elif len(set(guess)) != 4:
            print("Guess must not have duplicate digits!")
        else:
            exist, position = get_feedback(key, guess)
            history.append(f"{guess} : exist: {exist}, position: {position}")
            print("\n".join(history))
            if guess == key:
                print("You guessed it right!")
                print(f"You did it in {len(history)} guesses.")
                return
    print(f"You lost! The key was {key}.")


main()
