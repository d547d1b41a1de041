"""Leaves everything it can for the next run forked from the same server (mode.txt 'pollute'), or reports
what it finds (any other mode): its terminal's modes and size, files in /tmp, /dev/shm and its folder, the
interpreter's state (environment, recursion limit, signal dispositions, umask, frozen objects, a patched
module of the start-up), a daemon left running, its network namespace's state (a counter every packet sent
nowhere adds to, an abstract unix socket kept in flight past its process's end). Prints one report line in
both modes."""
import fcntl
import gc
import os
import signal
import socket
import struct
import sys
import termios
import time


def network() -> tuple:
    """The IP counter of packets with no route (/proc/net/snmp), and whether the abstract socket answers."""
    lines = open("/proc/net/snmp").read().splitlines()
    counters = dict(zip(lines[0].split()[1:], lines[1].split()[1:]))
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect("\0left")
    except OSError:
        return counters["OutNoRoutes"], False
    return counters["OutNoRoutes"], True


def report() -> str:
    attrs = termios.tcgetattr(0)
    rows, cols = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, bytes(8)))[:2]
    return repr((
        bool(attrs[3] & termios.ECHO), bool(attrs[3] & termios.ICANON), rows, cols,
        [path for path in ("/tmp/left", "/dev/shm/left", "left") if os.path.exists(path)],
        os.environ.get("LEFT"), sys.getrecursionlimit(), signal.getsignal(signal.SIGINT) is signal.default_int_handler,
        os.umask(0o022), gc.get_freeze_count(), getattr(os.path, "left", None),
        sorted(name for name in os.listdir("/proc") if name.isdigit() and int(name) != os.getpid()),
        network(),
    ))


if open("mode.txt").read().strip() == "pollute":
    attrs = termios.tcgetattr(0)
    attrs[3] = (attrs[3] | termios.ECHO) & ~termios.ICANON
    termios.tcsetattr(0, termios.TCSANOW, attrs)
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 33, 99, 0, 0))
    for path in ("/tmp/left", "/dev/shm/left", "left"):
        with open(path, "w") as f:
            f.write("left by an earlier run")
    os.environ["LEFT"] = "1"
    sys.setrecursionlimit(50)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.umask(0o777)
    gc.freeze()
    os.path.left = "patched"  # a module of the start-up, shared with the server's memory
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    for _ in range(7):
        try:
            sender.sendto(b"left", ("192.0.2.1", 9))  # no route: only the counter remembers it
        except OSError:
            pass
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind("\0left")
    listener.listen()
    one, other = socket.socketpair()  # the listener and `other` in flight in `other`'s own queue: a cycle
    socket.send_fds(one, [b"left"], [listener.fileno(), other.fileno()])  # the kernel's collector frees, later
    if os.fork() == 0:  # a daemon that would wait for the next run
        os.setsid()
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        while True:
            time.sleep(0.05)
print("report:", report(), flush=True)
