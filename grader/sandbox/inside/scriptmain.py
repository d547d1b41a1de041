"""The fork launch's student process: a forked interpreter, started ahead of need (`forkserver.py`), runs
the program's `python3 SCRIPT` itself, as a fresh interpreter would, instead of an exec. Standard library
only, and the modules a fresh interpreter has already imported."""

import gc
import os
import sys

import _signal as signal  # not `signal`: it imports enum

import teardown  # beside this file
from seededboot import compiled, handed_over, read, script_main  # beside this file: the seeded boot's own

seeded_boot = ""  # the grader's SEEDED_BOOT (grader/base/project.py), told by the server's boot before any run


def script_argv(program: list) -> tuple:
    """(seed, [SCRIPT, ARGS...]) of `python3 SCRIPT ARGS...` (seed None), or of the grader's seeded boot,
    `python3 -c SEEDED_BOOT SEED SCRIPT ARGS...`."""
    if len(program) > 4 and program[1] == "-c" and program[2] == seeded_boot:
        return int(program[3]), program[4:]
    return None, program[1:]


def forkable(program: list) -> bool:
    """`python3 SCRIPT ARGS...`, seeded or not, with this very interpreter: what a fork launch can run
    without an exec."""
    argv = script_argv(program)[1]
    return (len(argv) > 0 and not argv[0].startswith("-")
            and os.path.realpath(program[0]) == os.path.realpath(sys.executable))


def run_program(program: list, baseline: set, seeding: set) -> None:
    """Run SCRIPT as `__main__` in this process, which must look like a fresh `python3 SCRIPT ARGS...`:
    only the modules of the interpreter's start-up (`baseline`, taken before anything of ours was
    imported), the program's sys.argv, sys.orig_argv and sys.path[0], standard streams made as at start-up
    on the run's terminal, Python's own signal dispositions (SIGINT raises KeyboardInterrupt, SIGPIPE and
    SIGXFSZ ignored), the standard streams flushed when the code ends (`flush_io`), an uncaught exception
    printed and exit status 1 (KeyboardInterrupt: killed by SIGINT once finalized), without a frame of
    ours in the traceback, and the process ended as the interpreter ends it (quickly where its teardown
    would show nothing: `teardown.arm`). A seeded program also keeps what `random` loaded (`seeding`, as
    the seeded boot's own `import random` would), seeded as that boot seeds it; an unseeded one gets
    `random`, where the start-up has it, seeded afresh from the system, as in a fresh interpreter. A script compile() would read otherwise than the interpreter reads
    a script file is exec'd as in a plain launch, and compiled code never is (`seededboot.handed_over`)."""
    seed, argv = script_argv(program)
    script = os.path.abspath(argv[0])
    source = read(script)
    if handed_over(source):
        os.execv(program[0], program)
    sys.path[0] = os.path.dirname(script)  # init's folder until now: the server's boot code put it in place of ''
    sys.argv, sys.orig_argv = argv, list(program)
    standard = fresh_stdio()
    kept = baseline if seed is None else baseline | seeding
    for name in [name for name in sys.modules if name not in kept]:
        del sys.modules[name]
    if "random" in sys.modules:
        sys.modules["random"].seed(seed)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    main = script_main(script)
    frozen = gc.get_freeze_count()  # the server's objects: the program's are all the others
    try:
        code = compiled(source, script)
    except SyntaxError as error:  # reported as the interpreter reports a script it cannot compile: no traceback
        error.__traceback__ = None
        report_uncaught(error)
        exit_code = 1
    else:
        exit_code = run_code(code, main)
        del code
    del main  # not ours to keep alive into the program's atexit functions
    teardown.arm(exit_code, standard, frozen)
    if exit_code is not None:  # else returns: the interpreter ends as after a script's last line
        raise SystemExit(exit_code) from None


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
            getattr(sys, name).flush()
        except Exception:  # noqa: BLE001 - as the interpreter does: a stream that cannot flush is let be
            pass


def fresh_stdio() -> tuple:
    """sys.stdin, stdout and stderr as the interpreter makes them at start-up (Python/pylifecycle.c,
    create_stdio), now that 0, 1 and 2 are the run's terminal: the server's own were made on other files,
    so their buffering would not be a terminal's. Encoding and errors are the server's, which started with
    the same environment as the program. Returns the streams and the layers under them."""
    import io  # noqa: PLC0415 - already imported at start-up: no cost

    layers = []
    for name, fd, mode in (("stdin", 0, "r"), ("stdout", 1, "w"), ("stderr", 2, "w")):
        old = getattr(sys, name)
        buffered = io.open(fd, mode + "b", -1, None, None, None, False)
        buffered.raw.name = f"<{name}>"
        line_buffering = buffered.raw.isatty() or fd == 2
        stream = io.TextIOWrapper(buffered, old.encoding, old.errors, "\n", line_buffering, False)
        stream.mode = mode
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)
        layers += (stream, buffered, buffered.raw)
    return tuple(layers)
