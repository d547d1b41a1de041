"""Reads the code with the terminal's echo turned off by hand (what getpass does), then ends the line."""
import sys
import termios


def hidden_line(prompt):
    sys.stdout.write(prompt)
    sys.stdout.flush()
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    new = termios.tcgetattr(fd)
    new[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSADRAIN, new)
    try:
        line = sys.stdin.readline()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    print()
    return line.rstrip("\n")


def feedback(code, guess):
    exact = [c for c, g in zip(code, guess) if c == g]
    shared = sum(min(code.count(c), guess.count(c)) for c in set(guess))
    return len(exact), shared - len(exact)


def valid(entry):
    return len(entry) == 4 and not set(entry) - set("RGBYOP")


def play_game(n, games, maker):
    print()
    print(f"Game {n} of {games}: player {maker} makes the code, player {3 - maker} breaks it.")
    code = hidden_line(f"Player {maker}, type the code (hidden): ").strip().upper()
    while not valid(code):
        print("A code is 4 letters from R G B Y O P.")
        code = hidden_line(f"Player {maker}, type the code (hidden): ").strip().upper()
    for row in range(1, 11):
        guess = input(f"Guess {row}: ").strip().upper()
        while not valid(guess):
            print("A guess is 4 letters from R G B Y O P.")
            guess = input(f"Guess {row}: ").strip().upper()
        black, white = feedback(code, guess)
        print(f"Black: {black}, White: {white}")
        if black == 4:
            print(f"Broken in {row} guesses.")
            return row
    print(f"Not broken. The code was {code}.")
    return 11


def main():
    print("Mastermind match: colours R G B Y O P, codes of 4, 10 rows.")
    answer = input("How many games? ").strip()
    while not (answer.isascii() and answer.isdigit() and int(answer) > 0 and int(answer) % 2 == 0):
        print("The number of games must be a positive even number.")
        answer = input("How many games? ").strip()
    games = int(answer)
    totals = [0, 0]
    for n in range(1, games + 1):
        maker = 2 - n % 2
        earned = play_game(n, games, maker)
        totals[maker - 1] += earned
        print(f"Player {maker} scores {earned} points.")
        print(f"Score: player 1 has {totals[0]}, player 2 has {totals[1]}.")
    print()
    if totals[0] == totals[1]:
        print(f"The match is a draw, {totals[0]} to {totals[1]}.")
    elif totals[0] > totals[1]:
        print(f"Player 1 wins the match, {totals[0]} to {totals[1]}.")
    else:
        print(f"Player 2 wins the match, {totals[1]} to {totals[0]}.")


main()
