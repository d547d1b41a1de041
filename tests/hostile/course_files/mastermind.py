"""Looks for course files outside the checkout, as a course's Docker image keeps them (/usr/local/share/cs101:
specs and a reference): each path of paths.txt read (or listed), then the folders of /usr, / and the
interpreter's prefix that hold no interpreter, library or time zone. Prints what each attempt got."""
import errno
import os
import sys

looked = [line for line in open("paths.txt").read().splitlines() if line]
prefix = os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))
looked += ["/usr/local/share", "/usr/src", "/usr/include", "/usr/share/doc", "/opt", "/srv", "/home",
           os.path.join(prefix, "share"), os.path.join(prefix, "include")]
for path in looked:
    try:
        found = os.listdir(path) if os.path.isdir(path) else open(path).read(64)
        print(f"{path}: {'found' if found else 'empty'}")
    except OSError as error:
        print(f"{path}: {errno.errorcode.get(error.errno, error.errno)}")
