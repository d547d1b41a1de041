class Guess:
    def __init__(self, text, key):
        self.text = text
        self.position = 0
        self.exist = 0
        for index, digit in enumerate(text):
            if key[index] == digit:
                self.position += 1
            elif digit in key:
                self.exist += 1

    def __str__(self):
        return "{} : exist: {}, position: {}".format(self.text, self.exist, self.position)


class Mastermind:
    LIMIT = 12

    def __init__(self, key):
        self.key = key
        self.guesses = []

    @staticmethod
    def error_for(text):
        if len(text) != 4:
            return "Guess must be of 4 digits!"
        if any(c not in "0123456789" for c in text):
            return "Invalid input. Try again."
        if len(set(text)) < len(text):
            return "Guess must not have duplicate digits!"
        return None

    def over(self):
        return self.won() or len(self.guesses) >= self.LIMIT

    def won(self):
        return bool(self.guesses) and self.guesses[-1].text == self.key

    def play(self):
        while not self.over():
            text = input("Enter guess: ").strip()
            error = self.error_for(text)
            if error is not None:
                print(error)
                continue
            self.guesses.append(Guess(text, self.key))
        if self.won():
            for g in self.guesses:
                print(g)
            print("You guessed it right!")
            print("You did it in {} guesses.".format(len(self.guesses)))
        else:
            print("You lost! The key was {}.".format(self.key))


if __name__ == "__main__":
    Mastermind(input("Enter key: ").strip()).play()
