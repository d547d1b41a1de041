history = []
count = 0
key = ""


def get_key():
    global key
    key = input("Enter the secret number: ").strip()


def check_guess(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    for c in guess:
        if c not in "0123456789":
            print("Invalid input. Try again.")
            return False
    for c in guess:
        if guess.count(c) > 1:
            print("Guess must not have duplicate digits!")
            return False
    return True


def score(guess):
    exist = 0
    position = 0
    for i in range(len(guess)):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    return exist, position


def show_history():
    for h in history:
        print(h[0], ": exist: " + str(h[1]) + ", position: " + str(h[2]))


def play():
    global count
    while count < 12:
        guess = input("Your guess: ").strip()
        if not check_guess(guess):
            continue
        count += 1
        exist, position = score(guess)
        history.append((guess, exist, position))
        show_history()
        if guess == key:
            print("You guessed it right!")
            print("You did it in", count, "guesses.")
            return
    print("Game over, the key was", key)


get_key()
play()
