import sys
from collections import Counter


def ask(prompt):
    sys.stdout.write(prompt)
    sys.stdout.flush()
    return sys.stdin.readline().strip()


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def problem_with(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if not set(guess) <= set("0123456789"):
        return "Invalid input. Try again."
    if max(Counter(guess).values()) > 1:
        return "Guess must not have duplicate digits!"
    return None


def evaluate(key, guess):
    position = sum(1 for a, b in zip(key, guess) if a == b)
    common = sum((Counter(key) & Counter(guess)).values())
    return common - position, position


key = ask("Enter key: ")
lines = []
while len(lines) < 12:
    guess = ask("Enter guess: ")
    problem = problem_with(guess)
    if problem:
        say(problem)
        continue
    exist, position = evaluate(key, guess)
    lines.append("%s : exist: %d, position: %d" % (guess, exist, position))
    if guess == key:
        say("You guessed it right!")
        say("You did it in %d guesses." % len(lines))
        break
    say("\n".join(lines))
else:
    say("You lost! The key was %s." % key)
