key = input("Enter key: ").strip()
attempts = 0
past_guesses = []

while attempts < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not all(c in "0123456789" for c in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue

    pos = 0
    ex = 0
    for i in range(4):
        if guess[i] == key[i]:
            pos += 1
        elif guess[i] in key:
            ex += 1
    past_guesses.append(f"{guess} : exist: {ex}, position: {pos}")
    for pg in past_guesses:
        print(pg)

    if guess == key:
        print("You guessed it right! :)")
        print(f"You did it in {attempts} guesses.")
        break
    attempts += 1

if attempts == 12:
    print(f"Game over, the key was {key}.")
