"""Tries to kill its parent, then still asks for input."""
import os

try:
    os.kill(os.getppid(), 9)
    print("killed parent", os.getppid())
except OSError as error:
    print("kill parent failed:", type(error).__name__)
input("Enter key: ")
print("still here")
