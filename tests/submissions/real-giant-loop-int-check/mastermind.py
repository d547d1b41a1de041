# Mastermind with numbers
# CS101 project 2

key = input("Enter key: ").strip()

history = []
tries = 0
game_over = False
won = False

while not game_over:
    guess = input("Enter guess: ").strip()
    valid = True

    # check length
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        valid = False

    # check it is a number
    if valid == True:
        try:
            int(guess)
        except ValueError:
            print("Invalid input. Try again.")
            valid = False

    # check duplicates
    if valid == True:
        for i in range(4):
            for j in range(i + 1, 4):
                if guess[i] == guess[j]:
                    valid = False
        if valid == False:
            print("Guess must not have duplicate digits!")

    if valid == True:
        tries = tries + 1
        exist = 0
        position = 0
        for i in range(4):
            if guess[i] == key[i]:
                position = position + 1
            elif guess[i] in key:
                exist = exist + 1
        history.append(guess + " : exist: " + str(exist) + ", position: " + str(position))
        for line in history:
            print(line)
        if guess == key:
            print("You guessed it right!")
            print("You did it in " + str(tries) + " guesses.")
            won = True
            game_over = True
        elif tries == 12:
            print("You lost! The key was " + key + ".")
            game_over = True
