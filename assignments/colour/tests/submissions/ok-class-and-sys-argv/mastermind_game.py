import random
import sys

COLOURS = "RGBYOP"


class Game:
    def __init__(self, secret):
        self.secret = secret
        self.turn = 1

    def clue(self, guess):
        exact = sum(a == b for a, b in zip(self.secret, guess))
        common = sum(min(self.secret.count(c), guess.count(c)) for c in COLOURS)
        return exact, common - exact


def read_guess(text):
    letters = "".join(text.split()).upper()
    if len(letters) != 4:
        return None, "Enter exactly four letters."
    if any(letter not in COLOURS for letter in letters):
        return None, "Use only R, G, B, Y, O, or P."
    return letters, None


def demo():
    game = Game("RGBY")
    for number, guess in enumerate(["RRRR", "RGBY"], start=1):
        exact, misplaced = game.clue(guess)
        print(f"Guess {number}: {guess} -> {exact} exact, {misplaced} misplaced")
        if exact == 4:
            print("You cracked the code.")
            break
    print("Demo secret: R G B Y")


def play():
    game = Game("".join(COLOURS[random.randint(0, 5)] for _ in range(4)))
    while game.turn <= {{rows}}:
        guess, problem = read_guess(input(f"Guess {game.turn}/{{rows}}: "))
        if problem:
            print(problem)
            continue
        exact, misplaced = game.clue(guess)
        print(f"Clue: {exact} exact, {misplaced} misplaced")
        if exact == 4:
            print(f"You cracked the code in {game.turn} guesses.")
            return
        game.turn += 1
    print("No guesses left. The code was " + " ".join(game.secret))


print("Mastermind: enter four letters from R G B Y O P.")
if "--demo" in sys.argv[1:]:
    demo()
else:
    play()
