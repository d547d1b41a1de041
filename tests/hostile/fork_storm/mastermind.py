"""Tries to fork 500 children (bounded: each child blocks on a pipe and exits when the parent does)."""
import os

r, w = os.pipe()
made, failed = 0, 0
for _ in range(500):
    try:
        pid = os.fork()
    except OSError:
        failed += 1
        continue
    if pid == 0:
        os.close(w)
        os.read(r, 1)  # returns at EOF: when the parent (the only writer) is gone
        os._exit(0)
    made += 1
print(f"forked {made} failed {failed}", flush=True)
