# Key pegs the way the board game is played: take out the exact pegs, then match the rest one by one.
import getpass
import sys


def pegs(code, guess):
    code, guess = list(code), list(guess)
    black = 0
    for i in range(4):
        if code[i] == guess[i]:
            black += 1
            code[i] = guess[i] = None
    white = 0
    for peg in guess:
        if peg is not None and peg in code:
            white += 1
            code[code.index(peg)] = None
    return black, white


def good(text):
    return len(text) == 4 and all(c in "RGBYOP" for c in text)


def ask(prompt, reader, message):
    while True:
        text = reader(prompt).strip().upper()
        if good(text):
            return text
        sys.stdout.write(message + "\n")


print("Mastermind match: colours R G B Y O P, codes of 4, 10 rows.")
while True:
    games = input("How many games? ").strip()
    if games in [str(n) for n in range(2, 1000, 2)]:
        games = int(games)
        break
    print("The number of games must be a positive even number.")

score = {1: 0, 2: 0}
players = [1, 2]
for game in range(games):
    maker, breaker = players
    print()
    print("Game %d of %d: player %d makes the code, player %d breaks it." % (game + 1, games, maker, breaker))
    code = ask("Player %d, type the code (hidden): " % maker, getpass.getpass, "A code is 4 letters from R G B Y O P.")
    made = 0
    broken = False
    while made < 10 and not broken:
        guess = ask("Guess %d: " % (made + 1), input, "A guess is 4 letters from R G B Y O P.")
        made += 1
        black, white = pegs(code, guess)
        print("Black: %d, White: %d" % (black, white))
        broken = black == 4
    if broken:
        print("Broken in %d guesses." % made)
    else:
        print("Not broken. The code was %s." % code)
    earned = made + (0 if broken else 1)
    score[maker] += earned
    print("Player %d scores %d points." % (maker, earned))
    print("Score: player 1 has %d, player 2 has %d." % (score[1], score[2]))
    players.reverse()

print()
if score[1] == score[2]:
    print("The match is a draw, %d to %d." % (score[1], score[2]))
else:
    first = max(score, key=score.get)
    print("Player %d wins the match, %d to %d." % (first, score[first], score[3 - first]))
