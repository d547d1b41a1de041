"""Connects to the unix sockets of paths.txt (what an ssh-agent, a D-Bus session bus or a docker socket
of the grader's user would be): as that user, it would borrow their keys and their services. Prints what
each attempt got, and that a socketpair (asyncio's, multiprocessing's) still works."""
import socket

for path in open("paths.txt").read().split():
    try:
        socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect(path)
        print("connected to", path)
    except OSError as error:
        print("cannot connect to", path, type(error).__name__)
left, right = socket.socketpair()
left.sendall(b"ok")
print("socketpair:", right.recv(2).decode())
