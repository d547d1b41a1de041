class Mastermind:
    MAX_ATTEMPTS = 12

    def __init__(self, key):
        self.key = key
        self.history = []

    def validate(self, guess):
        if len(guess) != 4:
            return "Guess must be of 4 digits!"
        if not guess.isdigit() or not guess.isascii():
            return "Invalid input. Try again."
        if len(set(guess)) != 4:
            return "Guess must not have duplicate digits!"
        return None

    def score(self, guess):
        position = 0
        exist = 0
        for i, digit in enumerate(guess):
            if digit == self.key[i]:
                position += 1
            elif digit in self.key:
                exist += 1
        return exist, position

    def show_history(self):
        for guess, exist, position in self.history:
            print(f"{guess} : exist: {exist}, position: {position}")

    def play(self):
        while len(self.history) < self.MAX_ATTEMPTS:
            print(f"Attempt {len(self.history) + 1}/{self.MAX_ATTEMPTS}")
            guess = input("Enter guess: ").strip()
            error = self.validate(guess)
            if error:
                print(error)
                continue
            exist, position = self.score(guess)
            self.history.append((guess, exist, position))
            self.show_history()
            if guess == self.key:
                print("You guessed it right!")
                print(f"You did it in {len(self.history)} guesses.")
                return
        print(f"Sorry, you lost. The key was {self.key}")


if __name__ == "__main__":
    game = Mastermind(input("Enter key: ").strip())
    game.play()
