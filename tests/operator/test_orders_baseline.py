"""A usual day given in orders is takeout or delivery, not table covers (panel half A, o39:
"180 at Banq and 250 orders at Upper Crust" staffed the pizzeria with 11 servers)."""

from __future__ import annotations

from datetime import date

from kairos.operator.baselines import read_baseline, read_more_covers
from kairos.operator.lean import orders_led
from kairos.operator.staffing_plan import plan


def _no_address(text: str, at: int) -> bool:
    return False


def test_orders_said_beside_covers_are_read_as_orders() -> None:
    text = "Friday is usually 180 at Banq and 250 orders at Upper Crust. Weekend?"
    first, _ = read_baseline(text, _no_address)
    assert first is not None and first.unit == "covers"
    both, _ = read_more_covers(text, first, _no_address)
    assert [(b.covers, b.unit, b.weekday) for b in both] == [(180, "covers", 4), (250, "orders", 4)]
    alone, _ = read_baseline("we do 250 delivery orders on a friday", _no_address)
    assert alone is not None and (alone.covers, alone.unit) == (250, "orders")
    bare, _ = read_baseline("250 orders on fridays", _no_address)
    assert bare is not None and (bare.covers, bare.unit, bare.weekday) == (250, "orders", 4)


def test_orders_are_staffed_at_the_counter_and_the_line_not_with_servers() -> None:
    said = plan([(date(2026, 12, 5), "dinner", 209)], None, None,
                categories=orders_led(["pizza"], "orders"))  # fmt: skip
    assert said is not None
    assert "≈209 orders" in said and "counter staffer" in said
    assert "servers at one per" not in said and "no servers are counted" in said
    assert "cooks" in said


def test_orders_and_covers_are_compared_by_the_people_each_needs() -> None:
    from kairos.operator.compose import _compared
    from kairos.operator.rules import Decision

    def decision(label: str, count: int, categories: list[str] | None) -> Decision:
        return Decision(location=label, card="staffing", actions=[], drivers=[],
                        recommendation="", trigger="", busiest=[(date(2026, 12, 5), "dinner",
                        count)], uses_reviews=False, categories=categories)  # fmt: skip

    said = _compared(
        [decision("Banq, 1375 Washington St", 116, ["french"]),
         decision("Upper Crust Pizzeria, 683 Tremont St", 209, orders_led(["pizza"], "orders"))]
    )  # fmt: skip
    assert "≈209 covers" not in said
    assert "≈209 orders" in said and "≈116 covers" in said
    assert "4 counter staffers and 6 cooks" in said and "6 servers and 3 cooks" in said


def test_two_locations_of_one_brand_are_told_apart_by_their_street() -> None:
    """Panel half A (o03): "Qdoba on Huntington Ave and Qdoba on Comm Ave" were both called
    'Qdoba' in the answer, one counter-service and one with table servers, so the manager could
    not tell which plan was which. Each is named with its street; a name said once stays bare."""
    from kairos.operator.compose import compose
    from kairos.operator.rules import Decision

    def decision(label: str, count: int, categories: list[str] | None) -> Decision:
        busiest = [(date(2026, 12, 4), "dinner", count)]
        return Decision(location=label, card="staffing", actions=[], drivers=[],
                        recommendation=f"Staff ≈{count}.", trigger="", busiest=busiest,
                        uses_reviews=False, categories=categories)  # fmt: skip

    both = [decision("Qdoba, 393 Huntington Ave, Boston, MA 02115", 87, ["fast food"]),
            decision("Qdoba, 540 Commonwealth Ave, Unit 1C, Boston", 79, ["mexican"])]  # fmt: skip
    said = compose(decisions=both, confidence="low", sources=[], window="Fri 04 Dec",
                   assumptions=[], question=None, snapshot=None,
                   verbose=False).recommendation  # fmt: skip
    assert said.startswith("Qdoba (Huntington Ave): Staff ≈87."), said
    assert "Qdoba (Commonwealth Ave): Staff ≈79." in said
    assert "Qdoba:" not in said and "Qdoba ≈" not in said
    one = [decision("Banq, 1375 Washington St", 116, ["french"]), both[0]]
    assert compose(decisions=one, confidence="low", sources=[], window="Fri 04 Dec",
                   assumptions=[], question=None, snapshot=None,
                   verbose=False).recommendation.startswith("Banq: Staff ≈116.")  # fmt: skip
