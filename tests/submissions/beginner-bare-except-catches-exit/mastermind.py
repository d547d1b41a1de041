import sys

key = input("Enter key: ").strip()
history = []

while True:
    try:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
            continue
        int(guess)
        if not guess.isdigit():
            raise ValueError
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
            sys.exit()
        if len(history) == 12:
            print(f"You lost! The key was {key}.")
            sys.exit()
    except:
        print("Invalid input. Try again.")
