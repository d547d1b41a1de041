key = input("Enter key: ").strip()
history = []

for attempt in range(1, 12):
    guess = input("Enter guess: ").strip()
    while len(guess) != 4 or not guess.isdigit() or len(set(guess)) != 4:
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not guess.isdigit():
            print("Invalid input. Try again.")
        else:
            print("Guess must not have duplicate digits!")
        guess = input("Enter guess: ").strip()

    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append((guess, exist, position))
    for g, e, p in history:
        print(f"{g} : exist: {e}, position: {p}")

    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {attempt} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
