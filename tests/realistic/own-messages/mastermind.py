def ask_guess():
    while True:
        g = input("Enter guess: ").strip()
        if len(g) != 4:
            print("Please enter exactly 4 digits.")
        elif not g.isdigit():
            print("Numbers only please.")
        elif len(set(g)) != 4:
            print("No repeated digits allowed!")
        else:
            return g


key = input("Enter key: ").strip()
history = []
for n in range(1, 13):
    g = ask_guess()
    exist = 0
    position = 0
    for i in range(4):
        if g[i] == key[i]:
            position += 1
        elif g[i] in key:
            exist += 1
    history.append(f"{g} : exist: {exist}, position: {position}")
    for h in history:
        print(h)
    if g == key:
        print("You guessed it right!")
        print(f"You did it in {n} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
