def is_number(text):
    try:
        int(text)
        return True
    except ValueError:
        return False


key = input("Enter key: ").strip()
history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not is_number(guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    position = 0
    exist = 0
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
