# Mastermind (Bulls and Cows version)
# bulls = right digit right place, cows = right digit wrong place

def get_bulls_cows(secret, guess):
    bulls = 0
    cows = 0
    for i in range(4):
        if guess[i] == secret[i]:
            bulls += 1
        elif guess[i] in secret:
            cows += 1
    return bulls, cows


def plural(n, word):
    if n == 1:
        return str(n) + " " + word
    return str(n) + " " + word + "s"


secret = input("Enter the secret number: ").strip()
guesses = 0

while guesses < 12:
    guess = input("Your guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isdigit():
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) < 4:
        print("Guess must not have duplicate digits!")
        continue
    guesses += 1
    bulls, cows = get_bulls_cows(secret, guess)
    if bulls == 4:
        print("4 bulls! You win! It took you " + str(guesses) + " guesses.")
        break
    print(plural(bulls, "bull") + ", " + plural(cows, "cow"))
else:
    print("Game over. The number was " + secret)
