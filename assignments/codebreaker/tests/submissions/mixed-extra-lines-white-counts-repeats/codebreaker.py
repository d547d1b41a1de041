import random

colors = ['R', 'Y', 'B', 'G', 'P', 'W']


def all_combinations():
    '''generates a list of all valid combinations'''
    combo_list = []
    for first in colors:
        for second in colors:
            for third in colors:
                for fourth in colors:
                    combo_list.append(first+second+third+fourth)
    return combo_list


def random_combination():
    '''Generates random combination of four colors,
       random.select() is NOT chosen, because it disallows duplicaties'''
    return (random.choice(colors) + random.choice(colors)
            + random.choice(colors) + random.choice(colors))


def check_guess(guess, answer):
    '''compares a guessed combination with the right answer'''

    # makes editable copies of each list
    answer_copy = list(answer)
    guess_copy = list(guess)
    black = 0
    white = 0

    for ind in range(len(guess_copy)):
        if guess_copy[ind] == answer_copy[ind]:
            # removes correct answers from lists so won't be double counted
            # when checking white pegs
            guess_copy[ind] = "?"
            answer_copy[ind] = "*"
            black = black + 1

    for ind in range(len(guess_copy)):
        if guess_copy[ind] in answer_copy:
            white = white + 1

    return black, white


def computer_guesses():
    # Start with all possible guesses
    pool = all_combinations()
    computer_pick = random_combination()
    black_user = 0
    computer_tries = 0

    print("Think of a combination of four colours from R Y B G P W.")
    print("I will guess it!")
    print()
    # If the answer is not yet known
    while len(pool) > 1:
        print(f"--- Round {computer_tries + 1} ---")
        print("My guess is " + computer_pick)
        computer_tries = computer_tries + 1
        black_user = int(input("How many black pegs? "))
        white_user = int(input("How many white pegs? "))
        for n in reversed(range(len(pool))):
            blackwhite = check_guess(pool[n], computer_pick)
            if blackwhite[0] != black_user or blackwhite[0] + blackwhite[1] != black_user + white_user:
                pool.pop(n)
        if len(pool) > 1:
            computer_pick = random.choice(pool)
            print(f"{len(pool)} combinations left.")
            print()

    # Report the solution when found
    if len(pool) == 0:
        print("I could not find any answer that matches your responses.")
    else:
        print("I think I have it!  Your combination is ", pool[0])
    print("Thanks for playing!")

    return computer_tries


if __name__ == "__main__":
    computer_guesses()
