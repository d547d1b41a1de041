"""`python -m grader`: first make sure this interpreter can run the grader (one line saying which Python is
needed if not), then the command line. Parsed by any Python, so no syntax newer than python_check's."""

import sys

from grader.python_check import require_supported_python

require_supported_python()

try:
    from grader.commands.cli import main

    status = main()
except ImportError as missing:  # a dependency missing from this interpreter, met where the command first imports it
    if (missing.name or "grader").split(".")[0] == "grader":
        raise  # the grader's own module: a bug to show as one, not a package to install
    sys.stderr.write("error: the grader needs the package %r, which %s lacks: install requirements.txt into it "
                     "(`python -m pip install -r requirements.txt`), or use `make check`\n" % (missing.name, sys.executable))
    sys.exit(2)

raise SystemExit(status)
