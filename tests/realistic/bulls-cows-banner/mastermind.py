import random

print("=" * 40)
print("        B U L L S   &   C O W S")
print("=" * 40)
print("I'm thinking of a 4 digit number with no repeated digits.")
print("Bulls = right digit in the right place")
print("Cows  = right digit in the wrong place")
print("Type 'quit' to give up.")
print()

digits = list("0123456789")
random.shuffle(digits)
while digits[0] == "0":
    random.shuffle(digits)
secret = "".join(digits[:4])

attempts = 0
while True:
    guess = input("Your guess: ").strip()
    if guess.lower() == "quit":
        print("The number was", secret)
        break
    if len(guess) != 4 or not guess.isdigit() or len(set(guess)) != 4:
        print("Please enter 4 different digits.")
        continue
    attempts += 1
    bulls = sum(1 for a, b in zip(guess, secret) if a == b)
    cows = sum(1 for a in guess if a in secret) - bulls
    print(f"Bulls: {bulls}  Cows: {cows}")
    if bulls == 4:
        print(f"You got it in {attempts} attempts!")
        break
