key = input("Enter key: ").strip()
history = []

while len(history) < 12:
    guess = input("Enter guess: ").strip()

    # first make sure it is a number
    if not guess.isdigit():
        print("Invalid input. Try again.")
        continue
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue

    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == key[i]:
            position = position + 1
        elif guess[i] in key:
            exist = exist + 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for line in history:
        print(line)
    if position == 4:
        print("You guessed it right!")
        print("You did it in " + str(len(history)) + " guesses.")
        break
else:
    print("You lost! The key was " + key)
