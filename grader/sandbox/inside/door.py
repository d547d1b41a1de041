"""The door a browser enters the sandbox by. Playwright starts "the browser" itself, as a child of its
driver with the DevTools pipe on fds 3 and 4 (`--remote-debugging-pipe`); its executable is a two-line
script that runs this with the run's door file. This joins the run's cgroup, as `Sandbox.preexec` does
for a program the grader starts, writes its pid (the launcher's, after the exec) where the grader reads
it, and becomes the sandbox's launcher with the browser's command line: Playwright's arguments after the
grader's, a feature list that both give joined into one. The launcher keeps fds 3 and 4 open for the
browser (`pass_fds` in its config) and closes all others. Standard library only: it runs under the
grader's base interpreter with -I -S."""

import ctypes
import marshal
import os
import resource
import signal
import sys

PR_SET_PDEATHSIG = 1
FEATURE_LISTS = ("--enable-features=", "--disable-features=")


def merged(argv: list[str]) -> list[str]:
    """`argv` with each feature list given more than once (the grader's, then Playwright's) joined into
    its first: chromium keeps only the last, which would silently drop the grader's."""
    out: list[str] = []
    first: dict[str, int] = {}
    for arg in argv:
        prefix = next((p for p in FEATURE_LISTS if arg.startswith(p)), "")
        if prefix in first:
            out[first[prefix]] += "," + arg[len(prefix):]
            continue
        if prefix:
            first[prefix] = len(out)
        out.append(arg)
    return out


def main() -> None:
    with open(sys.argv[1], "rb") as file:
        door = marshal.load(file)
    for folder in door["cgroups"]:
        with open(folder + "/cgroup.procs", "w") as procs:
            procs.write("0")
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # the driver gone, the run goes too
    with open(door["pidfile"] + ".tmp", "w") as file:
        file.write(str(os.getpid()))
    os.rename(door["pidfile"] + ".tmp", door["pidfile"])
    argv = merged(door["argv"] + sys.argv[2:])
    os.execve(argv[0], argv, door["env"])


if __name__ == "__main__":
    main()
