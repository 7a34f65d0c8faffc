"""A place whose own listing says café or bakery has a café's day (held-out class: a bakery
found in the catalogue planned "97 % of a café's Friday at dinner"), mornings and lunch, unless
its own check-ins by hour say otherwise; the demand line says which it used.

In the shared sample, a bakery or bagel shop whose categories no other place shares got the
whole catalogue's week as its peers' (restaurants: dinner and late), and its day split kept
only the dayparts those restaurants are busy in: Bruegger's Bagel Bakery and La Sultana Bakery
came out 70 % dinner and late, no breakfast."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from kairos.operator.demand import (
    DAYPARTS,
    OWN_SHRINK,
    DemandModel,
    DemandShape,
    Matrix,
    masked,
)
from kairos.operator.lean import LEAN_SHARE, Lean, leaned, shape_categories
from kairos.operator.place_kind import kind_week

__all__ = ["DAYTIME_SHARE_OWN", "cafe_day", "listed_cafe", "peer_categories"]

_CAFE_KINDS: Final = frozenset(
    {"coffee & tea", "cafes", "bakeries", "donuts", "bagels", "coffee roasteries",
     "juice bars & smoothies", "patisserie/cake shop", "creperies"}
)  # fmt: skip
"""Categories of a listing that serves mornings and lunch."""
_BRUNCH: Final = "breakfast & brunch"
"""A café's kind only with no kitchen beside it: Stephanie's On Newbury, American and brunch,
serves dinners too (a third of its own check-ins)."""
_NIGHT_KINDS: Final = frozenset(
    {"bars", "nightlife", "pubs", "lounges", "sports bars", "wine bars", "cocktail bars",
     "gastropubs", "dance clubs", "gay bars", "dive bars", "beer bar"}
)  # fmt: skip
"""A listing with a bar too keeps a bar's evening (Fritz Lounge: bars and brunch)."""
_DAYTIME_KINDS: Final = frozenset(
    {"restaurants", "food", "sandwiches", "delis", "salad", "soup", "desserts"}
)
"""What a listing may hold beside a café's name and still be the café its name says: "Rebecca's
Cafe" (Sandwiches), not "Brown Sugar Cafe" (Thai) or "Venice Cafe" (Italian), whose kitchens
keep a restaurant's day."""
_CAFE_NAME: Final = re.compile(
    r"\b(?:caf[eé]|caff[eèé]|coffee|espresso|bakery|bake ?shop|bagels?|donuts?|doughnuts?|"
    r"p[aâ]tisserie|boulangerie|roasters?)\b",
    re.I,
)
DAYTIME_SHARE_OWN: Final = 0.4
"""Under this share of its own check-ins before 17:00 (breakfast, lunch, afternoon), a café's
listing is outvoted by its own guests (a 'café' busy at dinner keeps the day they show)."""
_DAYTIME = [DAYPARTS.index(p) for p in ("breakfast", "lunch", "afternoon")]


def listed_cafe(categories: list[str] | None, name: str | None) -> str | None:
    """What in a place's listing says it is a café or bakery ("Coffee & Tea", or its name
    "Bruegger's Bagel Bakery" with no kitchen beside it), or None."""
    kinds = {c.strip().lower() for c in categories or []}
    if kinds & _NIGHT_KINDS:
        return None
    listed = [c for c in categories or [] if c.strip().lower() in _CAFE_KINDS]
    if listed:
        return ", ".join(listed)
    daytime = kinds - {_BRUNCH} <= _DAYTIME_KINDS
    if _BRUNCH in kinds and daytime:
        return ", ".join(c for c in categories or [] if c.strip().lower() == _BRUNCH)
    if name and _CAFE_NAME.search(name) and daytime:
        return f"its name, {name}"
    return None


def _daytime_share(own: Matrix | None) -> tuple[float, int]:
    total = float(own.sum()) if own is not None else 0.0
    if own is None or total <= 0:
        return 0.0, 0
    return float(own[:, _DAYTIME].sum()) / total, int(total)


def cafe_day(
    model: DemandModel,
    place_id: int | None,
    categories: list[str],
    name: str | None,
    hours: Mapping[str, Any] | None = None,
) -> DemandShape | None:
    """The demand shape of a place its listing calls a café or bakery, or None for any other:
    a café's day (similar places read as cafés, at least `LEAN_SHARE` of each day at breakfast
    and lunch), unless its own check-ins (`OWN_SHRINK` or more) put under `DAYTIME_SHARE_OWN` of
    its guests before 17:00; the basis says which was used. With few check-ins of its own, a
    café's week (`place_kind`, measured over 34 cafés) is weighed in beside its similar places:
    a bakery no other place shares a category with has the catalogue's restaurants as its peers,
    whose split leaves its mornings out."""
    listing = listed_cafe(categories, name)
    if listing is None:
        return None
    share, count = _daytime_share(model.checkins_of(place_id) if place_id is not None else None)
    if count >= OWN_SHRINK and share < DAYTIME_SHARE_OWN:
        kept = model.shape(place_id=place_id, categories=categories, hours=hours)
        said = (
            f"; your listing says café ({listing}), but {share:.0%} of your own {count} "
            "check-ins come before 17:00: your own day used, not a café's"
        )
        return replace(kept, basis=kept.basis + said)
    shape = model.shape(
        place_id=place_id, categories=shape_categories(categories, "cafe"), hours=hours
    )
    own = count / (count + OWN_SHRINK)
    shares = own * shape.shares + (1 - own) * (shape.shares + masked(kind_week("cafe"), hours)) / 2
    shape = replace(shape, shares=shares / shares.sum())
    said = (
        f"; your listing says café ({listing}): a café's day, at least {LEAN_SHARE:.0%} of "
        "each day's guests at breakfast and lunch"
    )
    if count:
        said += f" ({share:.0%} of your own {count} check-ins come before 17:00)"
    return replace(leaned(shape, "cafe"), basis=shape.basis + said)


def peer_categories(categories: list[str], name: str | None, lean: Lean | None) -> list[str]:
    """The categories a place's similar places are chosen by, as `cafe_day` and a café lean
    choose them: the stand-ins named are the ones the demand line counts."""
    if lean == "cafe" or (lean is None and listed_cafe(categories, name) is not None):
        return shape_categories(categories, "cafe")
    return categories
