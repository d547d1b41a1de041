"""Writes 1 MB files one after another into its temporary folder, and keeps of each only a one-page mapping
once it has closed and removed it: the file's blocks stay on the disk while no folder and no descriptor
shows them. Says how many MB it holds so after each, then "held N MB" at 256 MB or when a call fails."""
import ctypes
import os
import tempfile

libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
PROT_READ, MAP_SHARED, FAILED = 1, 1, ctypes.c_void_p(-1).value
BLOCK = b"x" * (1 << 20)
held = 0
try:
    while held < 256:
        path = os.path.join(tempfile.gettempdir(), f"mapped-{held}")
        with open(path, "wb+") as out:  # a shared mapping needs the file open for reading too
            out.write(BLOCK)
            out.flush()
            if libc.mmap(None, 4096, PROT_READ, MAP_SHARED, out.fileno(), 0) in (None, FAILED):
                raise OSError(ctypes.get_errno(), "mmap")
        os.unlink(path)
        held += 1
        print(held, flush=True)
except OSError as error:
    print("stopped:", error, flush=True)
print(f"held {held} MB", flush=True)
