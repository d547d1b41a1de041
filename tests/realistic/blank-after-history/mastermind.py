key = input("Enter key: ").strip()
history = []
attempts = 0

while True:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    elif not guess.isdigit():
        print("Invalid input. Try again.")
        continue
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue

    attempts += 1
    exist, position = 0, 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print()
    for h in history:
        print(h)
    print()

    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {attempts} guesses.")
        break
    if attempts == 12:
        print("You lose :( the key was " + key)
        break
