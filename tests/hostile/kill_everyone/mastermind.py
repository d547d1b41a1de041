"""kill(-1, SIGKILL): every process it is allowed to signal (on Linux, never the caller itself)."""
import os

print("killing everyone", flush=True)
try:
    os.kill(-1, 9)
    print("kill -1 sent")
except OSError as error:
    print("kill -1 failed:", type(error).__name__)  # ESRCH: nothing it may signal but itself
print("survived kill -1")
