"""Ways around a fallback run's Landlock, as the grader's own user (paths.txt: a file of the grader's
the run must not read): through the grader's /proc (its environment, its working folder), a symlink
and a hard link made in its own copy, and a listing of the temporary folder (other runs' copies).
Prints what each attempt got."""
import errno
import os

secret = open("paths.txt").read().strip()
grader = os.getppid()


def attempt(name, action):
    try:
        action()
        print(f"{name}: allowed")
    except OSError as error:
        print(f"{name}: {errno.errorcode.get(error.errno, error.errno)}")


attempt("secret", lambda: open(secret).read())
attempt("grader environment", lambda: open(f"/proc/{grader}/environ").read())
attempt("grader folder", lambda: os.listdir(f"/proc/{grader}/cwd"))
attempt("symlink", lambda: (os.symlink(secret, "link"), open("link").read()))
attempt("hard link", lambda: (os.link(secret, "hard"), open("hard").read()))
attempt("temporary folder", lambda: os.listdir(os.path.dirname(os.getcwd().rstrip("/").rsplit("/", 1)[0]) or "/tmp"))
