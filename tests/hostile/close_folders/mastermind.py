"""Writes 8 MB into a folder of its own that it made without the right to list it (write and enter only), two
folders below it, the innermost with no permission at all: the grader, when it runs as the program's own
user, can neither list nor remove them without giving the permissions back. Made so from the start, as
mkdir allows, since a mode change does nothing there. Says "closed"."""
import os

os.mkdir("h", 0o300)
os.mkdir("h/deeper", 0o300)
os.mkdir("h/deeper/still", 0)
for index in range(8):
    with open(f"h/f{index}", "wb") as out:
        out.write(b"x" * (1 << 20))
print("closed", flush=True)
