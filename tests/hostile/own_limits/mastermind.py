"""Tries to lift its own run's limits: raise the memory and pids limits of its cgroups, move itself out
of them, make a child group. Prints one line per attempt: "refused: why" or what it managed."""
import os

groups = {}
for line in open("/proc/self/cgroup"):
    _, controllers, path = line.rstrip("\n").split(":", 2)
    for controller in controllers.split(","):
        groups[controller] = path
attempts = []
for controller, limit, value in (("memory", "memory.limit_in_bytes", "-1"), ("pids", "pids.max", "max")):
    if controller in groups:
        base = f"/sys/fs/cgroup/{controller}{groups[controller]}"
        attempts += [(f"{base}/{limit}", value), (f"{base}/../cgroup.procs", str(os.getpid())),
                     (f"/sys/fs/cgroup/{controller}/cgroup.procs", str(os.getpid()))]
if "" in groups:  # cgroup v2
    base = f"/sys/fs/cgroup{groups['']}"
    attempts += [(f"{base}/memory.max", "max"), (f"{base}/pids.max", "max"), (f"{base}/../cgroup.procs", str(os.getpid()))]
for path, value in attempts:
    try:
        with open(path, "w") as control:
            control.write(value)
        print("wrote", path)
    except OSError as error:
        print("refused:", error.strerror)
for path in {os.path.dirname(path) for path, _ in attempts}:
    try:
        os.mkdir(os.path.join(path, "escape"))
        print("made", os.path.join(path, "escape"))
    except OSError as error:
        print("refused:", error.strerror)
print("attempts:", len(attempts))
