import shutil

width = shutil.get_terminal_size().columns
print("=" * width)
print("MASTERMIND".center(width))
print("=" * width)

key = input("Enter key: ").strip()
history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
    elif not all(c in "0123456789" for c in guess):
        print("Invalid input. Try again.")
    elif len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        position = sum(1 for a, b in zip(guess, key) if a == b)
        exist = sum(1 for a, b in zip(guess, key) if a != b and a in key)
        history.append(f"{guess} : exist: {exist}, position: {position}")
        print("\n".join(history))
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {len(history)} guesses.")
            break
else:
    print(f"You lost! The key was {key}.")
