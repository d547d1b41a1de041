key = input("Enter key: ").strip()

history = []
tries = 0
won = False

while tries < 12:
    guess = input("Enter guess: ").strip()

    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not guess.isdigit():
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        tries = tries + 1
        right = 0
        wrong = 0
        for i in range(4):
            if guess[i] == key[i]:
                right = right + 1
            elif guess[i] in key:
                wrong = wrong + 1
        history.append(guess + " - " + str(right) + " in the right place, " + str(wrong) + " in the wrong place")
        for h in history:
            print(h)
        if guess == key:
            won = True
            break

if won:
    print("Congratulations! You cracked it in " + str(tries) + " tries")
else:
    print("Out of guesses! The key was " + key)
