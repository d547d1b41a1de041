"""A detached double-fork setsid daemon that would live on forever; the main program then waits for input
(or exits, with argument 'exit' in mode.txt)."""
import os
import time

r, w = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() != 0:
        os._exit(0)
    os.write(w, f"{os.getpid()}\n".encode())
    null = os.open("/dev/null", os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    while True:
        time.sleep(0.05)
os.wait()
print("daemon started", os.read(r, 100).decode().strip(), flush=True)
mode = open("mode.txt").read().strip() if os.path.exists("mode.txt") else "wait"
if mode == "wait":
    input("Enter key: ")
