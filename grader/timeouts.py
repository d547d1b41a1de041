"""How long one step of a program may take before it counts as hung. A correct program answers a line
in milliseconds; only its first step also pays for starting (an interpreter on a loaded machine, the
program's imports, a deliberate pause before the game), so it gets more. A spec's own `timeout:` (or the
suite's) replaces both, for assignments whose steps really take time."""

from __future__ import annotations

STARTUP_SECONDS = 5.0
STEP_SECONDS = 2.0


def step_timeout(step: int, override: float | None) -> float:
    """Seconds step `step` (0: from the start to the first wait) may take: the spec's override, else the default."""
    if override is not None:
        return override
    return STARTUP_SECONDS if step == 0 else STEP_SECONDS
