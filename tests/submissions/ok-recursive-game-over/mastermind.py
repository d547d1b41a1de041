def get_guess():
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return get_guess()
    if not all(c in "0123456789" for c in guess):
        print("Invalid input. Try again.")
        return get_guess()
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        return get_guess()
    return guess


def turn(key, history):
    guess = get_guess()
    position = sum(a == b for a, b in zip(key, guess))
    exist = sum(1 for c in guess if c in key) - position
    history = history + [f"{guess} : exist: {exist}, position: {position}"]
    for line in history:
        print(line)
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
    elif len(history) == 12:
        print(f"Game over, the code was {key}")
    else:
        turn(key, history)


turn(input("Enter key: ").strip(), [])
