"""The speed suite's chat messages: the contract set's searching messages, then the same in
other cities, none twice, so a run's turns are all cold."""

from __future__ import annotations

from kairos.evals.speed import chat_messages


def test_a_run_never_sends_the_same_message_twice() -> None:
    base = chat_messages()
    run = chat_messages(4 * len(base))
    assert len(run) == 4 * len(base) == len(set(run))
    assert run[: len(base)] == base
    assert "cheap eats in austin" in run, "a named city is replaced"
    assert "vietnamese pho in austin" in run, "a message without a city gets one"
    assert "hi" not in base and "thanks!" not in base, "messages that do not search are left out"
