"""Codebreaker: you think of a combination of four colours, the computer guesses it from your pegs.

The game already runs (`python3 codebreaker.py`): the guesses, the questions and the end are there.
Two parts are not: fill in `check_guess` and the filtering of the pool (marked TODO). Examples:
`python3 -m doctest -v codebreaker.py`.
"""

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
    '''compares a guessed combination with the right answer: (black, white)

    Black pegs: right colour in the right place. White pegs: right colour in another place,
    each peg of either combination counted at most once.

    >>> check_guess('RBYW', 'RYWB')
    (1, 3)
    >>> check_guess('RRRR', 'RGGG')
    (1, 0)
    '''
    # TODO: count the black pegs first, then the white pegs among the pegs left over.
    return 0, 0


def computer_guesses():
    # Start with all possible guesses
    pool = all_combinations()
    computer_pick = random_combination()
    black_user = 0
    computer_tries = 0

    # If the answer is not yet known
    while len(pool) > 1:
        print("My guess is " + computer_pick)
        computer_tries = computer_tries + 1
        black_user = int(input("How many black pegs? "))
        white_user = int(input("How many white pegs? "))
        # TODO: remove from the pool every combination that would not have got these pegs
        # for computer_pick (use check_guess).
        if len(pool) > 1:
            computer_pick = random.choice(pool)

    # Report the solution when found
    if len(pool) == 0:
        print("I could not find any answer that matches your responses.")
    else:
        print("I think I have it!  Your combination is ", pool[0])

    return computer_tries


if __name__ == "__main__":
    computer_guesses()
