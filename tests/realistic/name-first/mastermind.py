import random

name = input("What is your name? ")
print("Hello, " + name + "! I have chosen a secret 4 digit code.")
print("You have 12 guesses. Good luck!")

code = random.sample(range(10), 4)
code = "".join(str(d) for d in code)
history = []

while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not guess.isdigit():
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        exist = 0
        position = 0
        for i in range(4):
            if guess[i] == code[i]:
                position += 1
            elif guess[i] in code:
                exist += 1
        history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
        for h in history:
            print(h)
        if guess == code:
            print("You guessed it right, " + name + "!")
            print("You did it in " + str(len(history)) + " guesses.")
            break
else:
    print("Sorry " + name + ", you lost! The code was " + code)
