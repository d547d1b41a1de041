def check_guess(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    for c in guess:
        if c not in "0123456789":
            print("Invalid input. Try again.")
            return False
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        return False
    return True


key = input("Enter key: ").strip()
print("\033[H\033[2J")

history = []
for attempt in range(1, 13):
    guess = input("Enter guess: ").strip()
    if not check_guess(guess):
        continue  # oops: the attempt is used up anyway
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for line in history:
        print(line)
    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(len(history)) + " guesses.")
        break
else:
    print("You lost! The key was " + key + ".")
