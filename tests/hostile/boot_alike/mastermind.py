"""Leans on what `python3 mastermind.py` gives a script and the seeded boot's fallback once did not (its
`__builtins__` a dict, no `__loader__` nor `__cached__`, sys.path[0] '', an uncaught ^C ending with status 1)."""
import os
import sys

__builtins__.print("builtins:", type(__builtins__).__name__)
print("loader:", type(__loader__).__name__, "cached:", __cached__)
print("path[0] is my folder:", sys.path[0] == os.path.dirname(os.path.abspath(__file__)))
os.chdir("/")
import helper  # noqa: E402 - found in the program's folder, wherever it now runs from

raise KeyboardInterrupt
