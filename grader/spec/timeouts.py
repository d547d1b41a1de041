"""Every time limit of a run, derived here from the spec and the plan's time factor (an accommodation:
2 gives a student twice the time). How long one step of a program may take before it counts as hung: a
correct program answers a line in milliseconds; only its first step also pays for starting (an interpreter on a loaded machine, the
program's imports, a deliberate pause before the game), so it gets more. A spec's own `timeout:` (or the
suite's) replaces both, for assignments whose steps really take time.

Not derived from the reference's own time per step: the reference answers a step of this assignment in
about a millisecond, so any factor of it stays far below a floor that a loaded machine needs anyway, and
specs do not record timings (they would be the recording machine's)."""

from __future__ import annotations

STARTUP_SECONDS = 5.0
STEP_SECONDS = 2.0
SPEC_SECONDS = 60.0  # a whole spec, its steps together
UNIT_MARGIN_SECONDS = 60.0  # a batch worker's answer may take beyond its spec's own limit

# Once a program has printed all the spec expects and only its exit is missing, this much CPU time, or
# this long with every thread asleep, proves it will not end: a correct program ends in milliseconds of
# CPU and never sleeps on the way out. CPU time and sleep are the program's own, not the machine's load,
# so the verdict stays the same on a busy machine (and no time factor changes them); the step timeout
# still bounds everything else.
STUCK_CPU_SECONDS = 0.3
STUCK_ASLEEP_SECONDS = 0.4


def step_timeout(step: int, override: float | None, factor: float = 1.0) -> float:
    """Seconds step `step` (0: from the start to the first wait) may take: the spec's override, else the
    default, times the student's time factor."""
    if override is not None:
        return override * factor
    return (STARTUP_SECONDS if step == 0 else STEP_SECONDS) * factor


def spec_timeout(factor: float = 1.0) -> float:
    """Seconds a whole spec may take, times the student's time factor."""
    return SPEC_SECONDS * factor


def unit_timeout(factor: float = 1.0) -> float:
    """Seconds the batch waits for a worker's answer on one spec: the spec's limit, and then some."""
    return spec_timeout(factor) + UNIT_MARGIN_SECONDS
