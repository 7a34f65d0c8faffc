"""Group plans (issue 38, round 9b): a price a source gave as a range ("$$ - $$$" on
TripAdvisor London) is read from its bottom as well as its top."""

from __future__ import annotations

from kairos.core.pricing import range_floor
from kairos.venues.cost import budget_sentence, cost_profile, off_budget
from kairos.venues.schemas import VenueResult
from tests.venues.test_commander import read


def test_the_bottom_of_a_stored_range_is_read() -> None:
    assert range_floor({"min_price_level": 2, "max_price_level": 3}, 3) == 2
    assert range_floor({"min_price_level": 3, "max_price_level": 3}, 3) is None
    assert range_floor({"min_price_level": 2}, None) is None
    assert range_floor({"min_price_level": True}, 3) is None
    assert range_floor({}, 3) is None


def test_a_range_whose_bottom_fits_a_cap_may_fit_it_and_is_said_as_a_range() -> None:
    """Plans panel p07 (half A): "indian dinner in london for 4, under £25 each" answered "No
    venue known in London fit 'under £25 each': Masala Inn ($$$), Albany Spice ($$$), Madhu's
    ($$$) cost more", each "— may exceed budget", while TripAdvisor priced them "$$ - $$$"."""
    budget = read("indian dinner in london for 4, under £25 each").budget
    assert off_budget("$$$", budget) and not off_budget("$$$", budget, "$$")
    assert off_budget("$$$$", budget, "$$$")  # a range entirely over the cap stays over it
    ranged = cost_profile({"tripadvisor_london": 3}, budget, 2)
    single = cost_profile({"tripadvisor_london": 3}, budget)
    assert ranged.price_from == "$$" and ranged.shown == "$$–$$$", ranged
    assert ranged.budget_fit is not None and single.budget_fit is not None
    assert single.budget_fit < ranged.budget_fit < 1, (single, ranged)
    assert cost_profile({"s": 2}, budget, 2).price_from is None  # no range below its tier

    def venue(name: str, price: str, low: str | None) -> VenueResult:
        return VenueResult.model_construct(
            name=name, price_range=price, price_from=low, members_at_risk=[]
        )

    top = [venue("Masala Inn", "$$$", "$$"), venue("Albany Spice", "$$$", "$$")]
    said = budget_sentence([*top, venue("Madhu's", "$$$", "$$")], budget, " in London")
    assert said is not None and "cost more" not in said, said
    assert "Masala Inn ($$–$$$)" in said and "may fit" in said, said
    over = budget_sentence([*top, venue("Gymkhana", "$$$$", None)], budget, " in London")
    assert over is not None and "Gymkhana ($$$$)" in over and "Masala Inn" not in over, over
