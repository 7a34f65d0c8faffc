"""What a list that goes on with the nearest kinds says when the allergy order has moved a place
of the asked kind down: the places of the asked kind are named, never "the first 2" (issue 39;
"lebanese in london" for an anaphylactic tree-nut allergy put two Italian places first and said
"Only the first 2 are Lebanese places")."""

from __future__ import annotations

from kairos.pipeline.safety import AllergyCheck
from kairos.restaurants.chat_order import nearest_kind_said
from kairos.restaurants.chat_search import Searched
from kairos.restaurants.schemas import RestaurantResult
from kairos.restaurants.searching import TraitSearch
from kairos.search.models import SearchResult

CHECK = AllergyCheck(
    checked_for=["you"], allergens=[], verdict="no_allergies", basis="none",
    summary="No allergies were given, so none were checked.",
)  # fmt: skip


def place(pid: int, name: str, cuisines: list[str]) -> RestaurantResult:
    return RestaurantResult(
        id=pid, name=name, area=None, city="London", address=None, price_tier="$$$",
        rating=4.5, votes=120, cuisine_types=cuisines, url=None, lat=None, lng=None,
        known_allergens=[], allergen_confidence="low", summary=None, allergy=CHECK,
        allergy_safe=True, allergy_summary="",
    )  # fmt: skip


def searched(exact: set[int]) -> Searched:
    traced = TraitSearch(result=SearchResult(hits=[], strategy="hybrid"), required=[], short=[])
    return Searched(
        traced, [], False, [], [], "", exact=frozenset(exact), nearest=["middle eastern"]
    )


LEBANESE = [place(1, "Beirut Nights", ["lebanese"]), place(2, "Mezze House", ["lebanese"])]
KIN = [place(3, "Sidi Bou", ["middle eastern"]), place(4, "Levant", ["middle eastern"])]


def test_the_asked_kind_first_is_said_as_the_first() -> None:
    said = nearest_kind_said(searched({1, 2}), "Lebanese places in London", LEBANESE + KIN)
    assert said is not None and said.startswith("Only the first 2 are Lebanese places"), said
    assert "Middle Eastern" in said


def test_the_asked_kind_moved_down_is_named() -> None:
    said = nearest_kind_said(searched({1, 2}), "Lebanese places in London", KIN + LEBANESE)
    assert said is not None, said
    assert said.startswith("Only Beirut Nights and Mezze House are Lebanese places"), said
    assert "the first" not in said, said
