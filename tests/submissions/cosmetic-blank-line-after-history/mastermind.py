DIGITS = "0123456789"


class Game:
    def __init__(self, key):
        self.key = key
        self.history = []

    def score(self, guess):
        position = 0
        exist = 0
        for index, digit in enumerate(guess):
            if self.key[index] == digit:
                position += 1
            elif digit in self.key:
                exist += 1
        return exist, position

    def play_turn(self, guess):
        exist, position = self.score(guess)
        self.history.append(f"{guess} : exist: {exist}, position: {position}")
        for entry in self.history:
            print(entry)
        print()  # leave a gap so each round is easier to read


def error_for(guess):
    if len(guess) != 4:
        return "Guess must be of 4 digits!"
    if any(d not in DIGITS for d in guess):
        return "Invalid input. Try again."
    if len(set(guess)) != len(guess):
        return "Guess must not have duplicate digits!"
    return ""


def main():
    game = Game(input("Enter key: ").strip())
    while len(game.history) < 12:
        guess = input("Enter guess: ").strip()
        error = error_for(guess)
        if error:
            print(error)
            continue
        game.play_turn(guess)
        if guess == game.key:
            print("You guessed it right!")
            print(f"You did it in {len(game.history)} guesses.")
            return
    print(f"Out of guesses! The key was {game.key}.")


if __name__ == "__main__":
    main()
