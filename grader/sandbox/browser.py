"""Starting a browser inside the sandbox. Playwright starts the browser itself (from its driver, with the
DevTools pipe on fds 3 and 4), so the executable it is given is a door into a run's sandbox: a two-line
script in the run's folder that runs `inside/door.py`, which joins the run's cgroup and becomes the
launcher, whose program is Debian's chromium. The browser is then the run's program like any other: its
own pid, network (none), IPC and mount namespaces, the run's uid, rlimits, cgroup and seccomp filter.

Chromium's own sandbox cannot nest in ours (it needs the user namespaces our filter refuses and a setuid
helper our no_new_privs disables), so it runs with --no-sandbox: the page's renderer shares the run's
sandbox with the browser process, which holds nothing but the page (docs/sandbox.md).

A browser never runs outside the isolated sandbox: without it (not root, no namespaces) the sandbox's
choice (grader/sandbox/modes.py) refuses, naming why, rather than run a student's page as the grader's user
with the network open."""

from __future__ import annotations

import marshal
import os
import shlex
import shutil
import sys

from grader.base.errors import SandboxFailure
from grader.sandbox.box import Sandbox
from grader.sandbox.inside import DOOR_SCRIPT

CHROMIUM = "/usr/bin/chromium"  # Debian's package: a shell script that starts the binary below
CHROMIUM_BINARY = "/usr/lib/chromium/chromium"
# What every browser run gets beside Playwright's own flags: no nested sandbox (see above), no GPU (there
# is none; software drawing is deterministic), fonts hinted alike on every machine, and nothing started
# that no page uses: the address bar's suggestions (headless chromium is a whole browser, whose every
# window loads two WebUI pages for them, each in a renderer of its own: a third of a web check's CPU),
# and the spare renderer started for a context's next site, which a spec's context never visits. The
# door joins these features to Playwright's list (chromium would keep only the last).
UNUSED_FEATURES = "--disable-features=Translate,WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess"
FLAGS = ("--no-sandbox", "--disable-gpu", "--font-render-hinting=none", UNUSED_FEATURES)
HOME = "/tmp"  # the browser's home inside the run: its private /tmp, not the working copy


def chromium() -> str | None:
    """The chromium binary to run, or None where Debian's chromium is not installed."""
    for candidate in (CHROMIUM_BINARY, CHROMIUM):
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium")


class BrowserDoor:
    """The executable Playwright is told to launch, for one run's sandbox `box` (which must be isolated
    and made with `browser=True`); `pid()` is the launcher's, once the door was passed."""

    def __init__(self, box: Sandbox) -> None:
        binary = chromium()
        if binary is None:
            raise SandboxFailure(f"no browser: Debian's chromium ({CHROMIUM}) is not installed")
        argv, env, _ = box.command([binary, *FLAGS])
        self.box = box
        self._pidfile = box.root / "browser.pid"
        door = box.root / "browser.door"
        door.write_bytes(marshal.dumps({"argv": argv, "env": {**env, "HOME": HOME}, "pidfile": str(self._pidfile),
                                        "cgroups": [str(f) for f in box.group.folders] if box.group else []}))
        self.executable = box.root / "browser"
        self.executable.write_text(f'#!/bin/sh\nexec {shlex.join([sys.executable, "-I", "-S", "-B", str(DOOR_SCRIPT), str(door)])} "$@"\n')
        self.executable.chmod(0o700)

    def pid(self) -> int | None:
        """The launcher's pid (the door's, which exec'd it), None before the browser was started."""
        try:
            return int(self._pidfile.read_text())
        except (OSError, ValueError):
            return None

    def kill(self) -> None:
        """End the browser and everything of the run (safe if it never started or already ended)."""
        pid = self.pid()
        if pid is not None:
            self.box.kill_all(pid)
