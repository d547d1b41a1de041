"""Reaches for the kernel's riskiest doors: new namespaces (the `unshare -Urm` command, unshare and clone
with namespace flags, setns), io_uring and kernel keys; prints what each attempt got."""
import ctypes
import errno
import os
import subprocess

CALLS = {  # x86_64, aarch64
    "unshare": (272, 97), "setns": (308, 268), "clone": (56, 220), "clone3": (435, 435),
    "io_uring_setup": (425, 425), "add_key": (248, 217), "request_key": (249, 218), "keyctl": (250, 219),
}
NEWUSER, NEWNS, SIGCHLD = 0x10000000, 0x00020000, 17
libc = ctypes.CDLL(None, use_errno=True)
column = 0 if os.uname().machine == "x86_64" else 1


def attempt(name, *args):
    result = libc.syscall(CALLS[name][column], *args)
    if result == 0 and name == "clone":
        os._exit(0)  # the child of a clone that worked
    error = ctypes.get_errno()
    return "allowed" if result >= 0 else errno.errorcode.get(error, str(error))


params = (ctypes.c_uint32 * 30)()
results = {
    "unshare user": attempt("unshare", NEWUSER),
    "unshare mount": attempt("unshare", NEWNS),
    "setns": attempt("setns", os.open("/proc/self/ns/uts", os.O_RDONLY), 0),
    "clone user": attempt("clone", NEWUSER | SIGCHLD, 0, 0, 0, 0),
    "clone3": attempt("clone3", 0, 0),
    "io_uring_setup": attempt("io_uring_setup", 8, params),
    "add_key": attempt("add_key", b"user", b"grader-test", b"secret", 6, ctypes.c_int(-4)),
    "request_key": attempt("request_key", b"user", b"grader-test", None, 0),
    "keyctl user keyring": attempt("keyctl", 0, ctypes.c_int(-4), 1),
}
for name, outcome in results.items():
    print(f"{name}: {outcome}")
try:
    command = subprocess.run(["unshare", "-Urm", "id", "-u"], capture_output=True, text=True, timeout=5)
    print("unshare -Urm:", "refused" if command.returncode else f"ran as {command.stdout.strip()}")
except OSError as error:
    print("unshare -Urm: cannot start", type(error).__name__)
pid = os.fork()  # plain processes and threads still work (clone without namespace flags)
if pid == 0:
    os._exit(7)
print("fork:", os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
