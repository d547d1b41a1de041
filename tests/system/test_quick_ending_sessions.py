"""More endings of the fork launch's quick ending (grader/sandbox/inside/teardown.py) against the plain launch,
beside test_launch.py's `test_a_forked_program_ends_as_a_plain_one`: own standard streams without a flush (the
interpreter's first flush fails: status 120), weakref callbacks of library functions or that answer what they are
asked, the modules that leave objects and threads behind, atexit and exit-code oddities, an exit code that
answers what it is asked, the standard streams closed, replaced or reconfigured, the collector unfrozen, a
finalizer that resurrects. Object addresses are masked: they differ from run to run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_launch import FORK, PLAIN, program, run

CASES = {
    "stdout-without-flush": "import sys\nclass Tee:\n    def write(self, text):\n        return sys.__stdout__.write(text)\n"
                            "sys.stdout = Tee()\nprint('hello')\n",
    "stderr-without-flush": "import sys\nclass Tee:\n    def write(self, text):\n        return sys.__stderr__.write(text)\n"
                            "sys.stderr = Tee()\nprint('hello')\n",
    "slotted-staticmethod-del": "class Loud:\n    __slots__ = ()\n    __del__ = staticmethod(lambda: print('finalized'))\n"
                                "kept = Loud()\n",
    "slotted-print-del": "import functools\nclass Loud:\n    __slots__ = ()\n    __del__ = functools.partial(print, 'finalized')\n"
                         "kept = Loud()\n",
    "readline": "import readline\nprint('hi')\n",
    "logging": "import logging\nlogging.basicConfig()\nlogging.warning('careful')\n",
    "tempdir": "import tempfile\nd = tempfile.TemporaryDirectory()\nprint('made')\n",
    "sqlite": "import sqlite3\nc = sqlite3.connect(':memory:')\nc.execute('create table t(x)')\nprint('ok')\n",
    "asyncio": "import asyncio\nasync def main():\n    print('in loop')\nasyncio.run(main())\n",
    "futures": "import concurrent.futures as f\nwith f.ThreadPoolExecutor() as e:\n    print(e.submit(pow, 2, 5).result())\n",
    "multiprocessing": "import multiprocessing as m\nif __name__ == '__main__':\n    with m.Pool(1) as p:\n        print(p.map(abs, [-1]))\n",
    "never-awaited": "async def f():\n    pass\nkept = f()\n",
    "finalize-no-atexit": "import weakref\nclass K: pass\nk = K()\nf = weakref.finalize(k, print, 'finalized')\nf.atexit = False\n",
    "atexit-registers-more": "import atexit\natexit.register(lambda: atexit.register(print, 'late'))\nprint('x')\n",
    "atexit-sys-exit": "import atexit, sys\natexit.register(sys.exit, 5)\n",
    "exit-str-prints": "import sys\nclass C:\n    def __str__(self):\n        print('in str')\n        return 'msg'\nsys.exit(C())\n",
    "exit-str-raises": "import sys\nclass C:\n    def __str__(self):\n        raise ValueError\nsys.exit(C())\n",
    "exit-tuple": "raise SystemExit(1, 2)\n",
    "exit-256": "import sys\nsys.exit(256)\n",
    "stdout-closed": "import sys\nprint('x')\nsys.stdout.close()\n",
    "stdout-none": "import sys\nprint('x')\nsys.stdout = None\n",
    "buffer-unflushed": "import sys\nsys.stdout.buffer.write(b'raw bytes')\n",
    "fd1-closed-pending": "import os, sys\nsys.stdout.write('pending')\nos.close(1)\n",
    "utf16": "import sys\nsys.stdout.reconfigure(encoding='utf-16')\nprint('x')\n",
    "gc-unfreeze": "import gc\ngc.unfreeze()\nclass L:\n    def __del__(self):\n        print('fin')\nk = L()\n",
    "resurrect": "class R:\n    def __del__(self):\n        global again\n        again = self\n        print('del')\nr = R()\n",
    "library-callback-prints": "import weakref, pprint\nclass Key: pass\nkey = Key()\nref = weakref.ref(key, pprint.pprint)\n",
    "callback-that-answers": "import weakref\nclass Callback:\n    def __call__(self, ref):\n        print('gone')\n"
                             "    def __getattr__(self, name):\n        print('asked', name)\n        raise AttributeError(name)\n"
                             "class Key: pass\nkey = Key()\nref = weakref.ref(key, Callback())\n",
    "exit-code-of-odd-class": "import sys\nclass Odd:\n    @property\n    def __class__(self):\n        print('asked')\n"
                              "        return Odd\n    def __str__(self):\n        return 'odd'\nsys.exit(Odd())\n",
    "weak-containers": "import weakref\nclass K: pass\nk = K()\nd = weakref.WeakValueDictionary(a=k)\ns = weakref.WeakSet([k])\nprint(len(d), len(s))\n",
    "register-atexit-thread": "import threading\nthreading._register_atexit(print, 'thread atexit')\nprint('x')\n",
    "own-freeze": "import gc\nclass L:\n    def __del__(self):\n        print('fin')\nk = L()\ngc.freeze()\n",
    "stringio-stdout": "import io, sys\nsys.stdout = io.StringIO()\nprint('hidden')\nsys.exit(4)\n",
}


def masked(output: str, *ending: int | None) -> tuple:
    """A session with its object addresses left out."""
    return (re.sub("0x[0-9a-f]+", "0x", output), *ending)


@pytest.mark.parametrize("source", list(CASES.values()), ids=list(CASES))
def test_a_forked_program_ends_as_a_plain_one(tmp_path: Path, source: str) -> None:
    folder = program(tmp_path, source)
    plain, forked = run(folder, PLAIN), run(folder, FORK)
    plain, forked = masked(*plain), masked(*forked)
    assert forked == plain
