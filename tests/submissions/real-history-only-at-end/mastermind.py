key = input("Enter key: ").strip()

history = []
attempts = 0
won = False

while attempts < 12 and not won:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not all(c in "0123456789" for c in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    attempts += 1
    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    line = guess + " : exist: " + str(exist) + ", position: " + str(position)
    history.append(line)
    if guess == key:
        won = True
    else:
        print(line)

# show the whole game at the end
for line in history:
    print(line)
if won:
    print("You guessed it right!")
    print("You did it in " + str(attempts) + " guesses.")
else:
    print("You lost! The key was " + key + ".")
