# Mastermind - digit version
# ends the game with exit() and quit() like we did in lab 3

key = input("Enter key: ").strip()
tries = 0
history = []

while True:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    ok = True
    for ch in guess:
        if ch not in "0123456789":
            ok = False
    if not ok:
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) < 4:
        print("Guess must not have duplicate digits!")
        continue
    tries += 1
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append(f"{guess} : exist: {exist}, position: {position}")
    for h in history:
        print(h)
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {tries} guesses.")
        exit()
    if tries == 12:
        print(f"You lost! The key was {key}.")
        quit()
