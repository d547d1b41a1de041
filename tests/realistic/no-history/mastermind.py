def main():
    key = input("Enter key: ").strip()
    turn = 0
    while turn < 12:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
            continue
        if not guess.isdigit():
            print("Invalid input. Try again.")
            continue
        if len(set(guess)) != 4:
            print("Guess must not have duplicate digits!")
            continue
        turn += 1
        exist = 0
        position = 0
        for i, d in enumerate(guess):
            if key[i] == d:
                position += 1
            elif d in key:
                exist += 1
        print(guess, ": exist:", str(exist) + ", position:", position)
        if position == 4:
            print("You guessed it right!")
            print("You did it in", turn, "guesses.")
            return
    print("You lost! The key was", key)


main()
