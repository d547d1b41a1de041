import os

print("*******************************")
print("*     M A S T E R M I N D     *")
print("*******************************")

key = input("Enter key: ").strip()
os.system("clear")

history = []
count = 0
while count < 12:
    guess = input("Enter guess: ").strip()
    if len(guess) != 4:
        print("Guess must be of 4 digits!")
        continue
    if not guess.isnumeric():
        print("Invalid input. Try again.")
        continue
    if len(set(guess)) != 4:
        print("Guess must not have duplicate digits!")
        continue
    count += 1
    position = 0
    for i in range(4):
        if guess[i] == key[i]:
            position += 1
    exist = len(set(guess) & set(key))
    history.append(f"{guess} : exist: {exist}, position: {position}")
    for h in history:
        print(h)
    if guess == key:
        print("You win!")
        print(f"Guesses: {count}")
        break
if count == 12 and guess != key:
    print("You lost!")
