"""A daemon that leaves both marks the fallback's clean-up looks for: it double-forks out of the process
group and session (setsid), then re-executes itself with an empty environment (no run marker). Once it
runs without the marker it tells the program its pid, which the program prints before it ends; the daemon
sleeps for a minute."""
import os
import sys
import time

if len(sys.argv) == 3 and sys.argv[1] == "daemon":
    os.write(int(sys.argv[2]), f"{os.getpid()}\n".encode())
    os.close(int(sys.argv[2]))
    time.sleep(60)
    sys.exit(0)
ready, told = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        null = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.set_inheritable(told, True)
        os.execve(sys.executable, [sys.executable, os.path.abspath(__file__), "daemon", str(told)], {})
    os._exit(0)
os.wait()
os.close(told)
print("daemon", os.read(ready, 100).decode().strip(), flush=True)
