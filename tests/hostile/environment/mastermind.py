"""Prints every environment variable it can find: its own and those of every process it can see."""
import os

print("own:", sorted(os.environ.items()))
for pid in sorted(p for p in os.listdir("/proc") if p.isdigit()):
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            print(f"environ of {pid}:", f.read().replace(b"\0", b" ").decode(errors="replace"))
    except OSError as error:
        print(f"environ of {pid}: {type(error).__name__}")
print("done")
