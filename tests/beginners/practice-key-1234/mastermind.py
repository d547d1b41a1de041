# Mastermind - practice session
# "The key will be defined before as 1234 for practice session."
KEY = "1234"

history = []
guess_count = 0


def error_for(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    for c in guess:
        if c not in "0123456789":
            return "Invalid input. Try again."
    for c in guess:
        if guess.count(c) > 1:
            return "Guess must not have duplicate digits!"
    return None


def take_turn():
    global guess_count
    guess = input("Enter guess: ").strip()
    err = error_for(guess)
    if err:
        print(err)
        return False
    guess_count += 1
    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == KEY[i]:
            position += 1
        elif guess[i] in KEY:
            exist += 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for h in history:
        print(h)
    return guess == KEY


won = False
while guess_count < 12 and not won:
    won = take_turn()

if won:
    print("You guessed it right!")
    print("You did it in " + str(guess_count) + " guesses.")
else:
    print("You lost! The key was " + KEY + ".")
