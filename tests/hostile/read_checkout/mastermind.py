"""Tries to read each path of paths.txt (the reference, a hidden spec) and says what it got."""
for path in open("paths.txt").read().split():
    try:
        with open(path) as secret:
            print("read", len(secret.read()), "characters of", path)
    except OSError as error:
        print("cannot read", path, error.strerror)
