"""Opens a socket of each family a console program has no use for: AF_VSOCK reaches the host of a virtual
machine (it opened in the sandbox with no network), AF_ALG the kernel's crypto code, the others little-used
kernel code. Then those it needs: IPv4, IPv6, netlink (getaddrinfo asks it) and a socketpair. Prints each
outcome, as `family: opened` or `family: ERRNO`."""
import errno
import socket

FAMILIES = {"vsock": 40, "alg": 38, "tipc": 30, "rds": 21, "bluetooth": 31, "can": 29, "xdp": 44, "key": 15,
            "packet": 17, "inet": 2, "inet6": 10, "netlink": 16}
KINDS = {"alg": socket.SOCK_SEQPACKET, "rds": socket.SOCK_SEQPACKET, "tipc": socket.SOCK_RDM, "can": socket.SOCK_RAW,
         "xdp": socket.SOCK_RAW, "key": socket.SOCK_RAW, "packet": socket.SOCK_DGRAM, "netlink": socket.SOCK_RAW}
for name, family in FAMILIES.items():
    try:
        socket.socket(family, KINDS.get(name, socket.SOCK_STREAM)).close()
        print(f"{name}: opened")
    except OSError as error:
        print(f"{name}: {errno.errorcode.get(error.errno, error.errno)}")
try:
    socket.socketpair(30, socket.SOCK_SEQPACKET)  # AF_TIPC: the one other family with socketpair
    print("tipc pair: opened")
except OSError as error:
    print(f"tipc pair: {errno.errorcode.get(error.errno, error.errno)}")
left, right = socket.socketpair()
left.sendall(b"ok")
print("unix pair:", right.recv(2).decode())
