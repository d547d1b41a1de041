key = input("Enter key: ").strip()
print("\n" * 50)

history = []
num_guesses = 0

while num_guesses < 12:
    guess = input("Enter guess: ").strip()

    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not all(d in "0123456789" for d in guess):
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        num_guesses += 1
        pos = sum(1 for i in range(4) if guess[i] == key[i])
        common = len(set(guess) & set(key))
        history.append((guess, common - pos, pos))
        for g, e, p in history:
            print("{} : exist: {}, position: {}".format(g, e, p))
        if guess == key:
            print("You guessed it right!")
            print("You did it in {} guesses.".format(num_guesses))
            break
else:
    print("You lose :( the key was", key)
