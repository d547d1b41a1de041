"""Its own processes look at each other in /proc, as after an exec they may (same uid): the parent lists
its child, reads the child's status, and the child reads its parent's command line."""
import os
import time

r, w = os.pipe()
child = os.fork()
if child == 0:
    try:
        with open(f"/proc/{os.getppid()}/status") as f:
            os.write(w, f.readline().encode())
    except OSError as error:
        os.write(w, f"parent's status: {type(error).__name__}\n".encode())
    time.sleep(5)
    os._exit(0)
print("child listed:", str(child) in os.listdir("/proc"))
try:
    with open(f"/proc/{child}/status") as f:
        print("child's status:", f.readline().split()[0])
except OSError as error:
    print("child's status:", type(error).__name__)
print("from the child:", os.read(r, 200).decode().split()[0])
os.kill(child, 9)
