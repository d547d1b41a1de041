def score(key, guess):
    exist, position = 0, 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    return exist, position


key = input("Enter key: ").strip()
print("\n" * 99)  # hide the key

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
    exist, position = score(key, guess)
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print(*history, sep="\n")
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
