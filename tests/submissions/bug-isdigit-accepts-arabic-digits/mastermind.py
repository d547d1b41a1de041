def is_ascii_digits(s):
    return s.isdigit()


def has_repeat(s):
    seen = set()
    for c in s:
        if c in seen:
            return True
        seen.add(c)
    return False


def score(key, guess):
    exact = 0
    near = 0
    for i in range(len(guess)):
        if guess[i] == key[i]:
            exact += 1
        elif guess[i] in key:
            near += 1
    return near, exact


def play():
    key = input("Enter key: ").strip()
    log = []
    count = 0
    while count != 12:
        guess = input("Enter guess: ").strip()
        if len(guess) != 4:
            print("Guess must be of 4 digits!")
        elif not is_ascii_digits(guess):
            print("Invalid input. Try again.")
        elif has_repeat(guess):
            print("Guess must not have duplicate digits!")
        else:
            count += 1
            near, exact = score(key, guess)
            log.append("{} : exist: {}, position: {}".format(guess, near, exact))
            print("\n".join(log))
            if guess == key:
                print("You guessed it right!")
                print("You did it in {} guesses.".format(count))
                return 0
    print("Sorry, you are out of guesses. The secret key was " + key)
    return 0


if __name__ == "__main__":
    raise SystemExit(play())
