def check(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    for c in guess:
        if c not in "0123456789":
            return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return ""


def main():
    key = input("Enter key: ").strip()
    history = []
    count = 0
    while count < 12:
        guess = input("Enter guess: ").strip()
        problem = check(guess)
        if problem:
            print(problem)
            continue
        count += 1
        exist = len([g for i, g in enumerate(guess) if g in key and key[i] != g])
        position = len([g for i, g in enumerate(guess) if key[i] == g])
        history.append(f"{guess} : exist: {exist}, position: {position}")
        print("\n".join(history))
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {count} guesses.")
            break
    # meant for the lost game only, but the break after a win lands here too
    print(f"You lost! The key was {key}.")


main()
