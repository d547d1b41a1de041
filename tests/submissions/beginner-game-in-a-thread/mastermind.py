import threading

# I run the game in its own thread (we just learned threads)

results = []


def valid(guess):
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        return False
    if not all(c in "0123456789" for c in guess):
        print("Invalid input. Try again.")
        return False
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        return False
    return True


def game():
    key = input("Enter key: ").strip()
    count = 0
    while count < 12:
        guess = input("Enter guess: ").strip()
        if not valid(guess):
            continue
        count += 1
        pos = 0
        ex = 0
        for i in range(4):
            if guess[i] == key[i]:
                pos += 1
            elif guess[i] in key:
                ex += 1
        results.append("%s : exist: %d, position: %d" % (guess, ex, pos))
        for r in results:
            print(r)
        if guess == key:
            print("You guessed it right!")
            print("You did it in %d guesses." % count)
            return
    print("You lost! The key was %s." % key)


t = threading.Thread(target=game)
t.start()
t.join()
