import random

digits = list("0123456789")
random.shuffle(digits)
key = "".join(digits[:4])
print("DEBUG: key is", key)  # TODO remove before submitting

count = 0
while count < 12:
    guess = input("Enter guess: ")
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isdigit():
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    count += 1
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    print("exist:", exist, "position:", position)
    if guess == key:
        print("You guessed it right!")
        print("You did it in", count, "guesses.")
        break
if count == 12 and guess != key:
    print("Game over. The key was", key)
