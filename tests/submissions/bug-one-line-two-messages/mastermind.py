key = input("Enter key: ").strip()
guesses = []

while len(guesses) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        # "Invalid input" read like the general part of every error message
        print("Guess must be of 4 digits! Invalid input. Try again.")
        continue
    if not all(ch in "0123456789" for ch in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) < 4:
        print("Guess must not have duplicate digits!")
        continue
    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    guesses.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for line in guesses:
        print(line)
    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(len(guesses)) + " guesses.")
        break
else:
    print("You lost! The key was " + key + ".")
