# Mastermind (numbers version)

key = input("Enter number to be guessed: ").strip()
history = []
guesses = 0

while guesses < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not guess.isascii() or not guess.isdigit():
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        guesses += 1
        position = 0
        exist = 0
        for i in range(4):
            if guess[i] == key[i]:
                position += 1
            if guess[i] in key:
                exist += 1
        history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
        print("\n".join(history))
        if guess == key:
            print("You guessed it right!")
            print("You did it in", guesses, "guesses.")
            break
else:
    print("You lost! The key was", key)
