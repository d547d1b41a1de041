"""A bounded fork storm: as many sleeping children as it is allowed, left behind on exit."""
import os
import time

os.environ["HOSTILE_MARK"] = "hostile-batch-7f3a"
for _ in range(300):
    try:
        if os.fork() == 0:
            time.sleep(3600)
            os._exit(0)
    except OSError:
        break
print("forked")
