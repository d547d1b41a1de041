"""Allocates 4 GB at once, then grows 16 MB at a time."""
try:
    block = bytearray(4 * 1024**3)
    print("allocated 4 GB")
except MemoryError:
    print("MemoryError at 4 GB")
chunks = []
try:
    for _ in range(256):  # at most 4 GB in total
        chunks.append(bytearray(16 * 1024**2))
    print("allocated 4 GB in chunks")
except MemoryError:
    print(f"MemoryError after {len(chunks) * 16} MB")
