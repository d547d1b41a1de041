"""Cheats: looks everywhere for another mastermind.py (the reference, a classmate's) and runs it instead."""
import os
import sys

own = os.path.realpath(__file__)
for top, dirs, files in os.walk("/"):
    if top.startswith(("/proc", "/sys", "/usr", "/dev")):
        dirs[:] = []
        continue
    if "mastermind.py" in files:
        found = os.path.realpath(os.path.join(top, "mastermind.py"))
        if found != own:
            os.execv(sys.executable, [sys.executable, found])
print("nothing to copy")
