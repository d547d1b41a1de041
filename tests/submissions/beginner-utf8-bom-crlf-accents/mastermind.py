# Mastermind – Zoë's version (written in Notepad on Windows)


class Game:
    def __init__(self, key):
        self.key = key
        self.lines = []

    def problem(self, guess):
        if len(guess) != 4:
            return "Guess must be of 4 digits!"
        if [c for c in guess if c not in "0123456789"]:
            return "Invalid input. Try again."
        if len(set(guess)) != 4:
            return "Guess must not have duplicate digits!"
        return ""

    def play(self, guess):
        hits = [g == k for g, k in zip(guess, self.key)]
        near = [g in self.key and not hit for g, hit in zip(guess, hits)]
        self.lines.append(f"{guess} : exist: {sum(near)}, position: {sum(hits)}")
        print("\n".join(self.lines))
        return guess == self.key


game = Game(input("Enter key: ").strip())
while len(game.lines) < 12:
    guess = input("Enter guess: ").strip()
    message = game.problem(guess)
    if message:
        print(message)
    elif game.play(guess):
        print("You guessed it right!")
        print(f"You did it in {len(game.lines)} guesses.")
        break
else:
    print(f"You lost! The key was {game.key}.")
