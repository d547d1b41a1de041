# Number Mastermind
# based on a tutorial, changed so player 1 types the number

num = input("Player 1, enter the 4 digit number: ").strip()
print("Player 2, you have 12 tries to guess the number.")

tries = 0
while tries < 12:
    n = input("Guess the number: ").strip()

    if len(n) != 4:
        print("The number must be 4 digits long!")
        continue
    if not n.isdigit():
        print("Only digits please!")
        continue
    if len(set(n)) != 4:
        print("No repeating digits allowed!")
        continue

    tries += 1
    if n == num:
        print("You've become a Mastermind!")
        print("It took you only", tries, "tries.")
        break

    right_place = 0
    wrong_place = 0
    for i in range(4):
        if n[i] == num[i]:
            right_place += 1
        elif n[i] in num:
            wrong_place += 1
    print("You got", right_place, "digit(s) in the right place and", wrong_place, "digit(s) in the wrong place.")
else:
    print("Better luck next time! The number was", num)
