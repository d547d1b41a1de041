def get_guess():
    while True:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not all(ch in "0123456789" for ch in guess):
            print("Invalid input. Try again. ")
        elif len(set(guess)) != 4:
            print("Guess must not have duplicate digits!")
        else:
            return guess


def count(key, guess):
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
for turn in range(1, 13):
    guess = get_guess()
    exist, position = count(key, guess)
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print("\n".join(history))
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {turn} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
