"""The fork launch's quick ending (`scriptmain.run_program`). Once the program's code is done, the interpreter
ends its process as ever: the exit message, the threads joined, the atexit functions, the standard streams
flushed. Then comes its teardown: collecting garbage, clearing every module, freeing every object. In a fork
of the server, that teardown writes to nearly every page the process still shares with the server (about
half of a run's copy-on-write faults), and it shows nothing unless something is left whose end can be seen.
So the teardown's first step, its garbage collection (after the first flush of the standard streams and
the signal handlers' end), calls us (a `gc.callbacks` entry added once the program's code is done), and
where nothing is left to see (`unseen`) we end the process there, with the second flush, and with the
status the interpreter would have ended it with. Wherever something is left (an object with a finalizer, a
thread, a weakref callback of the program's, a stream that cannot flush...), the interpreter goes on.

Standard library only, and the modules a fresh interpreter has already imported; imported by the fork
server, never in a run."""

import gc
import io
import os
import sys

import _signal
import _thread
import _weakref

LIBRARY = os.path.dirname(os.__file__) + os.sep  # where the standard library's Python code lies


def _generator():
    yield


async def _coroutine():
    pass


async def _async_generator():
    yield


class _Example:
    def method(self) -> None:
        """Of a bound method's type (`types` is not imported at start-up)."""


_example = _coroutine()
FRAMES = ((type(_generator()), "gi_frame"), (type(_example), "cr_frame"), (type(_async_generator()), "ag_frame"))
_example.close()
FUNCTION, METHOD, BUILTIN = type(_generator), type(_Example().method), type(len)
# Classes by id: `in` a tuple of classes, or a dict's hash, would ask a program's metaclass (__eq__, __hash__).
FILE_LAYERS = {id(kind) for kind in (io.TextIOWrapper, io.BufferedReader, io.BufferedWriter, io.BufferedRandom,
                                      io.FileIO)}
IN_MEMORY = {id(io.StringIO), id(io.BytesIO)}  # closing them shows nothing
PROXIES = {id(_weakref.ProxyType), id(_weakref.CallableProxyType)}  # whose callback cannot be read
C_OUTPUT = ("_ctypes", "_curses")  # what may leave output in the C library's buffers, which only exit() flushes
INT_BITS = 32  # the C int that `exit()` takes
OWN_DICT = type.__dict__["__dict__"].__get__  # a class's namespace, read past any attribute lookup of its metaclass
OWN_MRO = type.__dict__["__mro__"].__get__
CALLBACK = _weakref.ref.__callback__.__get__  # a weakref's callback, read past any attribute of its class


def arm(code: object, standard: tuple, frozen: int) -> None:
    """Once the program's code is done, about to end with SystemExit(`code`) (None: its last line ran):
    let the interpreter's teardown end the process at once where nothing of it could show. `standard` is
    what the standard streams were made of at start-up (`scriptmain.fresh_stdio`), `frozen` the count of
    objects the fork server froze (gc.freeze): the program's objects are the others."""
    status = exit_status(code)
    if status is None or sys.gettrace() is not None or sys.getprofile() is not None:
        return  # a status to read otherwise; a trace or profile hook, which would see every call of ours

    def at_the_teardown(phase: str, info: dict) -> None:
        if not sys.is_finalizing() or _signal.getsignal(_signal.SIGINT) is not None:
            return  # a collection before the teardown's own: the atexit functions and the first flush still run
        try:
            gc.callbacks.remove(at_the_teardown)
            if unseen(standard, frozen) and _flushed((sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__)):
                os._exit(status)
        except Exception:  # noqa: BLE001 - never an error of ours in the program's ending: the interpreter goes on
            pass

    gc.callbacks.append(at_the_teardown)


def exit_status(code: object) -> "int | None":
    """The exit status of SystemExit(code) as the interpreter reads it (Python/pythonrun.c,
    _Py_HandleSystemExit: an int as a C long cast to an int, anything else printed and 1); None where this
    leaves the ending to the interpreter."""
    if code is None:
        return 0
    if type(code) is int or type(code) is bool:  # a subclass is the interpreter's to read; never `in`, nor
        # isinstance(), which would ask the program's code (a metaclass's __eq__, an object's __class__)
        if -(1 << 63) <= code < 1 << 63:
            return (code + (1 << INT_BITS - 1)) % (1 << INT_BITS) - (1 << INT_BITS - 1)
        return None
    return None if issubclass(type(code), int) else 1


