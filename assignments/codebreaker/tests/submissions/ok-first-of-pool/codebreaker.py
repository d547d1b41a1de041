from collections import Counter
from itertools import product

COLOURS = "RYBGPW"


def pegs(guess, answer):
    black = sum(g == a for g, a in zip(guess, answer))
    both = sum((Counter(guess) & Counter(answer)).values())
    return black, both - black


def main():
    pool = ["".join(code) for code in product(COLOURS, repeat=4)]
    while len(pool) > 1:
        guess = pool[0]
        print("My guess is " + guess)
        black = int(input("How many black pegs? "))
        white = int(input("How many white pegs? "))
        pool = [code for code in pool if pegs(code, guess) == (black, white)]
    if pool:
        print("I think I have it!  Your combination is ", pool[0])
    else:
        print("I could not find any answer that matches your responses.")


if __name__ == "__main__":
    main()
