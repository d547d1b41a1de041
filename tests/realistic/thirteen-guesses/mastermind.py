def validate(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if not guess.isnumeric():
        return "Invalid input. Try again."
    for d in guess:
        if guess.count(d) != 1:
            return "Guess must not have duplicate digits!"
    return None


def score(key, guess):
    position = 0
    exist = 0
    for k, g in zip(key, guess):
        if k == g:
            position += 1
    for g in guess:
        if g in key:
            exist += 1
    exist = exist - position
    return exist, position


key = input("Enter key: ").strip()
history = []
count = 0
while count <= 12:
    guess = input("Enter guess: ").strip()
    msg = validate(guess)
    if msg:
        print(msg)
        continue
    count += 1
    e, p = score(key, guess)
    history.append(f"{guess} : exist: {e}, position: {p}")
    print("\n".join(history))
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {count} guesses.")
        break
else:
    print(f"You lost! The key was {key}")
