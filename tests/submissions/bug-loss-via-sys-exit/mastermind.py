import sys

key = input("Enter key: ").strip()
history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if any(c not in "0123456789" for c in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    position = sum(k == g for k, g in zip(key, guess))
    exist = sum(1 for g in guess if g in key) - position
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print("\n".join(history))
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
        sys.exit()
sys.exit(f"You lost! The key was {key}.")
