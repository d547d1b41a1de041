# Mastermind game
# by a CS1 student


def get_key():
    return input("Enter key: ").strip()


def is_number(s):
    try:
        int(s)
        return True
    except ValueError:
        return False


def has_duplicates(s):
    seen = []
    for c in s:
        if c in seen:
            return True
        seen.append(c)
    return False


def main():
    key = get_key()
    history = []
    while len(history) < 12:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not is_number(guess):
            print("Invalid input. Try again.")
        elif has_duplicates(guess):
            print("Guess must not have duplicate digits!")
        else:
            exist = 0
            position = 0
            for i in range(4):
                if guess[i] == key[i]:
                    position = position + 1
                elif guess[i] in key:
                    exist = exist + 1
            history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
            for line in history:
                print(line)
            if guess == key:
                print("You guessed it right!")
                print("You did it in " + str(len(history)) + " guesses.")
                return
    print("You lost! The key was " + key + ".")


main()
