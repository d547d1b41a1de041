"""Before every prompt, a flood of alternating short lines (no run of identical lines to collapse), some
70 KB a step, so that every step of every spec differs by some 24,000 lines, within the output limit."""
import sys

while True:
    sys.stdout.write("a\nb\n" * 12_000)
    input("Enter guess: ")
