DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]

key = input("Enter key: ").strip()
history = []
guesses_used = 0
finished = False

while not finished:
    guess = input("Enter guess: ").strip()

    if len(guess) != 4:
        print("Guess must be of 4 numbers!")
    elif any(ch not in DIGITS for ch in guess):
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        guesses_used += 1
        exist = 0
        position = 0
        for i, ch in enumerate(guess):
            if key[i] == ch:
                position += 1
            elif ch in key:
                exist += 1
        history.append("{} : exist: {}, position: {}".format(guess, exist, position))
        for line in history:
            print(line)
        if guess == key:
            print("You guessed it right!")
            print("You did it in {} guesses.".format(guesses_used))
            finished = True
        elif guesses_used == 12:
            print("You lost! The key was {}.".format(key))
            finished = True
