"""A solution hidden in bytecode: this file and helper.py are all a reader sees (the handout's empty template),
but the test puts beside them __pycache__/helper.<tag>.pyc, compiled from hidden.py as an unchecked-hash pyc
(PEP 552: Python loads it without looking at helper.py), and extra.pyc, bytecode with no source at all. Says
which code ran, and whether its interpreter wrote a bytecode cache of its own."""
import os

import helper

helper.main()
try:
    import extra
except ImportError:
    print("extra: not found")
else:
    extra.main()
print("caches:", ", ".join(sorted(os.listdir("__pycache__"))) if os.path.isdir("__pycache__") else "none")
