key = input("Enter key: ")
history = []
count = 0
while count < 12:
    guess = input("Your guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not all(c in "0123456789" for c in guess):
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        count += 1
        exist = 0
        position = 0
        for i in range(4):
            if guess[i] == key[i]:
                position += 1
            elif guess[i] in key:
                exist += 1
        history.append("{} : exist: {}, position: {}".format(guess, exist, position))
        for h in history:
            print(h)
        if guess == key:
            print("You guessed it right!")
            print("You did it in {} guesses.".format(count))
            break
if guess != key:
    print("You lost! The key was {}.".format(key))
