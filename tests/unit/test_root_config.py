"""What an isolated run's file system is told to hold (grader/sandbox/rootconfig.py), on plain data: of /usr only
what an interpreter needs (a course's /usr/local/share/cs101 was read), the whole of it for a browser, and the
course's folders hidden by name wherever they lie."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.sandbox.limits import Limits
from grader.sandbox.rootconfig import USR_KEPT, hidden_paths, interpreter_trees, isolated_config, system_trees


@pytest.mark.parametrize("browser, shares_all_of_usr", [(False, False), (True, True)])
def test_a_console_run_shares_only_what_an_interpreter_needs_of_usr(browser: bool, shares_all_of_usr: bool) -> None:
    trees = system_trees(browser)
    assert ("/usr" in trees) is shares_all_of_usr
    assert shares_all_of_usr or {tree for tree in trees if tree.startswith("/usr")} <= set(USR_KEPT)
    assert not any(tree.startswith(("/usr/local/share", "/usr/src", "/usr/include", "/opt", "/srv", "/home"))
                   for tree in trees)


@pytest.mark.parametrize("command, trees", [
    ("/opt/python/bin/python3", ("/opt/python/bin", "/opt/python/lib", "/opt/python/lib64")),
    ("/root/.pyenv/versions/3.11.7/bin/python3.11", ("/root/.pyenv/versions/3.11.7/bin",
                                                     "/root/.pyenv/versions/3.11.7/lib",
                                                     "/root/.pyenv/versions/3.11.7/lib64")),
])
def test_of_the_interpreter_s_prefix_a_run_gets_its_folder_and_libraries(command: str, trees: tuple[str, ...]) -> None:
    assert interpreter_trees(command) == trees  # not share/ or include/, where a course may keep anything


def test_the_course_s_folders_are_hidden_by_name_wherever_they_lie(tmp_path: Path) -> None:
    course = ["/usr/local/lib/cs101/specs", "/usr/local/lib/cs101/reference", "/srv/class"]
    config = isolated_config(tmp_path / "class" / "alice", tmp_path / "run", tmp_path / "run" / "work",
                             tmp_path / "run" / "state", 1, 1, Limits(), False, [], course)
    assert set(course) <= set(config["hide"]) and str(tmp_path / "class") in config["hide"]


PREFIX_LIB = "/root/.pyenv/versions/3.11.7/lib"


@pytest.mark.parametrize("hide, hidden", [
    ({f"{PREFIX_LIB}/python3.11/cs101/guess"}, [f"{PREFIX_LIB}/python3.11/cs101/guess"]),  # inside the prefix
    ({PREFIX_LIB}, [PREFIX_LIB]),  # the exposed tree itself: hidden, the run fails rather than show it
    ({"/root/.pyenv", "/srv/course/reference.py"}, ["/srv/course/reference.py"]),  # holding the prefix: nothing else
    ({"/", "/usr", "/usr/local/lib/cs101"}, ["/usr/local/lib/cs101"]),
])
def test_a_course_path_is_hidden_even_inside_the_interpreter_s_prefix(hide: set[str], hidden: list[str]) -> None:
    assert hidden_paths(hide, [PREFIX_LIB]) == hidden
