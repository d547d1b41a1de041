"""Who am I, and can I become root, escape the root directory or raise my limits?"""
import os
import resource

print("ids:", os.getresuid(), os.getresgid(), os.getgroups())
attempts = {
    "setuid": lambda: os.setuid(0),
    "chroot": lambda: os.chroot("/"),
    "raise nproc": lambda: resource.setrlimit(resource.RLIMIT_NPROC, (10**6, 10**6)),
}
for name, call in attempts.items():
    try:
        call()
        print(f"{name}: allowed")
    except (OSError, ValueError) as error:
        print(f"{name}: refused {type(error).__name__}")
print("hostname:", os.uname().nodename)
print("no_new_privs:", open("/proc/self/status").read().split("NoNewPrivs:")[1].split()[0])
