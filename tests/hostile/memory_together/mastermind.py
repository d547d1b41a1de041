"""Spreads memory over many processes or shared memory, each piece under the per-process limit, then
asks for more in the program itself. mode.txt: "children" or "shm"."""
import ctypes
import os

MB = 1024 * 1024


def children(count: int, size: int) -> int:
    """`count` children that each hold `size` MB and stay; how many still hold it once all have tried. A
    child killed for memory may still be dying when its pipe reads empty, so each is asked once more: a
    live one answers, a dead one's pipe ends (never a guess by waitpid's timing)."""
    started = []
    hold, _ = os.pipe()  # never written, its write end held by all: a read of it waits until the run ends
    for _ in range(count):
        read_end, write_end = os.pipe()
        ask_read, ask_write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            os.close(ask_write)
            held = b"\1" * (size * MB)  # written, so resident
            os.write(write_end, b"x")
            os.read(ask_read, 1)
            os.write(write_end, b"y")
            os.read(hold, 1) if held else None  # not the terminal: the grader would see that as waiting for input
            os._exit(0)
        os.close(write_end)
        os.close(ask_read)
        started.append((read_end, ask_write))
    for reader, _ in started:
        os.read(reader, 1)  # it holds its memory, or it died
    alive = 0
    for reader, asker in started:
        try:
            os.write(asker, b"?")
        except BrokenPipeError:
            continue
        alive += os.read(reader, 1) == b"y"
    return alive


def segments(count: int, size: int) -> int:
    """`count` System V segments of `size` MB, each written then detached (never removed)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmat.restype = ctypes.c_void_p
    made = 0
    for _ in range(count):
        segment = libc.shmget(0, ctypes.c_size_t(size * MB), 0o1600)  # IPC_PRIVATE, IPC_CREAT | 0600
        if segment < 0:
            break
        address = libc.shmat(segment, None, 0)
        ctypes.memset(address, 1, size * MB)
        libc.shmdt(ctypes.c_void_p(address))
        made += 1
    return made


mode = open("mode.txt").read().strip()
if mode == "children":
    print("children holding 60 MB at once:", children(5, 60), flush=True)
else:
    print("segments of 60 MB:", segments(5, 60), flush=True)
mine = b"\1" * (200 * MB)
print("done")
