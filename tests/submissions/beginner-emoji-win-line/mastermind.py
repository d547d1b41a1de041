def score(key, guess):
    position = 0
    exist = 0
    for k, g in zip(key, guess):
        if g == k:
            position += 1
        elif g in key:
            exist += 1
    return exist, position


def error_for(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if not guess.isascii() or not guess.isdigit():
        return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return None


def main():
    key = input("Enter key: ").strip()
    history = []
    for _ in range(100):
        if len(history) == 12:
            break
        guess = input("Enter guess: ").strip()
        error = error_for(guess)
        if error:
            print(error)
            continue
        exist, position = score(key, guess)
        history.append(f"{guess} : exist: {exist}, position: {position}")
        for line in history:
            print(line)
        if guess == key:
            print("You guessed it right! 🎉")
            print(f"You did it in {len(history)} guesses.")
            return
    print(f"You lost! 😢 The key was {key}.")


main()
