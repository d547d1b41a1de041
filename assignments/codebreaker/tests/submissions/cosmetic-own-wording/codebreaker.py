import itertools
import random

COLOURS = "RYBGPW"


def pegs(guess, answer):
    black = sum(1 for g, a in zip(guess, answer) if g == a)
    both = sum(min(guess.count(c), answer.count(c)) for c in COLOURS)
    return black, both - black


def ask(question):
    return int(input(question).strip())


def main():
    pool = ["".join(p) for p in itertools.product(COLOURS, repeat=4)]
    guess = random.choice(pool)
    turn = 1
    while len(pool) > 1:
        print(f"Guess #{turn}: {' '.join(guess)}")
        black = ask("Black pegs -> ")
        white = ask("White pegs -> ")
        pool = [code for code in pool if pegs(guess, code) == (black, white)]
        if len(pool) > 1:
            guess = random.choice(pool)
        turn += 1
    if not pool:
        print("i could NOT find any answer that matches your responses!!")
    else:
        print(f"Got it! Your combination is: {pool[0]} :)")


main()
