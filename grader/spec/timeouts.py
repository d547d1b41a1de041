"""How long one step of a program may take before it counts as hung. A correct program answers a line
in milliseconds; only its first step also pays for starting (an interpreter on a loaded machine, the
program's imports, a deliberate pause before the game), so it gets more. A spec's own `timeout:` (or the
suite's) replaces both, for assignments whose steps really take time.

Not derived from the reference's own time per step: the reference answers a step of this assignment in
about a millisecond, so any factor of it stays far below a floor that a loaded machine needs anyway, and
specs do not record timings (they would be the recording machine's)."""

from __future__ import annotations

STARTUP_SECONDS = 5.0
STEP_SECONDS = 2.0


def step_timeout(step: int, override: float | None) -> float:
    """Seconds step `step` (0: from the start to the first wait) may take: the spec's override, else the default."""
    if override is not None:
        return override
    return STARTUP_SECONDS if step == 0 else STEP_SECONDS
