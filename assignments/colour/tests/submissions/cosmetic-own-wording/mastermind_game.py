import random
import sys

PALETTE = "RGBYOP"


def clue_for(secret, guess):
    exact = 0
    secret_left, guess_left = [], []
    for s, g in zip(secret, guess):
        if s == g:
            exact += 1
        else:
            secret_left.append(s)
            guess_left.append(g)
    misplaced = 0
    for g in guess_left:
        if g in secret_left:
            secret_left.remove(g)
            misplaced += 1
    return exact, misplaced


def read_guess(text):
    text = text.replace(" ", "").upper()
    if len(text) != 4:
        print("enter exactly FOUR letters!")
        return None
    for letter in text:
        if letter not in PALETTE:
            print("Use only R, G, B, Y, O or P!")
            return None
    return text


def demo():
    print("Mastermind: enter four letters from R G B Y O P.")
    for turn, guess in enumerate(["RRRR", "RGBY"], 1):
        exact, misplaced = clue_for("RGBY", guess)
        print(f"Guess {turn}: {guess} -> {exact} exact, {misplaced} misplaced")
    print("You cracked the code.")
    print("Demo secret: R G B Y")


def play():
    secret = "".join(random.choice(PALETTE) for _ in range(4))
    print("=== MASTERMIND ===")
    print("Colours: R G B Y O P")
    guesses = 0
    while guesses < {{rows}}:
        guess = read_guess(input(f"Your guess #{guesses + 1}: "))
        if guess is None:
            continue
        guesses += 1
        exact, misplaced = clue_for(secret, guess)
        print(f"{guess} -> exact: {exact} | misplaced: {misplaced}")
        if exact == 4:
            print(f"Congratulations!!! You cracked the code in {guesses} guesses :)")
            return
    print(f"Out of guesses... the secret code was {secret}")


if __name__ == "__main__":
    if "--demo" in sys.argv:
        demo()
    else:
        play()
