import random

number = random.randint(1000, 9999)
secret = str(number)
print("I have picked a 4 digit number. You have 10 guesses.")

for turn in range(1, 11):
    guess = input("Enter your guess: ")
    while len(guess) != 4 or not guess.isdigit():
        print("That's not a 4 digit number!")
        guess = input("Enter your guess: ")
    if int(guess) == number:
        print("Correct! You win!")
        print("Guesses:", turn)
        break
    position = 0
    exist = 0
    for i in range(4):
        if guess[i] == secret[i]:
            position += 1
        elif guess[i] in secret:
            exist += 1
    print("exist:", exist, "position:", position)
else:
    print("You ran out of guesses. It was", number)
