DIGITS = "0123456789"


def valid(text):
    if len(text) != 4:
        print("Guess must be of 4 digits!")
        return False
    if any(ch not in DIGITS for ch in text):
        print("Invalid input. Try again.")
        return False
    if len(set(text)) != 4:
        print("Guess must not have duplicate digits!")
        return False
    return True


key = input("Enter key: ").strip()
history = []
while len(history) < 12:
    text = input("Enter guess: ").strip()
    if not valid(text):
        continue
    number = int(text)  # stored as a number: 0123 is shown as 123
    exist = sum(1 for i in range(4) if text[i] != key[i] and text[i] in key)
    position = sum(1 for i in range(4) if text[i] == key[i])
    history.append(f"{number} : exist: {exist}, position: {position}")
    print("\n".join(history))
    if text == key:
        print("You guessed it right!")
        print(f"You did it in {len(history)} guesses.")
        break
else:
    print(f"You lost! The key was {key}.")
