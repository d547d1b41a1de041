def check_guess(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    for c in guess:
        if c not in "0123456789":
            print("Invalid input. Try again.")
            return False
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        return False
    return True


def main():
    key = input("Enter key: ").strip()
    history = []
    won = False
    while len(history) < 12:
        guess = input("Enter guess: ").strip()
        if not check_guess(guess):
            continue
        position = exist = 0
        for i, digit in enumerate(guess):
            if digit == key[i]:
                position = position + 1
            elif key.find(digit) != -1:
                exist = exist + 1
        history.append("{} : exist: {}, position: {}".format(guess, exist, position))
        for old_guess in history:
            print(old_guess)
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {len(history)} guesses.")
            won = True
            break
    if not won:
        print(f"You lost! The key was {key}.")
    again = input("Play again? (y/n) ").strip().lower()
    if again == "y":
        main()


main()
