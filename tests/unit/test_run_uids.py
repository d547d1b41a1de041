"""The per-run uids lie where no user of the machine or of its containers is (systemd's UIDS-GIDS.md table)."""

from __future__ import annotations

from grader.sandbox.box import UID_BASE, UID_SPAN

SYSTEMD_UNUSED = (0x7000_0000, 0x7FFD_FFFF)  # between the container uids (up to 0x6FFFFFFF) and the foreign range


def test_every_per_run_uid_is_in_a_range_systemd_leaves_unused() -> None:
    assert SYSTEMD_UNUSED[0] <= UID_BASE and UID_BASE + UID_SPAN - 1 <= SYSTEMD_UNUSED[1]
