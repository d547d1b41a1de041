def main():
    key = input("Enter key: ").strip()
    history = []
    turn = 1
    while turn <= 12:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
            continue
        if not (set(guess) <= set("0123456789")):
            print("Invalid input. Try again.")
            continue
        if len(set(guess)) != len(guess):
            print("Guess must not have duplicate digits!")
            continue

        exact = 0
        close = 0
        for i, digit in enumerate(guess):
            if digit == key[i]:
                exact += 1
            elif digit in key:
                close += 1
        history.append([guess, close, exact])

        for h in history:
            print(h[0] + " : exist: " + str(h[1]) + ", position: " + str(h[2]))

        if exact == 4:
            print("You guessed it right!")
            print("You did it in " + str(turn) + " guesses.")
            return
        print()
        turn += 1
    print("You lost! The key was " + key)


if __name__ == "__main__":
    main()
