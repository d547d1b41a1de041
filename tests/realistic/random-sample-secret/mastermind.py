import random

# the computer picks the key: 4 different digits
key = "".join(random.sample("0123456789", 4))
history = []

while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isdigit():
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print("\n".join(history))
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
