import sys

key = input("Enter key: ").strip()
history = []  # (guess, exist, position)

while len(history) < 12:
    g = input("Enter guess: ").strip()
    if len(g) != 4:
        sys.stdout.write("Guess must be of 4 digits!\n")
        continue
    if [c for c in g if c not in "0123456789"]:
        sys.stdout.write("Invalid input. Try again.\n")
        continue
    if len(set(g)) != 4:
        sys.stdout.write("Guess must not have duplicate digits!\n")
        continue
    p = e = 0
    for i, c in enumerate(g):
        if key[i] == c:
            p += 1
        elif c in key:
            e += 1
    history.append((g, e, p))
    for guess, exist, position in history:
        sys.stdout.write(f"{guess} : exist: {exist}, position: {position}\n")
    if g == key:
        sys.stdout.write("You guessed it right!\n")
        sys.stdout.write(f"You did it in {len(history)} guesses.\n")
        while True:
            pass

sys.stdout.write(key + "\n")
