"""Reaches into the shared temporary folders, as a fallback run could when it was granted them: a classmate's
program kept under /tmp (paths.txt names it, as the grader's command line in /proc names the class folder) read
and listed, a file written straight into each shared temporary folder, and one made through tempfile, which
must work (in the run's own TMPDIR). Prints what each attempt got."""
import errno
import os
import tempfile

classmate = open("paths.txt").read().strip()


def write(path):
    with open(path, "w") as file:
        file.write("scores")
    os.unlink(path)


attempts = {"classmate": lambda: open(classmate).read(),
            "class folder": lambda: os.listdir(os.path.dirname(os.path.dirname(classmate)))}
for shared in ("/tmp", "/var/tmp", "/dev/shm", "/run/lock"):
    attempts[f"write {shared}"] = lambda shared=shared: write(os.path.join(shared, f"scores-{os.getpid()}"))
for name, action in attempts.items():
    try:
        action()
        got = "allowed"
    except OSError as error:
        got = errno.errorcode.get(error.errno, error.errno)
    print(f"{name}: {got}")
with tempfile.NamedTemporaryFile("w") as own:
    own.write("scores")
    own.flush()
    print("tempfile:", os.path.dirname(own.name) == os.environ.get("TMPDIR", "/tmp"),
          open(own.name).read())
try:
    open("/tmp/scores.txt", "w")
except PermissionError:
    raise
except OSError as error:
    print("/tmp/scores.txt:", errno.errorcode.get(error.errno, error.errno))
