import random

# make a secret code of 4 different digits
code = ""
while len(set(code)) != 4:
    code = ""
    for i in range(4):
        code += random.choice("0123456789")

print("Welcome to Mastermind!")
print("Guess my 4 digit code. You have 12 tries.")

history = []
for attempt in range(1, 13):
    guess = input("Guess #" + str(attempt) + ": ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not all(c in "0123456789" for c in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == code[i]:
            position += 1
        elif guess[i] in code:
            exist += 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for line in history:
        print(line)
    if position == 4:
        print("You guessed it right!")
        print("You did it in " + str(attempt) + " guesses.")
        break
else:
    print("You lost! The key was " + code + ".")
