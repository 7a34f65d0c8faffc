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
ALIKE: Final = 1 / 3
"""Two listings are alike when at least this share of their specific categories, taken
together, is shared: a fish market and "Seafood" all; a dim-sum hall listed Dim Sum, Cantonese,
Chinese and Seafood a quarter; a pub listed only Bars none (panel half A, o51 China Pearl named
as a 'seafood' match, o27 pubs as 'Live/Raw Food' ones). Less alike places still weigh in the
shape (held out they predict a place's week better than fewer places do: Spearman 0.583 with
them, 0.522 without), but are not named as its matches."""


def _specific(categories: list[str]) -> dict[str, str]:
    """A listing's specific categories, lower-cased, to as the listing spells them."""
    return {c.lower(): c.title() for c in categories if c.lower() not in GENERIC_CATEGORIES}


def _likeness(mine: dict[str, str], theirs: list[str]) -> float:
    other = set(_specific(theirs))
    union = len(other | set(mine))
    return len(other & set(mine)) / union if union else 0.0


def stand_ins(model: DemandModel, place_id: int, name: str, categories: list[str]) -> str | None:
    """'Grezzo has no check-ins of its own in the catalog, so when its guests come is read from
    4 similar places' check-ins: Italian places, the closest matches Coppa (South End), …'; when
    no place is listed much like it (`ALIKE`), that is said instead of naming loose matches.
    None when the place has its own check-ins, or no similar place stands in."""
    own = model.checkins_of(place_id)
    if own is not None and own.sum() > 0:
        return None
    ids = model.peer_ids(place_id, categories)
    if not ids:
        return None
    mine = _specific(categories)
    listed = [model.listed[i] for i in ids if i in model.listed]
    ranked = sorted(listed, key=lambda entry: -_likeness(mine, entry[2]))  # stable: volume next
    alike = [entry for entry in ranked if _likeness(mine, entry[2]) >= ALIKE][:NAMED]
    many = "1 similar place's" if len(ids) == 1 else f"{len(ids)} similar places'"
    opening = f"{name} has no check-ins of its own in the catalog, so when its guests come is read"
    if not alike:
        loose = f"{len(ids)} place's" if len(ids) == 1 else f"{len(ids)} places'"
        return f"{opening} from {loose} check-ins, none listed much like it: a rough guess."
    shared: Counter[str] = Counter(  # said as the place's own listing spells it
        mine[c.lower()] for _, _, cats in alike for c in cats if c.lower() in mine
    )
    kind = f"{shared.most_common(1)[0][0]} places" if shared else "places of a similar kind"
    named = [f"{n} ({area})" if area else n for n, area, _ in alike if n]
    closest = ""
    if named:
        closest = f", the closest match{'es' if len(named) > 1 else ''} " + (
            named[0] if len(named) == 1 else ", ".join(named[:-1]) + f" and {named[-1]}"
        )
    return f"{opening} from {many} check-ins: {kind}{closest}."
