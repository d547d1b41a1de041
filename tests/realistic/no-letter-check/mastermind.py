# Mastermind game
# key and guesses are 4 digit numbers with no repeating digits

key = input("Enter key: ").strip()
history = []
num_guesses = 0

while num_guesses < 12:
    guess = input("Enter guess: ").strip()

    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if len(set(guess)) < 4:
        print("Guess must not have duplicate digits!")
        continue

    num_guesses += 1
    exist = 0
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    history.append([guess, exist, position])

    for item in history:
        print(item[0], ": exist: " + str(item[1]) + ", position: " + str(item[2]))

    if guess == key:
        print("You guessed it right!")
        print("You did it in", num_guesses, "guesses.")
        break

if num_guesses == 12 and guess != key:
    print("You lost! The key was", key)
