def get_feedback(key, guess):
    exist = 0
    position = 0
    for i in range(len(guess)):
        if guess[i] == key[i]:
            position += 1
        elif guess[i] in key:
            exist += 1
    return exist, position


def valid(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    if not all(ch in "0123456789" for ch in guess):
        print("Invalid input. Try again.")
        return False
    for ch in guess:
        if guess.count(ch) > 1:
            print("Guess must not have duplicate digits!")
            return False
    return True


key = input("Enter key: ").strip()
# push the key off the screen so the other player can't see it
for i in range(100):
    print()

guesses = []
won = False
while len(guesses) < 12 and not won:
    guess = input("Enter guess: ").strip()
    if not valid(guess):
        continue
    exist, position = get_feedback(key, guess)
    guesses.append(f"{guess} : exist: {exist}, position: {position}")
    print("\n".join(guesses))
    if guess == key:
        won = True

if won:
    print("You guessed it right!")
    print(f"You did it in {len(guesses)} guesses.")
else:
    print(f"Sorry, you lost. The key was {key}.")
