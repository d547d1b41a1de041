"""Writes 1 MB blocks into file after file, each within file_size_mb, until a write fails or 256 MB are
written, saying how many MB it has written after each; ends saying "wrote N MB". It spreads them over
everything a run may write to: its own folder, its temporary folder, and files it removes while it keeps them
open (no folder shows those). Isolated, the run's tmpfs (disk_mb) stops it; in a fallback the copy and the
temporary folder lie on the machine's disk, and only the sandbox's watch on what the run holds stops it."""
import os
import tempfile

BLOCK = b"x" * (1 << 20)
TOTAL = 256
kept = []
written = 0
try:
    while written < TOTAL:
        path = os.path.join((".", tempfile.gettempdir(), ".")[written % 3], f"fill-{os.getpid()}-{written}")
        out = open(path, "wb")
        out.write(BLOCK)
        out.flush()
        if written % 3 == 2 and len(kept) < 16:
            os.unlink(path)
            kept.append(out)
        else:
            out.close()
        written += 1
        print(written, flush=True)
except OSError:
    pass
print(f"wrote {written} MB", flush=True)
