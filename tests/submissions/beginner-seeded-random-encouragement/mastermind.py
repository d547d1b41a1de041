import random

random.seed(2024)  # so my tests always get the same messages
CHEERS = ["Keep going!", "So close!", "Try again!", "You can do it!"]

key = input("Enter key: ").strip()
history = []
count = 0
while count < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not (guess.isdecimal() and guess.isascii()):
        print("Invalid input. Try again.")
    elif sorted(set(guess)) != sorted(guess):
        print("Guess must not have duplicate digits!")
    else:
        count += 1
        pos = [a == b for a, b in zip(guess, key)].count(True)
        ex = len(set(guess) & set(key)) - pos
        history.append(guess + " : exist: " + str(ex) + ", position: " + str(pos))
        print(*history, sep="\n")
        if guess == key:
            print("You guessed it right!")
            print("You did it in " + str(count) + " guesses.")
            break
        print(random.choice(CHEERS))
if count == 12 and guess != key:
    print("You lost! The key was " + key + ".")
