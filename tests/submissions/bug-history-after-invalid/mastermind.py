def check(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if any(c not in "0123456789" for c in guess):
        return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return None


key = input("Enter key: ").strip()
history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    error = check(guess)
    if error:
        print(error)
    else:
        position = sum(k == g for k, g in zip(key, guess))
        exist = sum(1 for g in guess if g in key) - position
        history.append(f"{guess} : exist: {exist}, position: {position}")
    for line in history:
        print(line)
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
