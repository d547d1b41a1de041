"""A match as a class; key pegs from collections.Counter's intersection."""
from collections import Counter
from getpass import getpass as secret

PALETTE = "RGBYOP"


class Match:
    rows = 10

    def __init__(self):
        self.points = [0, 0, 0]

    @staticmethod
    def ok(entry):
        return len(entry) == 4 and set(entry) <= set(PALETTE)

    @staticmethod
    def pegs(code, guess):
        black = sum(map(str.__eq__, code, guess))
        return black, sum((Counter(code) & Counter(guess)).values()) - black

    def number_of_games(self):
        answer = input("How many games? ").strip()
        while not (answer.isdigit() and answer.isascii() and int(answer) and int(answer) % 2 == 0):
            print("The number of games must be a positive even number.")
            answer = input("How many games? ").strip()
        return int(answer)

    def game(self, index, total):
        maker, breaker = (1, 2) if index % 2 else (2, 1)
        print(f"\nGame {index} of {total}: player {maker} makes the code, player {breaker} breaks it.")
        code = secret(f"Player {maker}, type the code (hidden): ").strip().upper()
        while not self.ok(code):
            print("A code is 4 letters from R G B Y O P.")
            code = secret(f"Player {maker}, type the code (hidden): ").strip().upper()
        row = 1
        while row <= self.rows:
            guess = input(f"Guess {row}: ").strip().upper()
            if not self.ok(guess):
                print("A guess is 4 letters from R G B Y O P.")
                continue
            black, white = self.pegs(code, guess)
            print(f"Black: {black}, White: {white}")
            if black == 4:
                print(f"Broken in {row} guesses.")
                break
            row += 1
        else:
            print(f"Not broken. The code was {code}.")
        self.points[maker] += row
        print(f"Player {maker} scores {row} points.")
        print(f"Score: player 1 has {self.points[1]}, player 2 has {self.points[2]}.")

    def play(self):
        print("Mastermind match: colours R G B Y O P, codes of 4, 10 rows.")
        total = self.number_of_games()
        for index in range(1, total + 1):
            self.game(index, total)
        one, two = self.points[1], self.points[2]
        print()
        if one == two:
            print(f"The match is a draw, {one} to {two}.")
        else:
            print(f"Player {1 if one > two else 2} wins the match, {max(one, two)} to {min(one, two)}.")


Match().play()
