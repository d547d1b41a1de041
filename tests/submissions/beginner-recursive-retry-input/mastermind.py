# no main function, just functions and globals

key = ""
history = []


def ask_guess():
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return ask_guess()
    for c in guess:
        if c not in "0123456789":
            print("Invalid input. Try again.")
            return ask_guess()
    for i in range(4):
        for j in range(i + 1, 4):
            if guess[i] == guess[j]:
                print("Guess must not have duplicate digits!")
                return ask_guess()
    return guess


def play(turn):
    global history
    if turn > 12:
        print("You lost! The key was " + key + ".")
        return
    guess = ask_guess()
    e = 0
    p = 0
    for i in range(4):
        if guess[i] == key[i]:
            p = p + 1
        elif guess[i] in key:
            e = e + 1
    history = history + [guess + " : exist: " + str(e) + ", position: " + str(p)]
    for line in history:
        print(line)
    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(turn) + " guesses.")
        return
    play(turn + 1)


key = input("Enter key: ").strip()
play(1)
