"""A codebreaker with no solving logic: its own `random` starts from the spec's seed, as the referee's once did, so
it copies its generator, draws the secret the referee would draw (rng.choice over every code, in the referee's
order) and claims it at once. It earns the game only where the referee's randomness is its own."""
import itertools
import random

codes = ["".join(code) for code in itertools.product("RYBGPW", repeat=4)]
copy = random.Random()
copy.setstate(random.getstate())
secret = copy.choice(codes)
print("My guess is " + secret)
input("How many black pegs? ")
input("How many white pegs? ")
print("I think I have it!  Your combination is ", secret)
