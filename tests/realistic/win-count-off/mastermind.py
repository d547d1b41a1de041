key = input("Enter key: ").strip()
history = ""
tries = 0

while tries < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isdigit():
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue

    e = 0
    p = 0
    for i in range(4):
        if guess[i] == key[i]:
            p += 1
        elif guess[i] in key:
            e += 1
    history += guess + " : exist: " + str(e) + ", position: " + str(p) + "\n"
    print(history, end="")

    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(tries) + " guesses.")
        break
    tries += 1

if tries == 12:
    print("You lost! The key was " + key)
