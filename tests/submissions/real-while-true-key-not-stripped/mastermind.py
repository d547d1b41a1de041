key = input("Enter key: ")
history = []
count = 0
while True:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not guess.isdigit() or not guess.isascii():
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        count += 1
        e = 0
        p = 0
        for i in range(4):
            if guess[i] == key[i]:
                p += 1
            elif guess[i] in key:
                e += 1
        history.append(guess + " : exist: " + str(e) + ", position: " + str(p))
        for h in history:
            print(h)
        if guess == key:
            print("You guessed it right!")
            print("You did it in " + str(count) + " guesses.")
            break
        if count == 12:
            print("You lost! The key was " + key + ".")
            break
