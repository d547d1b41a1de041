"""Reads its whole writable memory (heap, stack, anonymous mappings: all it inherited from the fork server,
the launcher and init) for anything shaped like the grader's secrets: `zq` + 32 hex digits + `qz` (the
test plants one in the grader's environment and memory). As a control, it looks for the fork server's boot
code too, which only the server's memory holds. The patterns are written so that their source never
matches itself."""
import ctypes
import re

SECRET = re.compile(rb"zq[0-9a-f]{32}qz")
SERVER = re.compile(rb"scriptmain\.run_program\(forkserver\.serve\(")
secrets, server = set(), 0
with open("/proc/self/maps") as maps:
    regions = [line.split() for line in maps]
for fields in regions:
    name = fields[5] if len(fields) > 5 else ""
    if not fields[1].startswith("rw") or name not in ("", "[heap]", "[stack]"):
        continue
    low, high = (int(end, 16) for end in fields[0].split("-"))
    data = ctypes.string_at(low, high - low)
    secrets.update(match.group().decode() for match in SECRET.finditer(data))
    server += len(SERVER.findall(data))
print("secrets:", sorted(secrets))
print("server's boot code seen:", server > 0)
