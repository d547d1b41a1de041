# Mastermind game
key = input("Enter key: ").strip()
history = []

for i in range(12):
    guess = input("Enter guess: ").strip()

    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isdecimal() or not guess.isascii():
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) < 4:
        print("Guess must not have duplicate digits!")
        continue

    exist = 0
    position = 0
    for j in range(4):
        if guess[j] == key[j]:
            position += 1
        elif guess[j] in key:
            exist += 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for line in history:
        print(line)

    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(i + 1) + " guesses.")
        break
else:
    print("You lost! The key was " + key + ".")
