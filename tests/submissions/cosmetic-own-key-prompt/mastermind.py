# Project 2 - Mastermind with numbers
# The key is typed by player 1, player 2 guesses it.

key = input("Enter number to be guessed: ")
key = key.strip()

history = []
count = 0

while count < 12:
    guess = input("Enter guess: ").strip()

    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue

    all_digits = True
    for c in guess:
        if c not in "0123456789":
            all_digits = False
    if not all_digits:
        print("Invalid input. Try again.")
        continue

    if len(set(guess)) < 4:
        print("Guess must not have duplicate digits!")
        continue

    count = count + 1
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position = position + 1
        elif guess[i] in key:
            exist = exist + 1

    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for h in history:
        print(h)

    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(count) + " guesses.")
        break

if count == 12 and guess != key:
    print("You lost! The key was " + key)
