"""Writes 8 MB into a folder of its own, two folders below it, then takes every permission away from the
folders (the innermost keeps none, the middle one only reading): the grader, when it runs as the program's
own user, can neither list nor remove them without giving the permissions back. Says "closed"."""
import os

os.makedirs("h/deeper/still")
for index in range(8):
    with open(f"h/f{index}", "wb") as out:
        out.write(b"x" * (1 << 20))
os.chmod("h/deeper/still", 0)
os.chmod("h/deeper", 0o500)
os.chmod("h", 0)
print("closed", flush=True)
