import sys


def ask(prompt):
    sys.stdout.write(prompt)
    sys.stdout.flush()
    return sys.stdin.readline().strip()


def is_valid(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    for c in guess:
        if c < "0" or c > "9":
            print("Invalid input. Try again.")
            return False
    seen = []
    for c in guess:
        if c in seen:
            print("Guess must not have duplicate digits!")
            return False
        seen.append(c)
    return True


key = ask("Enter key: ")
guesses = []
results = []
while len(guesses) < 12:
    guess = ask("Enter guess: ")
    if not is_valid(guess):
        continue
    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == key[i]:
            position = position + 1
        else:
            if guess[i] in key:
                exist = exist + 1
    guesses.append(guess)
    results.append("exist: " + str(exist) + ", position: " + str(position))
    for k in range(len(guesses)):
        print(guesses[k] + " : " + results[k])
    if guess == key:
        print("You guessed it right!")
        print("You did it in " + str(len(guesses)) + " guesses.")
        break
if guesses[-1] != key:
    print("Sorry, you ran out of guesses. The secret key was " + key)
