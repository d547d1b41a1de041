import string

key = input("Enter key: ").strip()
history = []
attempts = 0

while attempts < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if any(c not in string.digits for c in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != len(guess):
        print("Guess must not have duplicate digits!")
        continue
    attempts += 1
    position = sum(1 for a, b in zip(guess, key) if a == b)
    exist = sum(1 for c in guess if c in key) - position
    # newest guess on top so you see it first
    history.insert(0, f"{guess} : exist: {exist}, position: {position}")
    print("\n".join(history))
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {attempts} guesses.")
        break
if attempts == 12 and guess != key:
    print(f"You lost! The key was {key}.")
