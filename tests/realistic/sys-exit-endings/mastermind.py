import sys

key = input("Enter key: ").strip()
history = []


def valid(g):
    if len(g) != 4:
        print("Guess must be of 4 digits!")
        return False
    if not g.isdigit() or not g.isascii():
        print("Invalid input. Try again.")
        return False
    if len(set(g)) < 4:
        print("Guess must not have duplicate digits!")
        return False
    return True


while True:
    g = input("Enter guess: ").strip()
    if not valid(g):
        continue
    pos = sum(1 for i in range(4) if g[i] == key[i])
    ex = sum(1 for i in range(4) if g[i] != key[i] and g[i] in key)
    history.append(f"{g} : exist: {ex}, position: {pos}")
    print(*history, sep="\n")
    if g == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
        sys.exit()
    if len(history) == 12:
        print("GAME OVER")
        print(f"The key was {key}")
        sys.exit()
