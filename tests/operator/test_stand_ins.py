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
