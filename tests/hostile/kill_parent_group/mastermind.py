"""Signals its parent's process group, as a program that means to stop its launcher might; from a shell it
survives (the shell's group is not the program's), and it reports where it stands in its session."""
import os
import signal

me = os.getpid()
print("session leader:", os.getsid(0) == me, "group leader:", os.getpgrp() == me,
      "foreground:", os.tcgetpgrp(0) == os.getpgrp(), flush=True)
parent_group = os.getpgid(os.getppid())
print("parent's group is mine:", parent_group in (0, os.getpgrp()), flush=True)
try:
    os.killpg(parent_group, signal.SIGTERM)
except OSError as error:
    print("killpg failed:", type(error).__name__)
line = input("Enter key: ")
print("still here:", line)
