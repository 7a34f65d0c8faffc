"""Coffee and fast-food chains among places to eat (issue 35 item 2: "a Starbucks lunch" in
Delhi): a trip's lunch or dinner is at a local place while one is within reach, a known
fast-food chain only when nothing else is, a coffee chain last (`timeline._fits`). The brands
are a curated list (`data/meal_chains.toml`, where it comes from said there)."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Final, Literal

from kairos.trips.models import Candidate

__all__ = ["ChainKind", "chain_kind", "chain_rank", "chain_said"]

ChainKind = Literal["coffee", "fast food"]
_RANK: Final[dict[ChainKind | None, int]] = {None: 0, "fast food": 1, "coffee": 2}


def _words(name: str) -> list[str]:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.findall(r"[a-z0-9]+", plain.replace("'", "").replace("\u2019", ""))


@cache
def _brands() -> tuple[dict[str, ChainKind], frozenset[str]]:
    """Each brand's words run together ("mcdonalds") → its kind; the coffee brands that are one
    only as a whole name."""
    path = resources.files("kairos.trips") / "data" / "meal_chains.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    brands: dict[str, ChainKind] = {}
    kinds: tuple[tuple[str, ChainKind], ...] = (("fast_food", "fast food"), ("coffee", "coffee"))
    for key, kind in kinds:
        for brand in data[key]:
            brands["".join(_words(brand))] = kind
    return brands, frozenset("".join(_words(b)) for b in data["coffee_whole_name"])


def chain_kind(name: str) -> ChainKind | None:
    """The chain a place to eat's name starts with ("Mc Donald's, CP" → fast food,
    "Starbucks Coffee" → coffee), None for any other ("Cafe Lota"; "Subways of Delhi": a
    brand matches whole words only)."""
    words = _words(name)
    if words and words[0] == "the" and len(words) > 1:
        words = words[1:]
    brands, whole = _brands()
    if "".join(words) in whole:
        return "coffee"
    joined = ""
    for word in words[:6]:
        joined += word
        if (kind := brands.get(joined)) is not None:
            return kind
    return None


def chain_rank(name: str) -> int:
    """0 a local place, 1 a fast-food chain, 2 a coffee chain: lower is the better meal."""
    return _RANK[chain_kind(name)]


def chain_said(
    kind: str, name: str, radius_km: float, near: Sequence[Candidate],
    known_risk: Callable[[Candidate], bool],
) -> str | None:  # fmt: skip
    """What the day says of a meal planned at a chain (None for a local place): why no local
    place took it."""
    chain = chain_kind(name)
    if chain is None:
        return None
    risky = any(known_risk(m) for m in near if not chain_rank(m.name))
    why = " without a known allergy risk for you" if risky else ""
    return (
        f"{kind.capitalize()} at {name}, a {chain} chain: no other place to eat Kairos "
        f"knows is open for {kind}{why} within {radius_km:g} km of the route"
    )
