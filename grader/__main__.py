"""`python -m grader`, and the installed command (`run`, pyproject.toml's [project.scripts]): first make sure
this interpreter can run the grader (one line saying which Python is needed if not), then the command line.
Parsed by any Python, so no syntax newer than python_check's."""

import sys

from grader.python_check import require_supported_python


def run():
    """The command line's exit status; a dependency missing from this interpreter said in one line."""
    require_supported_python()
    try:
        from grader.commands.cli import main

        return main()
    except ImportError as missing:  # met where the command first imports it
        if (missing.name or "grader").split(".")[0] == "grader":
            raise  # the grader's own module: a bug to show as one, not a package to install
        sys.stderr.write("error: the grader needs the package %r, which %s lacks: install requirements.txt into it "
                         "(`python -m pip install -r requirements.txt`), or use `make check`\n"
                         % (missing.name, sys.executable))
        return 2


if __name__ == "__main__":
    raise SystemExit(run())
