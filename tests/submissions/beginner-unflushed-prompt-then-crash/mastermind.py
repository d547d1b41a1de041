import sys

# sys.stdout.write is faster than print (my friend said)


def read(prompt):
    sys.stdout.write(prompt)
    return sys.stdin.readline().strip()


key = read("Enter key: ")
history = []
while len(history) < 12:
    guess = read("Enter guess: ")
    if len(guess) != 4:
        sys.stdout.write("Guess must be of 4 digits!\n")
        continue
    number = int(guess)  # crashes on letters, I will fix it later
    if len(set(guess)) != 4:
        sys.stdout.write("Guess must not have duplicate digits!\n")
        continue
    position = sum(g == k for g, k in zip(guess, key))
    exist = sum(g in key for g in guess) - position
    history.append(guess + " : exist: " + str(exist) + ", position: " + str(position) + "\n")
    sys.stdout.write("".join(history))
    if guess == key:
        sys.stdout.write("You guessed it right!\n")
        sys.stdout.write("You did it in " + str(len(history)) + " guesses.\n")
        break
else:
    sys.stdout.write("You lost! The key was " + key + ".\n")
