"""Keep each xdist_group on one worker (`make test` runs `--dist loadgroup`): xdist marks a test's group
by a `@group` suffix on its node id, which from pytest 9.2 it writes where pytest no longer reads it
(pytest-xdist issue 1386), so every group was spread over both workers: the corpus graded twice, the
wall-clock tests beside the one that loads every core. This writes the suffix where pytest reads it, and
does nothing where xdist already did (an older pytest, or a fixed xdist)."""

from __future__ import annotations

import pytest


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not getattr(config.option, "loadgroup", False):  # set on xdist's workers under --dist loadgroup
        return
    from _pytest.nodeid import NodeId  # noqa: PLC0415 - pytest 9.2's structured node id, where the id is read

    for item in items:
        groups = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                         for mark in item.iter_markers("xdist_group")})
        if groups and not item.nodeid.endswith("@" + "_".join(groups)):
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(groups)}")  # noqa: SLF001
