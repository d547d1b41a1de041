"""Looks at its terminal, the descriptors it inherited, /dev, and tries TIOCSTI on /dev/tty."""
import fcntl
import os
import readline  # noqa: F401 - must be importable
import termios

print("fds:", sorted(int(fd) for fd in os.listdir("/proc/self/fd")))
print("tty:", os.ttyname(0), os.isatty(0), os.isatty(1))
print("dev:", sorted(os.listdir("/dev")), sorted(os.listdir("/dev/pts")))
fd = os.open("/dev/tty", os.O_RDWR)
os.write(fd, b"written to /dev/tty\r\n")  # the controlling terminal: the pty the grader reads
for ch in "4321\n":
    try:
        fcntl.ioctl(fd, termios.TIOCSTI, ch.encode())
    except OSError as error:
        print("TIOCSTI failed:", type(error).__name__)
        break
line = input("Enter key: ")
print("read:", line)
