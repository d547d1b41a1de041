def read_number(prompt):
    while True:
        text = input(prompt).strip()
        if text.isdigit():
            return int(text)
        print("Type a whole number from 1 to 100.")


secret = read_number("Secret number: ")
guesses = 0
while True:
    guess = read_number("Guess: ")
    guesses += 1
    if guess < secret:
        print("Too low.")
    elif guess > secret:
        print("Too high.")
    else:
        print(f"Correct! Guesses: {guesses}")
        break
