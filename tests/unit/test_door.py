"""The door's command line: chromium keeps only the last of a repeated feature list, so the grader's and
Playwright's are joined into one."""

import pytest

from grader.sandbox.inside.door import merged


@pytest.mark.parametrize(("argv", "expected"), [
    (["chromium", "--no-sandbox"], ["chromium", "--no-sandbox"]),
    (["chromium", "--disable-features=A,B", "--headless", "--disable-features=C"],
     ["chromium", "--disable-features=A,B,C", "--headless"]),
    (["chromium", "--disable-features=A", "--enable-features=X", "--disable-features=B", "--enable-features=Y"],
     ["chromium", "--disable-features=A,B", "--enable-features=X,Y"]),
    (["chromium", "--enable-features=X"], ["chromium", "--enable-features=X"]),
    (["chromium", "--disable-features-for-test=A", "--disable-features=B"],
     ["chromium", "--disable-features-for-test=A", "--disable-features=B"]),
])
def test_repeated_feature_lists_are_joined_into_the_first(argv: list[str], expected: list[str]) -> None:
    assert merged(argv) == expected
