"""Mastermind match (seed 004): two players at one keyboard play an even number of games, swapping
the roles of codemaker and codebreaker every game. The reference solution."""

import getpass

COLOURS = "RGBYOP"
LENGTH = 4
ROWS = 10


def ask_games():
    while True:
        text = input("How many games? ").strip()
        if text.isascii() and text.isdigit() and int(text) > 0 and int(text) % 2 == 0:
            return int(text)
        print("The number of games must be a positive even number.")


def valid(entry):
    return len(entry) == LENGTH and all(letter in COLOURS for letter in entry)


def read_code(maker):
    while True:
        code = getpass.getpass(f"Player {maker}, type the code (hidden): ").strip()
        if valid(code):
            return code
        print(f"A code is {LENGTH} letters from {' '.join(COLOURS)}.")


def key_pegs(code, guess):
    black = sum(c == g for c, g in zip(code, guess))
    common = sum(min(code.count(colour), guess.count(colour)) for colour in COLOURS)
    return black, common - black


def play(number, games, maker, breaker):
    print()
    print(f"Game {number} of {games}: player {maker} makes the code, player {breaker} breaks it.")
    code = read_code(maker)
    guesses = 0
    while guesses < ROWS:
        guess = input(f"Guess {guesses + 1}: ").strip().upper()
        if not valid(guess):
            print(f"A guess is {LENGTH} letters from {' '.join(COLOURS)}.")
            continue
        guesses += 1
        black, white = key_pegs(code, guess)
        print(f"Black: {black}, White: {white}")
        if black == LENGTH:
            print(f"Broken in {guesses} guesses.")
            return guesses
    print(f"Not broken. The code was {code}.")
    return guesses + 1


def main():
    print("Mastermind match: colours R G B Y O P, codes of 4, 10 rows.")
    games = ask_games()
    points = {1: 0, 2: 0}
    for number in range(1, games + 1):
        maker = 1 if number % 2 == 1 else 2
        breaker = 3 - maker
        earned = play(number, games, maker, breaker)
        points[maker] += earned
        print(f"Player {maker} scores {earned} points.")
        print(f"Score: player 1 has {points[1]}, player 2 has {points[2]}.")
    print()
    if points[1] == points[2]:
        print(f"The match is a draw, {points[1]} to {points[2]}.")
    else:
        winner = 1 if points[1] > points[2] else 2
        print(f"Player {winner} wins the match, {points[winner]} to {points[3 - winner]}.")


if __name__ == "__main__":
    main()
