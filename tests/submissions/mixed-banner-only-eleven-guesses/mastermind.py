print("*** MASTERMIND ***")
print("Guess the 4 digit key in 12 tries!")

key = input("Enter key: ").strip()
history = []
tries = 1
won = False
while tries < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if any(d not in "0123456789" for d in guess):
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    exist = sum(1 for i in range(4) if guess[i] in key and guess[i] != key[i])
    position = sum(1 for i in range(4) if guess[i] == key[i])
    history.append(f"{guess} : exist: {exist}, position: {position}")
    print("\n".join(history))
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {tries} guesses.")
        won = True
        break
    tries += 1
if not won:
    print(f"You lost! The key was {key}.")
