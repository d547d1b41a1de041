"""Goes for the fork server: its control descriptor's number is on the program's own command line
(`python3 -c BOOT FD SEEDED_BOOT`, the server's). Signals its parent, init, every pid it may name and every process it
may (kill -1), writes to the control descriptor's number, then waits for input while the next runs are
forked beside it."""
import os
import signal

control = int(open("/proc/self/cmdline", "rb").read().split(b"\0")[3])
tried = {}
for name, pid in (("parent", os.getppid()), ("init", 1)):
    try:
        os.kill(pid, signal.SIGKILL)
        tried[name] = "sent"
    except OSError as error:
        tried[name] = type(error).__name__
try:
    os.write(control, b"\0" * 64)
    tried["control"] = "written"
except OSError as error:
    tried["control"] = type(error).__name__
for pid in range(2, 1 << 15):
    if pid != os.getpid():
        try:
            os.kill(pid, signal.SIGKILL)
            tried.setdefault("sent to", []).append(pid)
        except OSError:
            pass
try:
    os.kill(-1, signal.SIGKILL)
except OSError as error:
    tried["kill -1"] = type(error).__name__
print("tried:", sorted(tried.items()))
input("Enter key: ")
print("still here")
