key = input("enter key: ").strip()
past = []
while len(past) < 12:
    guess = input("enter guess: ").strip()
    if len(guess) != 4:
        print("guess must be of 4 digits")
        continue
    if not guess.isdigit():
        print("invalid input, try again")
        continue
    if len(set(guess)) != 4:
        print("guess must not have duplicate digits")
        continue
    p = 0
    e = 0
    for i in range(4):
        if guess[i] == key[i]:
            p += 1
        elif guess[i] in key:
            e += 1
    past.append("%s : Exist: %d, Position: %d" % (guess, e, p))
    for x in past:
        print(x)
    if guess == key:
        print("you guessed it right!")
        print("you did it in %d guesses." % len(past))
        break
else:
    print("you lost, the key was %s" % key)
