import readline  # arrow keys and line editing at the prompts

MAX_GUESSES = 12


def valid(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    for c in guess:
        if c < "0" or c > "9":
            print("Invalid input. Try again.")
            return False
    for i in range(4):
        for j in range(i + 1, 4):
            if guess[i] == guess[j]:
                print("Guess must not have duplicate digits!")
                return False
    return True


key = input("Enter key: ").strip()
history = []
won = False
while len(history) < MAX_GUESSES and not won:
    guess = input("Enter guess: ").strip()
    if not valid(guess):
        continue
    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == key[i]:
            position = position + 1
        elif key.find(guess[i]) != -1:
            exist = exist + 1
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print(*history, sep="\n")
    won = guess == key
if won:
    print("You guessed it right!")
    print(f"You did it in {len(history)} guesses.")
else:
    print(f"You lost! The key was {key}.")
