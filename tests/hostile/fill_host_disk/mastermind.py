"""Writes 1 MB blocks into file after file, each within file_size_mb, in its own folder, then in /tmp, until
a write fails or 256 MB are written; prints how many MB it wrote. Isolated, the run's tmpfs (disk_mb) stops
it; in a fallback only file_size_mb holds, per file, and the copy and /tmp lie on the machine's disk."""
import os

BLOCK = b"x" * (1 << 20)
TOTAL = 256
written = 0
for where in (".", "/tmp"):
    index = 0
    try:
        while written < TOTAL:
            with open(os.path.join(where, f"fill-{os.getpid()}-{index}"), "wb") as out:
                out.write(BLOCK)
            written += 1
            index += 1
    except OSError:
        pass
print(f"wrote {written} MB", flush=True)
