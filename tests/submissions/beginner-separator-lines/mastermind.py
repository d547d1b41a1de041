key = input("Enter key: ").strip()
history = []
turn = 0

while turn < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not all(ch in "0123456789" for ch in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    turn += 1
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print("-" * 30)
    for line in history:
        print(line)
    print("-" * 30)
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {turn} guesses.")
        break

if turn == 12 and guess != key:
    print(f"You lost! The key was {key}.")
