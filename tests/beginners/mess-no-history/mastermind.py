key = input("Enter key: ").strip()
guesses_taken = 1

while guesses_taken <= 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be 4 digits!")
        continue
    try:
        int(guess)
    except ValueError:
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) < 4:
        print("Guess must not have repeated digits!")
        continue

    guesses_taken += 1
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    print(guess, ": exist:", str(exist) + ", position:", position)
    if guess == key:
        print("You guessed it right!")
        print("You did it in", guesses_taken, "guesses.")
        break
else:
    print("You lost! The key was", key)
