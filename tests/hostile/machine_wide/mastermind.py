"""Reaches for what the whole machine shares: its asynchronous I/O quota (fs.aio-max-nr: while one run
holds it all, io_setup fails for everyone else) and its performance counters. Prints what each call got."""
import ctypes
import errno
import os

CALLS = {"io_setup": (206, 0), "io_submit": (209, 2), "io_getevents": (208, 4), "io_destroy": (207, 1),
         "io_cancel": (210, 3), "io_pgetevents": (333, 292), "perf_event_open": (298, 241)}  # x86_64, aarch64
libc = ctypes.CDLL(None, use_errno=True)
column = 0 if os.uname().machine == "x86_64" else 1


def attempt(name, *args):
    result = libc.syscall(CALLS[name][column], *args)
    return "allowed" if result >= 0 else errno.errorcode.get(ctypes.get_errno(), "?")


contexts = []
for _ in range(64):
    context = ctypes.c_ulong(0)
    outcome = attempt("io_setup", 65536 // 64, ctypes.byref(context))
    if outcome != "allowed":
        break
    contexts.append(context)
print("io_setup:", outcome if not contexts else f"allowed {len(contexts)} times")
print("io_submit:", attempt("io_submit", ctypes.c_ulong(0), 0, None))
print("io_getevents:", attempt("io_getevents", ctypes.c_ulong(0), 0, 0, None, None))
print("io_destroy:", attempt("io_destroy", ctypes.c_ulong(0)))
print("io_cancel:", attempt("io_cancel", ctypes.c_ulong(0), None, None))
print("io_pgetevents:", attempt("io_pgetevents", ctypes.c_ulong(0), 0, 0, None, None, None))
attributes = (ctypes.c_uint32 * 32)(1, 128)  # PERF_TYPE_SOFTWARE, the structure's size; config 0: the CPU clock
print("perf_event_open:", attempt("perf_event_open", attributes, 0, -1, -1, 0))
