"""Nests 3,000 folders in its own folder, one inside the other, each entered as it is made (so no path it
uses is long), then says "nested". Their whole path is past the longest Linux takes (4,095 bytes) and their
depth past Python's recursion limit: a walk or a removal that recurses, or goes by whole paths, cannot
reach the bottom. Isolated, they vanish with the run's tmpfs; in a fallback they lie in its copy."""
import os

for _ in range(3000):
    os.mkdir("d")
    os.chdir("d")
with open("bottom", "w") as out:
    out.write("x" * 1000)
print("nested", flush=True)
