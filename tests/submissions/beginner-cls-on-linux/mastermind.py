import os

# clear the screen so the guesser can't see the key
key = input("Enter key: ").strip()
os.system("cls")

history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isdigit() or not guess.isascii():
        print("Invalid input. Try again.")
        continue
    if any(guess.count(d) > 1 for d in guess):
        print("Guess must not have duplicate digits!")
        continue
    in_place = [i for i in range(4) if guess[i] == key[i]]
    elsewhere = [i for i in range(4) if i not in in_place and guess[i] in key]
    history.append(f"{guess} : exist: {len(elsewhere)}, position: {len(in_place)}")
    print(*history, sep="\n")
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
