import atexit


def goodbye():
    print("Thanks for playing Mastermind!")


atexit.register(goodbye)

key = input("Enter key: ").strip()
history = []
while len(history) < 12:
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
    position = len([i for i in range(4) if guess[i] == key[i]])
    exist = len([i for i in range(4) if guess[i] != key[i] and guess[i] in key])
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print("\n".join(history))
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
