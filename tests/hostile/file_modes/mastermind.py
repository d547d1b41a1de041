"""Not as root, the program is the grader's own user, whose files Landlock keeps from it but not who may use
them: tries to open up a file of that user (its path in paths.txt) with each call that changes a mode, a
group or an ACL (an extended attribute), and to set its times to 1970, and one of its own copy's files,
then touches its own file (its times to now), and says what each call answered and what its file became."""
import errno
import os
import struct

# An access ACL giving every user read and write: user::rw-, group::rw-, mask::rw-, other::rw- (acl_ea_header
# version 2, then entries of tag, permissions and id).
EVERYONE = struct.pack("<I", 2) + b"".join(struct.pack("<HHI", tag, 6, 0xFFFFFFFF) for tag in (1, 4, 16, 32))

target = open("paths.txt").read().strip()
own = os.path.abspath("mastermind.py")
for name, change in (("chmod", lambda path: os.chmod(path, 0o777)),
                     ("fchmodat", lambda path: os.chmod(path, 0o777, dir_fd=os.open(".", os.O_RDONLY))),
                     ("fchmod", lambda path: os.fchmod(os.open(path, os.O_RDONLY), 0o777)),
                     ("chown", lambda path: os.chown(path, -1, os.getgid())),
                     ("setxattr", lambda path: os.setxattr(path, "system.posix_acl_access", EVERYONE)),
                     ("removexattr", lambda path: os.removexattr(path, "user.grader")),
                     ("utime", lambda path: os.utime(path, (0, 0)))):
    for whose, path in (("theirs", target), ("own", own)):
        try:
            change(path)
            print(f"{name} {whose}: changed")
        except OSError as error:
            print(f"{name} {whose}: {errno.errorcode.get(error.errno, error.errno)}")
os.utime(own)
print("touch own: changed")
print(f"own after: {os.stat(own).st_mode & 0o777:o} {os.stat(own).st_mtime > 0}")
