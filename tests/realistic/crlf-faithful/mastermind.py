# Mastermind - digit version
# Written in Notepad++ on Windows

def is_valid(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    if not all(c in "0123456789" for c in guess):
        print("Invalid input. Try again.")
        return False
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        return False
    return True


def score(key, guess):
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    return exist, position


key = input("Enter key: ").strip()
history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if not is_valid(guess):
        continue
    exist, position = score(key, guess)
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for line in history:
        print(line)
    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(len(history)) + " guesses.")
        break
else:
    print("Sorry, you lost! The key was " + key + ".")
