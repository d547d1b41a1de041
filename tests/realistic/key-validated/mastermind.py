def valid_code(code):
    return len(code) == 4 and code.isdigit() and len(set(code)) == 4


key = input("Enter key: ").strip()
while not valid_code(key):
    print("Key must be 4 different digits!")
    key = input("Enter key: ").strip()

history = []
while len(history) < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not all("0" <= c <= "9" for c in guess):
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
        print(f"You did it in {len(history)} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
