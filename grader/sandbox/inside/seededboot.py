"""The grader's seeded boot, `python3 -c THIS_FILE'S_TEXT SEED PROGRAM ARGS...` (grader/base/project.py's
SEEDED_BOOT): PROGRAM run as `python3 PROGRAM ARGS...` would run it, its `random` seeded first; and the pieces
the fork launch's scriptmain.py shares with it, so that both build the same `__main__` and refuse the same files.
Standard library only, and at import only the modules a fresh interpreter has already imported."""

import os
import sys


def read_alike(source: bytes) -> bool:
    """Whether compile() reads these bytes as the interpreter reads a script file: UTF-8 without a NUL byte,
    declared (a BOM, a utf-8 coding line) or not. Otherwise they part: compile() skips undecodable bytes in
    comments where the interpreter refuses the file (a Windows editor's cp1252 or UTF-16), and words the
    other errors (a NUL byte, an unknown or wrong coding line) differently."""
    head = b"\n".join(source.split(b"\n", 2)[:2]).lower()
    declared_other = b"coding" in head and b"utf-8" not in head and b"utf8" not in head
    if b"\0" in source or declared_other:
        return False
    try:
        source.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def compiled_code(source: bytes) -> bool:
    """Whether the interpreter, handed this file, would run it as compiled code whatever its name: a zip
    archive (its end record may follow any text) or bytecode (the magic number's first two bytes)."""
    magic = sys.modules["_frozen_importlib_external"].MAGIC_NUMBER
    return source[:2] == magic[:2] or b"PK\5\6" in source[-65558:]


def handed_over(source: object) -> bool:
    """Whether the interpreter itself must read the script (None: it could not be read; the interpreter says
    why in its own words): compile() would read it otherwise, and it is no compiled code, which is never
    handed over (compile() refuses it as source, a SyntaxError)."""
    return source is None or not (read_alike(source) or compiled_code(source))


def script_main(script: str) -> object:
    """A fresh `__main__` module for SCRIPT, as the interpreter makes it, put in sys.modules."""
    main = type(sys)("__main__")
    main.__loader__ = sys.modules["_frozen_importlib_external"].SourceFileLoader("__main__", script)
    main.__annotations__, main.__builtins__ = {}, sys.modules["builtins"]  # in the order of a fresh __main__
    main.__file__, main.__cached__ = script, None
    sys.modules["__main__"] = main
    return main


def compiled(source: bytes, script: str) -> object:
    """SCRIPT's code object; a SyntaxError where it is not source (ValueError for a NUL byte, before 3.12)."""
    try:
        return compile(source, script, "exec", dont_inherit=True)
    except ValueError as error:
        raise SyntaxError(str(error)) from None


def read(script: str) -> object:
    """The bytes of SCRIPT, or None where it cannot be read."""
    try:
        with open(script, "rb") as file:
            return file.read()
    except OSError:
        return None


def run_code(code: object, main: object) -> object:
    """Run the program's code object in `main`; return the code of the SystemExit to end with: None where
    its last line simply ran, 1 after an uncaught exception (printed as the interpreter prints it). An
    uncaught KeyboardInterrupt is raised again, printed, for the interpreter to end with."""
    try:
        try:
            exec(code, vars(main))
        finally:
            flush_io()
    except SystemExit as exiting:
        return exiting.code
    except BaseException as error:  # noqa: BLE001 - printed and ended as the interpreter would
        error.__traceback__ = error.__traceback__.tb_next  # from the program's first frame, not ours
        report_uncaught(error)
        if not isinstance(error, KeyboardInterrupt):
            return 1
        # Printed: the interpreter now ends as after an uncaught ^C out of its own code (threads joined,
        # atexit, objects finalized, then death by SIGINT), printing nothing more.
        sys.excepthook = lambda *_: None
        raise
    return None


def report_uncaught(error: BaseException) -> None:
    """Print an uncaught exception as the interpreter does (Python/pythonrun.c, _PyErr_PrintEx): through
    sys.excepthook; a hook that fails (one that raises, or None) has its own error printed, then the
    original, both by the default display; a hook's SystemExit ends the program with it."""
    try:
        sys.excepthook(type(error), error, error.__traceback__)
    except SystemExit:
        raise
    except BaseException as failure:  # noqa: BLE001 - the hook's own failure, said as the interpreter says it
        flush_io()
        failure.__traceback__ = failure.__traceback__.tb_next  # the hook's frames, not ours
        if failure.__context__ is error:  # raised here in an except clause; the interpreter's call is in none
            failure.__context__ = None
        sys.stderr.write("Error in sys.excepthook:\n")
        sys.__excepthook__(type(failure), failure, failure.__traceback__)
        sys.stderr.write("\nOriginal exception was:\n")
        sys.__excepthook__(type(error), error, error.__traceback__)


def flush_io() -> None:
    """What the interpreter does once a script's code is done, whichever way, before it prints a traceback
    or an exit message and before atexit (Python/pythonrun.c, flush_io): flush sys.stderr, then
    sys.stdout, whatever they are by then, errors ignored. Output left in stdout's buffer (a prompt
    without a line end) comes out first, as in a plain run."""
    for name in ("stderr", "stdout"):
        try:
            sys.__dict__[name].flush()  # no builtin the program may rebind (getattr, vars) to end the run here
        except BaseException:  # noqa: BLE001 - as the interpreter does: any error of a flush is let be
            pass


def boot() -> None:
    """Run `SEED PROGRAM ARGS...` of sys.argv seeded, its end as the interpreter ends a script (`run_code`)."""
    import random  # noqa: PLC0415 - the program's own import of it finds it seeded

    random.seed(int(sys.argv.pop(1)))
    del sys.argv[0]
    script = os.path.abspath(sys.argv[0])
    source = read(script)
    if handed_over(source):
        os.execv(sys.executable, [sys.executable, *sys.argv])
    sys.path[0] = os.path.dirname(script)
    main = script_main(script)
    try:
        code = compiled(source, script)
    except SyntaxError as error:  # reported as the interpreter reports a script it cannot compile: no traceback
        error.__traceback__ = None
        report_uncaught(error)
        sys.exit(1)
    exit_code = run_code(code, main)
    if exit_code is not None:  # else returns: the interpreter ends as after a script's last line
        raise SystemExit(exit_code) from None


if __name__ == "__main__":
    boot()
