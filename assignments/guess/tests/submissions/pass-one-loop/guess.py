def ask(prompt):
    answer = input(prompt).strip()
    while not (answer.isdigit() and 0 < int(answer) <= 100):
        print("Type a whole number from 1 to 100.")
        answer = input(prompt).strip()
    return int(answer)


def main():
    secret = ask("Secret number: ")
    count = 1
    guess = ask("Guess: ")
    while guess != secret:
        print("Too low." if guess < secret else "Too high.")
        guess = ask("Guess: ")
        count += 1
    print("Correct! Guesses:", count)


if __name__ == "__main__":
    main()
