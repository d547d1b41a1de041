"""The fork launch's student process: a forked interpreter, started ahead of need (`forkserver.py`), runs
the program's `python3 SCRIPT` itself, as a fresh interpreter would, instead of an exec. Standard library
only, and the modules a fresh interpreter has already imported."""

import gc
import os
import sys

import _signal as signal  # not `signal`: it imports enum

import teardown  # beside this file
from seededboot import compiled, handed_over, read, report_uncaught, run_code, script_main  # the seeded boot's own

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
