# Mastermind
key = input("Enter key: ").strip()
history = []

for turn in range(12):
    while True:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not guess.isdigit():
            print("Invalid input. Try again.")
        else:
            break

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

    if position == 4:
        print("You guessed it right!")
        print("You did it in " + str(turn + 1) + " guesses.")
        break
else:
    print("You lost! The key was " + key + ".")
