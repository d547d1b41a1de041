print("Welcome to Mastermind!")
print("Guess the 4 digit key in 12 tries or less.")

key = input("Enter key: ").strip()
guesses = []

while len(guesses) < 12:
    g = input("Enter guess: ").strip()
    if len(g) != 4:
        print("Guess must be of 4 digits!")
    elif not g.isdecimal() or not g.isascii():
        print("Invalid input. Try again.")
    elif len(set(g)) != 4:
        print("Guess must not have duplicate digits!")
    else:
        guesses.append(g)
        for n, old in enumerate(guesses, start=1):
            exist = 0
            position = 0
            for i in range(4):
                if old[i] == key[i]:
                    position += 1
                elif old[i] in key:
                    exist += 1
            print(f"Guess {n}: {old}  exist: {exist}, position: {position}")
        if g == key:
            print("You guessed it right!")
            print(f"You did it in {len(guesses)} guesses.")
            break
        print(f"{12 - len(guesses)} guesses left")
if guesses[-1:] != [key]:
    print(f"You lost! The key was {key}")
