# Mastermind - my own version
# (a disguised copy of tests/submissions/real-globals-own-prompts: identifiers renamed, spacing and
# comments changed, evaluate() and is_valid() swapped; the similarity test must still rank it top)

past_guesses = [ ]
attempts = 0
secret = ''


def read_secret( ):
    global secret
    # ask the first player for the number
    secret = input( "Enter the secret number: " ).strip( )


def evaluate(g):
    # count digits in the right place and digits elsewhere
    found = 0
    placed = 0
    for idx in range(len(g)):
        if g[idx] == secret[idx]:
            placed += 1
        elif g[idx] in secret:
            found += 1
    return found, placed


def is_valid(g):
    if len(g) != 4:
        print( "Guess must be of 4 digits!" )
        return False
    for ch in g:
        if ch not in "0123456789":
            print( "Invalid input. Try again." )
            return False
    for ch in g:
        if g.count(ch) > 1:
            print( "Guess must not have duplicate digits!" )
            return False
    return True


def print_past( ):
    for entry in past_guesses:
        print(entry[0], ": exist: " + str(entry[1]) + ", position: " + str(entry[2]))


def run_game( ):
    global attempts
    while attempts < 12:
        g = input( "Your guess: " ).strip( )
        if not is_valid(g):
            continue  # ask again
        attempts += 1
        found, placed = evaluate(g)
        past_guesses.append((g, found, placed))
        print_past( )
        if g == secret:
            print( "You guessed it right!" )
            print( "You did it in", attempts, "guesses." )
            return
    print( "Game over, the key was", secret )


read_secret( )
run_game( )
