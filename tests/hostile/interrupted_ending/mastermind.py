"""Ends by an uncaught KeyboardInterrupt with output still in sys.stdout's buffer, a thread still running
and an object left to finalize: the interpreter flushes stdout before the traceback, then, as on the way
out of any script, joins the thread and finalizes the object, and only then dies by SIGINT."""
import sys
import threading
import time


class Finalized:
    def __del__(self) -> None:
        print("finalized")


def late() -> None:
    time.sleep(0.2)
    print("thread ended", flush=True)


kept = Finalized()
sys.stdout.write("Your guess? ")
threading.Thread(target=late).start()
raise KeyboardInterrupt
