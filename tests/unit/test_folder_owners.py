"""Which process made a run's, a worker's or the probe's folder, from its name alone (grader/sandbox/scratch.py)."""

from __future__ import annotations

from grader.sandbox.scratch import OWNER_WIDTH, owner

NAMES = [  # a folder's name, and its maker: (pid namespace, pid, start time), or None for a name that says none
    ("grader-run-4026531836.12441.6139119-ab_c12yz", (4026531836, 12441, b"6139119")),
    ("grader-worker-1.2.3-x", (1, 2, b"3")),
    ("grader-probe-4026531836.7.0-abcdefgh", (4026531836, 7, b"0")),
    ("grader-run-abcd1234", None),  # an older grader's name: no maker
    ("grader-run-1.2-abcdefgh", None),  # two numbers, not three
    ("grader-run-1.2.3.4-abcdefgh", None),
    ("grader-run-1.x.3-abcdefgh", None),
    ("grader-run-1.2.3", None),  # no separator before mkdtemp's part
    ("grader-run--1.2.3-abcdefgh", None),
    ("grader-runs-1.2.3-abcdefgh", None),  # not one of the kinds
    ("other-1.2.3-abcdefgh", None),
    ("grader-run-1.2.\u00b2-abcdefgh", None),  # digits of other scripts are no start time
    ("grader-run-\u0661.2.3-abcdefgh", None),
]


def test_a_folders_maker_is_read_from_its_name():
    assert [(name, owner(name)) for name, _ in NAMES] == NAMES


def test_the_widest_maker_is_what_the_longest_copy_path_counts():
    widest = "grader-run-" + "4294967295.4194304.18446744073709551615-"
    assert owner(widest + "abcdefgh") == (4294967295, 4194304, b"18446744073709551615")
    assert len(widest) - len("grader-run-") == OWNER_WIDTH
