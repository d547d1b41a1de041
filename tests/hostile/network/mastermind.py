"""Connects to the port the test listens on (port.txt), on 127.0.0.1 and on every interface address."""
import socket

port = int(open("port.txt").read())
for host in ("127.0.0.1", "localhost", "::1"):
    try:
        socket.create_connection((host, port), timeout=2).close()
        print(f"connected to {host}:{port}")
    except OSError as error:
        print(f"connect {host} failed: {type(error).__name__}")
print("done")
