"""Ignores every signal it can, then waits for input forever."""
import signal

for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGUSR1, signal.SIGXCPU):
    signal.signal(sig, signal.SIG_IGN)
while True:
    try:
        input("Enter key: ")
    except EOFError:
        pass
