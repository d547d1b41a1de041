"""How long the grader waits before looking again at a silent program (grader/engine/transport.py)."""

import pytest

from grader.engine.transport import pause_after


@pytest.mark.parametrize("silence, pause", [
    (0, 0.0002), (0.0001, 0.0002),  # just typed to: look again at once
    (0.001, 0.001), (0.004, 0.004),  # as long as it has been silent: a quick answer is seen quickly
    (0.01, 0.005), (0.05, 0.005),  # a step's usual time: every 5 ms
    (0.1, 0.01), (0.3, 0.03),  # then a tenth of the silence
    (0.5, 0.05), (2, 0.05), (60, 0.05),  # asleep for seconds: 20 looks a second
])
def test_a_silent_program_is_looked_at_about_as_often_as_it_has_been_silent(silence: float, pause: float):
    assert pause_after(silence) == pytest.approx(pause)
