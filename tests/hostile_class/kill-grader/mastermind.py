"""Tries to stop the grader: kills its parent, its process group, and every process it may signal."""
import os
import signal

for target in (lambda: os.kill(os.getppid(), signal.SIGKILL), lambda: os.killpg(os.getpgrp(), signal.SIGTERM),
               lambda: os.kill(-1, signal.SIGKILL)):
    try:
        target()
    except OSError:
        pass
print("still here")