def _flushed(streams: tuple) -> bool:
    """Flush each stream as the interpreter flushes them (flush_std_files: sys.stdout and sys.stderr at its
    first flush, just before us, and the ones of start-up at its last): skipped where it is None or closed.
    False where one fails, or is not the io module's own file: its flush may be the program's code (which
    must run neither more nor less often than in a plain run) or may have failed at the first flush, which
    the interpreter answers with status 120. The interpreter then goes on and flushes it itself."""
    for stream in streams:
        if stream is None:
            continue
        if _innermost(stream) is None:
            return False
        try:
            if not stream.closed:
                stream.flush()
        except Exception:  # noqa: BLE001 - the interpreter's own flush will report it
            return False
    return True


def unseen(standard: tuple, frozen: int) -> bool:
    """Whether the rest of the interpreter's teardown could show nothing: no other thread, no object of the
    program's with a finalizer left to run (but the standard streams, closed files and ended generators), no
    class of its with `__del__` (whose objects the collector may not see), no weakref callback of its, no
    collector callback or debug output of its, no module that writes through the C library's buffers,
    nothing the program froze itself, and no interactive prompt that ran (PYTHONINSPECT, set even by
    os.putenv): it sets sys.ps1, and a SystemExit typed at it ends with its own status."""
    if _thread._count() or hasattr(sys, "ps1") or sys.flags.verbose or gc.callbacks or gc.get_debug() \
            or gc.get_freeze_count() > frozen or any(name in sys.modules for name in C_OUTPUT):
        return False
    standard_ids, known = {id(layer) for layer in standard}, {}
    for thing in gc.get_objects():
        kind = type(thing)  # never isinstance(): it asks the object's own __class__, which may be the program's
        if issubclass(kind, type):
            if type(OWN_DICT(thing).get("__del__")) is FUNCTION:
                return False
        elif issubclass(kind, _weakref.ref):
            if CALLBACK(thing) is not None and not _bookkeeping(CALLBACK(thing)):
                return False
        elif id(kind) in PROXIES:
            return False
        elif _finalizes(kind, known) and id(thing) not in standard_ids and not _ended(thing, kind):
            return False
    return True


def _finalizes(kind: type, known: dict) -> bool:
    """Whether objects of a class have a finalizer: `__del__` where the interpreter looks it up, in the
    namespaces along its MRO, never through its metaclass's attribute lookup (which the program may make
    hide it). `known` keeps the answers by the class's id (never its hash: a metaclass's code)."""
    found = known.get(id(kind))
    if found is None:
        found = known[id(kind)] = any("__del__" in OWN_DICT(klass) for klass in OWN_MRO(kind))
    return found


def _ended(thing: object, kind: type) -> bool:
    """Whether an object's finalizer has nothing left to do: a closed file, an in-memory stream, a generator
    or coroutine that ran to its end."""
    if id(kind) in IN_MEMORY:
        return True
    for generator, frame in FRAMES:
        if kind is generator:
            return getattr(thing, frame) is None
    if id(kind) in FILE_LAYERS:
        innermost = _innermost(thing)
        return innermost is not None and innermost.closed
    return False


def _innermost(stream: object) -> "io.FileIO | None":
    """The file under a stream made of the io module's own layers only; None where a layer is of another
    kind (whose methods may be the program's code) or detached."""
    try:
        while type(stream) is not io.FileIO:
            if id(type(stream)) not in FILE_LAYERS:
                return None
            stream = stream.buffer if type(stream) is io.TextIOWrapper else stream.raw
    except ValueError:  # detached
        return None
    return stream


def _bookkeeping(callback: object) -> bool:
    """Whether a weakref callback is the library's own bookkeeping, which shows nothing: a closure or a
    private function of the standard library's Python code (a weak container's `remove`, logging's
    `_removeHandlerRef`), or the C callback of abc's caches. Not a public function of the library, which a
    program may pass itself (`pprint.pprint`, or one that raises on a weakref: its error is printed)."""
    function = callback.__func__ if type(callback) is METHOD else callback
    if type(function) is FUNCTION:
        private = "<locals>" in function.__qualname__ or function.__name__.startswith("_")
        return private and function.__code__.co_filename.startswith(LIBRARY)
    return type(callback) is BUILTIN and callback.__name__ == "_destroy" and type(callback.__self__) is _weakref.ref
