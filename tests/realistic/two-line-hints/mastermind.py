# mastermind game - CS101 assignment 3

key = input("Enter key: ")
key = key.strip()

count = 0
while True:
    guess = input("Enter guess: ")
    guess = guess.strip()

    # validate
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    ok = True
    for ch in guess:
        if ch not in "0123456789":
            ok = False
    if not ok:
        print("Invalid input. Try again.")
        continue
    if guess[0] in guess[1:] or guess[1] in guess[2:] or guess[2] == guess[3]:
        print("Guess must not have duplicate digits!")
        continue

    count += 1
    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(count) + " guesses.")
        break

    correct_pos = 0
    correct_num = 0
    for i in range(4):
        if guess[i] == key[i]:
            correct_pos += 1
        elif guess[i] in key:
            correct_num += 1
    print("Correct digits in the correct position:", correct_pos)
    print("Correct digits in the wrong position:", correct_num)

    if count == 12:
        print("You lost, the key was " + key)
        break
