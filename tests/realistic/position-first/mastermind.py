key = input("Enter key: ").strip()
history = []

while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isdigit() or not guess.isascii():
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    position = 0
    exist = 0
    for a, b in zip(guess, key):
        if a == b:
            position += 1
        elif a in key:
            exist += 1
    history.append("%s -> position: %d | exist: %d" % (guess, position, exist))
    for i in range(len(history)):
        print(str(i + 1) + ". " + history[i])
    if guess == key:
        print("You guessed it right!!")
        print("You did it in %d guesses." % len(history))
        break
else:
    print("No more guesses. The key was %s." % key)
