key = input("Enter key: ").strip()
history = []

def check(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digts!")
        return False
    for c in guess:
        if c not in "0123456789":
            print("Invalid imput. Try again.")
            return False
    if len(set(guess)) != 4:
        print("Guess must not have dublicate digits!")
        return False
    return True

while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if not check(guess):
        continue
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
    for h in history:
        print(h)
    if guess == key:
        print("You guesed it right!")
        print("You did it in " + str(len(history)) + " guesses.")
        break
else:
    print("You lost! The key was " + key)
