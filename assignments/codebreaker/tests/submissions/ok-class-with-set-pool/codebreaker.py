import random


class Solver:
    COLOURS = ["R", "Y", "B", "G", "P", "W"]

    def __init__(self):
        self.pool = sorted(a + b + c + d for a in self.COLOURS for b in self.COLOURS
                           for c in self.COLOURS for d in self.COLOURS)

    @staticmethod
    def score(guess, answer):
        black = 0
        rest_guess, rest_answer = [], []
        for g, a in zip(guess, answer):
            if g == a:
                black += 1
            else:
                rest_guess.append(g)
                rest_answer.append(a)
        white = 0
        for g in rest_guess:
            if g in rest_answer:
                rest_answer.remove(g)
                white += 1
        return black, white

    def learn(self, guess, black, white):
        self.pool = [code for code in self.pool if self.score(guess, code) == (black, white)]

    def pick(self):
        return self.pool[random.randrange(len(self.pool))]


solver = Solver()
while len(solver.pool) > 1:
    guess = solver.pick()
    print(f"My guess is {guess}")
    black = int(input("How many black pegs? "))
    white = int(input("How many white pegs? "))
    solver.learn(guess, black, white)
if not solver.pool:
    print("I could not find any answer that matches your responses.")
else:
    print(f"I think I have it!  Your combination is  {solver.pool[0]}")
