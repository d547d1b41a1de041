# The key will be defined before as 1234 for practice session.
KEY = "1234"


def check(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if not guess.isdigit():
        return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return ""


history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    msg = check(guess)
    if msg:
        print(msg)
        continue
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == KEY[i]:
            position += 1
        elif guess[i] in KEY:
            exist += 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for line in history:
        print(line)
    if guess == KEY:
        print("You guessed it right!")
        print("You did it in " + str(len(history)) + " guesses.")
        break
else:
    print("You lost! The key was " + KEY)
