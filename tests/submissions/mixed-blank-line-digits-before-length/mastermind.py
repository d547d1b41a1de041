def validate(guess):
    for ch in guess:
        if ch not in "0123456789":
            return "Invalid input. Try again."
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return None


def main():
    key = input("Enter key: ").strip()
    history = []
    while len(history) < 12:
        guess = input("Enter guess: ").strip()
        message = validate(guess)
        if message:
            print(message)
            continue
        exist = position = 0
        for i, digit in enumerate(guess):
            if key[i] == digit:
                position += 1
            elif digit in key:
                exist += 1
        history.append(f"{guess} : exist: {exist}, position: {position}")
        for line in history:
            print(line)
        print()
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {len(history)} guesses.")
            return
    print(f"You lost! The key was {key}.")


main()
