import sys

key = input("Enter key: ").strip()
rows = []
for turn in range(12):
    while True:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not guess.isascii() or not guess.isdigit():
            print("Invalid input. Try again.")
        elif len(set(guess)) != 4:
            print("Guess must not have duplicate digits!")
        else:
            break
    position = sum(1 for a, b in zip(guess, key) if a == b)
    exist = sum(1 for d in guess if d in key) - position
    rows.append((guess, exist, position))
    for row in rows:
        print(*row)  # '4321 4 0': the numbers without their labels
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {len(rows)} guesses.")
        sys.exit(0)
print(f"You lost! The key was {key}.")
