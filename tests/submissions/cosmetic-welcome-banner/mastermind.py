print("========================================")
print("        Welcome to MASTERMIND!")
print("========================================")
print("Player 1 types a 4 digit key (no repeated digits).")
print("Player 2 has 12 guesses to find it.")
print("exist    = right digit, wrong place")
print("position = right digit, right place")
print()


def is_valid(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    for digit in guess:
        if digit not in "0123456789":
            print("Invalid input. Try again.")
            return False
    for i in range(4):
        for j in range(i + 1, 4):
            if guess[i] == guess[j]:
                print("Guess must not have duplicate digits!")
                return False
    return True


def main():
    key = input("Enter key: ").strip()
    history = []
    tries = 0
    while True:
        guess = input("Enter guess: ").strip()
        if not is_valid(guess):
            continue
        tries += 1
        exist = 0
        position = 0
        for i in range(4):
            if guess[i] == key[i]:
                position += 1
            elif guess[i] in key:
                exist += 1
        history.append(f"{guess} : exist: {exist}, position: {position}")
        for line in history:
            print(line)
        if guess == key:
            print("You guessed it right!")
            print(f"You did it in {tries} guesses.")
            break
        if tries == 12:
            print(f"Game over! The key was {key}")
            break


main()
