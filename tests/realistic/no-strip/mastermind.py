key = input("Enter key: ")
history = []

while len(history) < 12:
    guess = input("Enter guess: ")
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not guess.isdigit():
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
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
            print("You did it in " + str(len(history)) + " guesses.")
            break

if len(history) == 12 and history[-1][:4] != key:
    print("You lost! The key was " + key)
