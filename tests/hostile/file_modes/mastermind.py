"""Not as root, the program is the grader's own user, whose files Landlock keeps from it but not their modes:
tries to open up a file of that user (its path in paths.txt) with each call that changes a mode, and one of
its own copy's files, and says what each call answered."""
import errno
import os

target = open("paths.txt").read().strip()
own = os.path.abspath("mastermind.py")
for name, change in (("chmod", lambda path: os.chmod(path, 0o777)),
                     ("fchmodat", lambda path: os.chmod(path, 0o777, dir_fd=os.open(".", os.O_RDONLY))),
                     ("fchmod", lambda path: os.fchmod(os.open(path, os.O_RDONLY), 0o777))):
    for whose, path in (("theirs", target), ("own", own)):
        try:
            change(path)
            print(f"{name} {whose}: changed")
        except OSError as error:
            print(f"{name} {whose}: {errno.errorcode.get(error.errno, error.errno)}")
