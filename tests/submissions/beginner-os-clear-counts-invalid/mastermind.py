import os

key = input("Player 1, enter the key: ")
os.system('cls' if os.name == 'nt' else 'clear')

history = []
tries = 0
while tries < 12:
    tries += 1
    guess = input("Guess #" + str(tries) + ": ")
    guess = guess.strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isdigit():
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue

    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for h in history:
        print(h)

    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(tries) + " guesses.")
        break

if guess != key:
    print("You lost! The key was " + key)
