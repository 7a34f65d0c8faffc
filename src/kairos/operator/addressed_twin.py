"""A restaurant named with its street whose catalogue row of that name has no address, while a
row of nearly the same name has one on that street ("Legal Sea Foods on Park Plaza": the row
spelled "Legal Sea Foods" has no address, "Legal Seafood, 26 Park Plaza" has): the row with the
street is the one meant (issue 36, item 1: the place's own address before a nameless guess)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from rapidfuzz import fuzz

from kairos.signals.geocoding.areas import KnownPlace

__all__ = ["addressed_twins"]

NAME_FIT: Final = 90
"""How close two names are, spaces and punctuation dropped, to be one restaurant spelled two
ways ("legalseafoods" and "legalseafood": 96)."""
_NOT_ALNUM: Final = re.compile(r"[^0-9a-z]+")


def _compact(name: str) -> str:
    return _NOT_ALNUM.sub("", name.lower())


def addressed_twins(
    places: Sequence[KnownPlace], named: Sequence[KnownPlace], street: str
) -> list[KnownPlace]:
    """The rows whose name is one of `named`'s spelled another way and whose address has the
    `street` said; [] when a row named has an address of its own (its street decides) or none
    fits."""
    if not named or not street or any(p.address_key for p in named):
        return []
    names = {_compact(p.name) for p in named}
    return [
        q
        for q in places
        if q.address_key
        and f" {street} " in f" {q.address_key} "
        and any(fuzz.ratio(_compact(q.name), n) >= NAME_FIT for n in names)
    ]
