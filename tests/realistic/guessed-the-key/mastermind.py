key = input("Enter key: ").strip()
history = []
count = 0

while count < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not all(ch in "0123456789" for ch in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue

    count += 1
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for line in history:
        print(line)

    if guess == key:
        print("You Guessed The Key: " + key)
        print("It took you " + str(count) + " guesses")
        break

if count == 12 and guess != key:
    print("You Lost! The Key Was: " + key)
