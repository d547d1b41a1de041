"""The fork launch's quick ending (grader/sandbox/inside/teardown.py), in real interpreters: once a program's
code is done, `teardown.arm` has the interpreter's teardown end the process at its first step exactly where
the rest of it could show nothing, with the status the interpreter would have ended it with.

Each case runs in a fresh python: a witness object with a finalizer is frozen first, as the fork server's
objects are, and kept where only the interpreter's teardown lets go of it (an attribute of a module it
wipes), so it prints only if that teardown runs; then the case's code, then `teardown.arm` and the
ending, as `scriptmain.run_program` ends. (test_launch.py compares the same programs' whole sessions, fork launch against plain.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grader.sandbox.inside import SERVER_SCRIPT

TORN_DOWN = "torn down"  # the frozen witness's finalizer: the interpreter's whole teardown ran
PREAMBLE = f"""import atexit, gc, os, sys
sys.path.insert(0, {str(SERVER_SCRIPT.parent)!r})
import teardown
class Witness:
    def __del__(self):
        os.write(1, {TORN_DOWN!r}.encode() + b"\\n")
gc.witness = Witness()
gc.freeze()
frozen = gc.get_freeze_count()
"""


def ended(case: str, code: str = "None") -> tuple[str, str, int]:
    """stdout, stderr and exit status of a fresh interpreter running `case`, then ending with
    SystemExit(`code`, a Python expression), armed."""
    script = PREAMBLE + case + f"\ncode = {code}\nteardown.arm(code, (), frozen)\nif code is not None:\n" \
                                "    raise SystemExit(code)\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    return done.stdout, done.stderr, done.returncode


@pytest.mark.parametrize(("case", "code", "expected"), [
    ("", "None", ("", "", 0)),
    ("", "3", ("", "", 3)),
    ("", "'You lost!'", ("", "You lost!\n", 1)),
    ("atexit.register(sys.stdout.write, 'left in the buffer')", "None", ("left in the buffer", "", 0)),
    ("finished = (n for n in range(3))\nlist(finished)", "None", ("", "", 0)),
    ("import io\nkept = io.StringIO('in memory')", "None", ("", "", 0)),
    ("kept = open(os.devnull)\nkept.close()", "None", ("", "", 0)),
    ("import weakref\nclass Plain: pass\nkept = Plain()\nref = weakref.ref(kept)", "None", ("", "", 0)),
    ("import threading\nthreading.Thread(target=print, args=('joined',)).start()", "None", ("joined\n", "", 0)),
    ("class Odd:\n    @property\n    def __class__(self):\n        print('asked')\n        return Odd\n"
     "    def __str__(self):\n        return 'odd'",
     "Odd()", ("", "odd\n", 1)),
    ("import weakref\nclass Plain: pass\nkept = Plain()\nweak = weakref.WeakValueDictionary(a=kept), "
     "weakref.WeakKeyDictionary({kept: 1}), weakref.WeakSet([kept])", "None", ("", "", 0)),
    ("class Meta(type):\n    def __eq__(cls, other):\n        print('compared')\n        return False\n"
     "    def __hash__(cls):\n        print('hashed')\n        return 0\nclass Plain(metaclass=Meta): pass\n"
     "kept = Plain()", "None", ("", "", 0)),
], ids=["ended", "exit-status", "exit-message", "atexit-output-flushed", "ended-generator", "string-io",
        "closed-file", "weakref-without-callback", "thread-joined", "exit-code-never-asked", "weak-containers",
        "metaclass-never-asked"])
def test_where_the_teardown_could_show_nothing_the_process_ends_at_its_first_step(case: str, code: str,
                                                                                   expected: tuple) -> None:
    assert ended(case, code) == expected


@pytest.mark.parametrize(("case", "code"), [
    ("class Loud:\n    def __del__(self): print('finalized')\nkept = Loud()", "4"),
    ("class Slotted:\n    __slots__ = ()\n    def __del__(self): print('finalized')\nkept = Slotted()", "4"),
    ("def suspended():\n    try:\n        yield\n    finally:\n        print('finally')\nkept = suspended()\n"
     "next(kept)", "4"),
    ("kept = open(os.devnull, 'w')\nkept.write('unflushed')", "4"),
    ("import weakref\nclass Plain: pass\nkept = Plain()\nref = weakref.ref(kept, lambda ref: print('gone'))", "4"),
    ("import weakref\nclass Plain: pass\nkept = Plain()\nproxy = weakref.proxy(kept, print)", "4"),
    ("import weakref, pprint\nclass Plain: pass\nkept = Plain()\nref = weakref.ref(kept, pprint.pprint)", "4"),
    ("class Tee:\n    def write(self, text):\n        return sys.__stdout__.write(text)\nsys.stdout = Tee()", "4"),
    ("class Meta(type):\n    def __getattribute__(cls, name):\n        if name == '__dict__':\n            return {}\n"
     "        if name == '__del__':\n            raise AttributeError(name)\n        return super().__getattribute__(name)\n"
     "class Loud(metaclass=Meta):\n    def __del__(self): print('finalized')\nkept = Loud()", "4"),
    ("import weakref\nclass Ref(weakref.ref):\n    __callback__ = None\nclass Plain: pass\nkept = Plain()\n"
     "ref = Ref(kept, lambda ref: print('gone'))", "4"),
    ("gc.callbacks.append(lambda phase, info: None)", "4"),
    ("gc.set_debug(gc.DEBUG_UNCOLLECTABLE)", "4"),
    ("import ctypes", "4"),
    ("import threading\nthreading.Thread(target=threading.Event().wait, daemon=True).start()", "4"),
    ("", "1 << 63"),
    ("class Status(int): pass", "Status(4)"),
    ("master, terminal = os.openpty()\nos.write(master, b'raise SystemExit(5)\\n')\nos.dup2(terminal, 0)\n"
     "os.putenv('PYTHONINSPECT', '1')", "None"),
    ("sys.setprofile(lambda frame, event, arg: None)", "4"),
], ids=["finalizer", "finalizer-of-untracked-objects", "suspended-generator", "open-file", "weakref-callback",
        "weakref-proxy", "library-function-callback",
        "own-stdout-without-flush", "finalizer-hidden-by-a-metaclass", "weakref-callback-hidden-by-its-class",
        "collector-callback", "collector-debug", "c-stdio", "daemon-thread",
        "status-beyond-a-c-long", "status-of-an-int-subclass", "interactive-prompt", "profile-hook"])
def test_where_the_teardown_could_show_something_the_interpreter_ends_the_process(case: str, code: str) -> None:
    out, _, _ = ended(case + "\natexit.register(print, 'atexit ran')", code)
    assert out.startswith("atexit ran\n") and TORN_DOWN in out
