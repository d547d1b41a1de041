import random

players = input("How many players? ").strip()
while players not in ("1", "2"):
    print("Please enter 1 or 2.")
    players = input("How many players? ").strip()

if players == "2":
    key = input("Player 1, enter the key: ").strip()
    print("\n" * 40)  # so player 2 can't see it
else:
    digits = list("0123456789")
    random.shuffle(digits)
    key = "".join(digits[:4])
    print("The computer has picked a key.")

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
            if guess[i] == key[i]:
                position += 1
            elif guess[i] in key:
                exist += 1
        history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
        for h in history:
            print(h)
        if guess == key:
            print("You guessed it right!")
            print("You did it in " + str(len(history)) + " guesses.")
            break
else:
    print("You lost! The key was " + key)
