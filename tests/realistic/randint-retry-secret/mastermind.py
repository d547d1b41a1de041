import random

secret = str(random.randint(1000, 9999))
while len(set(secret)) < 4:  # no repeated digits allowed
    secret = str(random.randint(1000, 9999))

print("I picked a number with 4 different digits. Can you guess it?")
guesses = 0
history = []
guess = ""
while guesses < 12:
    guess = input("Your guess: ").strip()
    if not guess.isdigit():
        print("Invalid input. Try again.")
    elif len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif len(set(guess)) < 4:
        print("Guess must not have duplicate digits!")
    else:
        guesses += 1
        exist = 0
        position = 0
        for i in range(4):
            if guess[i] == secret[i]:
                position += 1
            elif guess[i] in secret:
                exist += 1
        history.append(guess + "   exist: " + str(exist) + "   position: " + str(position))
        print("--- your guesses ---")
        for h in history:
            print(h)
        if guess == secret:
            print("Correct! The number was " + secret)
            print("Number of guesses: " + str(guesses))
            break
if guess != secret:
    print("Out of guesses. The number was " + secret)
