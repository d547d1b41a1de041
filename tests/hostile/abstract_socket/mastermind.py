"""A channel to other runs through an abstract unix socket: with "leave" in mode.txt it listens on one and
waits; otherwise it looks for one made by another run, beside it or before it. Abstract sockets belong to
the network namespace, not to a file system, and vanish with their last descriptor: to outlive its run,
this one sends its own descriptor into its own queue (SCM_RIGHTS), a loop only the kernel's garbage
collector of unix sockets breaks, in its own time after the run is gone."""
import array
import socket

NAME = b"\0grader-hostile-abstract-socket"
if open("mode.txt").read().strip() == "leave":
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(NAME)
    server.listen(8)
    left, right = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    left.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [server.fileno(), left.fileno(),
                                                                                   right.fileno()]))])
    right.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [right.fileno(), left.fileno()]))])
    input("Enter key: ")
else:
    try:
        socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect(NAME)
        print("found the socket of another run")
    except OSError as error:
        print("no socket found:", type(error).__name__)
