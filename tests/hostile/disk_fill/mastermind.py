"""Writes one file past the file size limit, then fills the disk with 512 KB files (at most 1 GB)."""
import errno
import os

try:
    with open("big.bin", "wb") as f:
        f.write(b"x" * (2 * 1024 * 1024))
    print("wrote a 2 MB file")
except OSError as error:
    print("2 MB file:", errno.errorcode[error.errno])
written = 0
try:
    for i in range(2048):
        with open(f"/tmp/fill{i}.bin", "wb") as f:
            f.write(b"x" * (512 * 1024))
        written += 1
    print("filled 1 GB")
except OSError as error:
    print(f"disk full after {written // 2} MB:", errno.errorcode[error.errno])
