"""When a restaurant has no check-ins of its own, the answer says so once, plainly, and says
which similar places stand in — how many, what kind, where (panel half A, o27 Grezzo, o53
Eclano: "check-ins of 7 similar places (none of this place's own)" in every turn, the places
never named). A place with check-ins of its own has them read first (`DemandModel.shape`)."""

from __future__ import annotations

from collections import Counter
from typing import Final

from kairos.operator.demand import GENERIC_CATEGORIES, DemandModel

__all__ = ["stand_ins"]

NAMED: Final = 3
"""The closest matches named."""


def stand_ins(model: DemandModel, place_id: int, name: str, categories: list[str]) -> str | None:
    """'Grezzo has no check-ins of its own in the catalog, so when its guests come is read from
    4 similar places' check-ins: Italian places, the closest matches Coppa (South End), …'; None
    when the place has its own check-ins, or no similar place stands in."""
    own = model.checkins_of(place_id)
    if own is not None and own.sum() > 0:
        return None
    ids = model.peer_ids(place_id, categories)
    if not ids:
        return None
    listed = [model.listed[i] for i in ids[:NAMED] if i in model.listed]
    mine = {c.lower(): c.title() for c in categories if c.lower() not in GENERIC_CATEGORIES}
    shared: Counter[str] = Counter(  # said as the place's own listing spells it
        mine[c.lower()] for _, _, cats in listed for c in cats if c.lower() in mine
    )
    kind = f"{shared.most_common(1)[0][0]} places" if shared else "places of a similar kind"
    named = [f"{n} ({area})" if area else n for n, area, _ in listed if n]
    closest = ""
    if named:
        closest = ", the closest matches " + (
            named[0] if len(named) == 1 else ", ".join(named[:-1]) + f" and {named[-1]}"
        )
    many = f"{len(ids)} similar place{'s' if len(ids) != 1 else ''}"
    return (
        f"{name} has no check-ins of its own in the catalog, so when its guests come is read "
        f"from {many}' check-ins: {kind}{closest}."
    )
