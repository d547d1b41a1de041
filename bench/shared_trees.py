"""What a run's private overlays of the shared trees cost: `python3 bench/shared_trees.py [RUNS]` (as root).

An isolated run binds the trees every run shares (/usr, folders of /etc, the interpreter's prefix) read-only
and covers each with an overlay of its own (`rootfs.share`), so that locks and watches stay in the run. This
times, in a fresh mount namespace per repetition (a forked child, as a run's init is), the trees of this
machine made as plain read-only binds and as `share` makes them, interleaved, and prints both medians."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "grader" / "sandbox" / "inside"))
sys.path.insert(0, str(ROOT))

import rootfs  # noqa: E402
from clib import CLONE_NEWNS, check, libc  # noqa: E402
from grader.sandbox.rootconfig import ETC_FILES, SYSTEM_TREES  # noqa: E402


def trees() -> list[str]:
    """The folders a run shares on this machine, as the sandbox's config lists them."""
    found = [path for path in (*SYSTEM_TREES, *ETC_FILES) if os.path.isdir(path) and not os.path.islink(path)]
    prefix = os.path.realpath(sys.base_prefix)
    return found + ([prefix] if not any(prefix.startswith(tree + "/") for tree in found) else [])


def once(kind: str, base: str, shared: list[str]) -> float:
    """Seconds to make `shared` under a fresh root in a new mount namespace (a child's, gone after)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        check(libc.unshare(CLONE_NEWNS), "unshare")
        rootfs.mount(None, "/", None, rootfs.MS_REC | rootfs.MS_PRIVATE)
        root = tempfile.mkdtemp(dir=base)
        os.mkdir(root + "/.empty")
        started = time.perf_counter()
        for tree in shared:
            os.makedirs(root + tree)
            if kind == "bind":
                rootfs.bind(tree, root + tree)
            else:
                rootfs.share(tree, root + tree, root + "/.empty")
        os.write(write, repr(time.perf_counter() - started).encode())
        os._exit(0)
    os.close(write)
    took = float(os.read(read, 64))
    os.close(read)
    os.waitpid(pid, 0)
    return took


def main() -> int:
    if os.geteuid() != 0:
        print("run as root: it mounts", file=sys.stderr)
        return 2
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    shared = trees()
    times: dict[str, list[float]] = {"bind": [], "share": []}
    with tempfile.TemporaryDirectory() as base:
        for run in range(runs):
            for kind in (("bind", "share") if run % 2 else ("share", "bind")):
                times[kind].append(once(kind, base, shared))
    print(f"{len(shared)} shared trees: {', '.join(shared)}")
    for kind, seconds in times.items():
        print(f"{kind:>5}: median {statistics.median(seconds) * 1000:.2f} ms over {runs} runs")
    print(f"added by the overlays: {(statistics.median(times['share']) - statistics.median(times['bind'])) * 1000:.2f} ms a run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
