"""Tries to write outside its working directory: the original submission folder (path in paths.txt),
the system trees, the root of the file system. Writing its own folder and /tmp must work."""
import os

targets = [line for line in open("paths.txt").read().split("\n") if line]
targets += ["/usr/pwned", "/etc/pwned", "/pwned", "/proc/pwned", "/dev/pwned"]
for target in targets:
    try:
        with open(target, "w") as f:
            f.write("pwned")
        print(f"wrote {target}")
    except OSError as error:
        print(f"write {target} failed: {type(error).__name__}")
for target in ("own.txt", "/tmp/own.txt", os.path.expanduser("~/home.txt")):
    with open(target, "w") as f:
        f.write("ok")
    print(f"wrote {target}")
