"""A place with no check-ins of its own says so once, plainly, with the similar places that
stand in — how many, what kind, where (panel half A, o27 Grezzo, o53 Eclano)."""

from __future__ import annotations

from kairos.operator.demand import DemandModel
from kairos.store.operator import PlaceCheckins

BUSY = {(4, 19): 40, (5, 19): 50, (1, 12): 10}


def _model() -> DemandModel:
    return DemandModel(
        {
            2: PlaceCheckins(["italian", "pizza"], None, BUSY, 42.36, -71.05, "Marliave",
                             "Downtown"),
            3: PlaceCheckins(["italian"], None, BUSY, 42.35, -71.07, "Coppa", "South End"),
            4: PlaceCheckins(["thai"], None, BUSY, 42.35, -71.06, "Pho Pasteur", "Chinatown"),
            9: PlaceCheckins(["italian"], None, {(4, 19): 3}, 42.36, -71.05, "Own", "North End"),
        }
    )  # fmt: skip


def test_no_check_ins_of_its_own_names_its_stand_ins() -> None:
    from kairos.operator.stand_ins import stand_ins

    said = stand_ins(_model(), 1, "Eclano", ["italian", "restaurants"])
    assert said is not None
    assert said.startswith("Eclano has no check-ins of its own in the catalog, so when its guests")
    assert "read from 2 similar places' check-ins: Italian places" in said  # not the Thai one
    assert said.endswith("the closest matches Coppa (South End) and Marliave (Downtown).")


def test_a_place_with_its_own_check_ins_says_nothing_of_stand_ins() -> None:
    from kairos.operator.stand_ins import stand_ins

    assert stand_ins(_model(), 9, "Own", ["Italian"]) is None


def _loose_model() -> DemandModel:
    many = {(4, 19): 400, (5, 12): 300}
    return DemandModel(
        {
            2: PlaceCheckins(["dim sum", "cantonese", "chinese", "seafood"], None, many, 42.35,
                             -71.06, "Jade Hall", "Chinatown"),
            3: PlaceCheckins(["seafood"], None, BUSY, 42.35, -71.07, "Harbour Fish", "Back Bay"),
            4: PlaceCheckins(["bars"], None, many, 42.35, -71.08, "Corner Pub", "Back Bay"),
            5: PlaceCheckins(["pubs", "live/raw food", "cocktail bars", "seafood", "bars"], None,
                             many, 42.35, -71.07, "Oyster Tavern", "Back Bay"),
        }
    )  # fmt: skip


def test_only_places_listed_alike_are_named_as_its_matches() -> None:
    """o51: a dim-sum hall that also lists Seafood was named a seafood restaurant's closest
    match, ahead of a seafood place, for its many check-ins; a pub listed only as a bar never
    is a match."""
    from kairos.operator.stand_ins import stand_ins

    said = stand_ins(_loose_model(), 1, "Pier Fish", ["Seafood", "Restaurants"])
    assert said is not None
    assert said.endswith("Seafood places, the closest match Harbour Fish (Back Bay).")
    assert "Jade Hall" not in said and "Corner Pub" not in said


def test_no_place_listed_alike_is_said_not_dressed_up_as_matches() -> None:
    """o27: a vegan raw-food place had an oyster bar and pubs named as 'Live/Raw Food' matches."""
    from kairos.operator.stand_ins import stand_ins

    said = stand_ins(_loose_model(), 1, "Green Raw", ["Vegan", "Vegetarian", "Live/Raw Food"])
    assert said is not None
    assert "none listed much like it" in said
    assert "Oyster Tavern" not in said and "Corner Pub" not in said
