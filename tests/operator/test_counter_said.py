"""Counter service said in the operator's own words (brief operator20, issue 36): "how many
baristas?", "we're a food-court counter". Who serves the guests follows the words, whatever the
listing holds, and a later lean ("mostly brunch") does not undo it."""

from __future__ import annotations

from datetime import date

import pytest

from kairos.operator.counter_said import counter_categories, read_counter
from kairos.operator.reading import read_message
from kairos.operator.service_kind import TABLE_LED, front_role
from kairos.operator.state import SessionState
from kairos.operator.steps import apply_baseline
from kairos.operator.turn import Turn

TODAY = date(2026, 12, 4)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many baristas tomorrow morning?", "barista"),
        ("we're a little coffee shop on Tremont, weekend?", "barista"),
        ("we're a food-court counter at the Pru, 400 customers on a Friday", "counter"),
        ("it's counter service, people order at the counter", "counter"),
        ("I run a noodle stall in Chinatown", "counter"),
        ("how many servers do I need saturday?", None),
        ("we usually do 300 covers on Sundays", None),
    ],
)
def test_the_words_that_say_who_serves_the_guests(text: str, said: str | None) -> None:
    assert read_counter(text) == said


def test_the_operators_word_outranks_a_table_service_listing() -> None:
    listing = ["Italian", "Breakfast & Brunch", TABLE_LED]
    assert front_role(listing)[0] == "server"
    assert front_role(counter_categories(listing, "barista")) == ("barista", 30, "customers")
    role, _, unit = front_role(counter_categories(listing, "counter"))
    assert (role, unit) == ("counter server", "customers")
    assert counter_categories(listing, None) == listing


def test_a_cafe_said_keeps_its_baristas_after_a_lean_is_said() -> None:
    state, turn = SessionState(), Turn(trace_id="t")
    for text in ("We're a coffee shop on Washington St. weekend?",
                 "mostly breakfast, about 200 customers on a Saturday"):  # fmt: skip
        apply_baseline(read_message(text, TODAY), state, turn)
    assert state.lean == "breakfast"
    assert front_role(counter_categories(["Breakfast & Brunch"], state.counter))[0] == "barista"


def test_the_baseline_asked_for_is_in_the_counters_own_unit() -> None:
    """o17, o29: a café's answer asked for "your usual covers, e.g. '180 covers on a Friday'"
    beside baristas and customers."""
    from kairos.operator.compose import compose
    from kairos.operator.rules import Decision

    state, turn = SessionState(), Turn(trace_id="t")
    apply_baseline(read_message("Cafenation, weekend?", TODAY), state, turn)
    assert turn.assumptions

    def text(categories: list[str]) -> str:
        decision = Decision(location="here", card="staffing", actions=[], drivers=[],
                            recommendation="Staff.", trigger="", busiest=[], uses_reviews=False,
                            categories=categories)  # fmt: skip
        return compose(decisions=[decision], confidence="low", sources=[], window="Sat 05 Dec",
                       assumptions=turn.assumptions, question=None, snapshot=None,
                       verbose=False).text  # type: ignore[arg-type]  # fmt: skip

    cafe = text(["Coffee & Tea", "Creperies"])
    assert "your usual customers, e.g. '180 customers on a Friday'" in cafe, cafe
    assert "covers" not in cafe, cafe
    assert "your usual covers, e.g. '180 covers on a Friday'" in text(["Italian"])
