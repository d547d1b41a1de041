import random
import sys

COLOURS = "RYBGPW"


def check(guess, answer):
    black = sum(1 for g, a in zip(guess, answer) if g == a)
    total = sum(min(guess.count(c), answer.count(c)) for c in COLOURS)
    return black, total - black


def ask(question):
    sys.stdout.write(question)
    sys.stdout.flush()
    return int(sys.stdin.readline().strip())


pool = [a + b + c + d for a in COLOURS for b in COLOURS for c in COLOURS for d in COLOURS]
guess = "".join(random.choice(COLOURS) for _ in range(4))
while len(pool) > 1:
    print("My guess is " + guess)
    black = ask("How many black pegs? ")
    white = ask("How many white pegs? ")
    pool = [code for code in pool if check(code, guess) == (black, white)]
    if len(pool) > 1:
        guess = random.choice(pool)
if pool:
    print("I think I have it!  Your combination is ", pool[0])
else:
    print("I could not find any answer that matches your responses.")
