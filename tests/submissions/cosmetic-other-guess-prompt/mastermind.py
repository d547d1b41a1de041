import sys


def feedback(key, guess):
    exist = position = 0
    for k, g in zip(key, guess):
        if k == g:
            position += 1
        elif g in key:
            exist += 1
    return exist, position


def problem_with(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if not set(guess) <= set("0123456789"):
        return "Invalid input. Try again."
    if len(set(guess)) != 4:
        return "Guess must not have duplicate digits!"
    return None


key = input("Enter key: ").strip()
history = []
for turn in range(1, 13):
    while True:
        guess = input("Please enter your guess: ").strip()
        problem = problem_with(guess)
        if problem is None:
            break
        print(problem)
    history.append((guess,) + feedback(key, guess))
    for g, e, p in history:
        print(f"{g} : exist: {e}, position: {p}")
    if guess == key:
        print("You guessed it right!")
        print(f"You did it in {turn} guesses.")
        sys.exit()
print(f"You lose! The key was {key}.")
