"""Where per-run cgroups go, read from the mount table and the grader's own groups: v2 where its unified
hierarchy offers memory and pids, v1 otherwise (these machines run v1; the v2 path is exercised on a folder
laid out like cgroup2, since a kernel with both controllers bound to v1 cannot show it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.sandbox.cgroup import Parents, _folder, _v1, _v2


@pytest.mark.parametrize("mount, root, path, expected", [
    ("/sys/fs/cgroup/memory", "/", "/process_api/abc", "/sys/fs/cgroup/memory/process_api/abc"),
    ("/sys/fs/cgroup/memory", "/process_api", "/process_api/abc", "/sys/fs/cgroup/memory/abc"),
    ("/sys/fs/cgroup", "/", "/", "/sys/fs/cgroup"),
    ("/sys/fs/cgroup", "/user.slice", "/user.slice", "/sys/fs/cgroup"),
])
def test_a_group_path_is_found_under_its_mount(mount: str, root: str, path: str, expected: str) -> None:
    assert _folder(mount, root, path) == Path(expected)


def cgroup2(folder: Path, controllers: str, delegated: str = "") -> Path:
    folder.mkdir(parents=True)
    (folder / "cgroup.controllers").write_text(controllers + "\n")
    (folder / "cgroup.subtree_control").write_text(delegated + "\n")
    return folder


def test_v2_with_memory_and_pids_hands_them_to_run_groups(tmp_path: Path) -> None:
    own = cgroup2(tmp_path / "grader.scope", "memory pids")
    found = _v2([(str(tmp_path), "/", "cgroup2", set())], {"": "/grader.scope"})
    assert found == Parents(2, own, own)
    assert (own / "cgroup.subtree_control").read_text() == "+memory +pids"


def test_v2_with_the_cpu_controller_hands_it_to_run_groups_too(tmp_path: Path) -> None:
    own = cgroup2(tmp_path / "grader.scope", "cpu memory pids", delegated="memory pids")
    found = _v2([(str(tmp_path), "/", "cgroup2", set())], {"": "/grader.scope"})
    assert found == Parents(2, own, own, own)
    assert (own / "cgroup.subtree_control").read_text() == "+cpu"


def test_v2_without_the_controllers_says_so_and_v1_is_tried(tmp_path: Path) -> None:
    cgroup2(tmp_path / "unified", "hugetlb")
    mounts = [(str(tmp_path / "unified"), "/", "cgroup2", set()),
              (str(tmp_path / "memory"), "/", "cgroup", {"rw", "memory"}),
              (str(tmp_path / "pids"), "/", "cgroup", {"rw", "pids"})]
    own = {"": "/", "memory": "/process_api/abc", "pids": "/"}
    assert "no memory and pids controllers" in _v2(mounts, own)
    assert _v1(mounts, own) == Parents(1, tmp_path / "memory" / "process_api" / "abc", tmp_path / "pids")
    with_cpu = [*mounts, (str(tmp_path / "cpu"), "/", "cgroup", {"rw", "cpu", "cpuacct"})]
    assert _v1(with_cpu, {**own, "cpu": "/", "cpuacct": "/"}) == Parents(
        1, tmp_path / "memory" / "process_api" / "abc", tmp_path / "pids", tmp_path / "cpu")
    assert _v1(mounts[:2], own) == "no cgroup v1 pids controller mounted"
