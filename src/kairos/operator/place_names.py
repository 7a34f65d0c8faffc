"""A restaurant's name in an answer about several (issue 36, panel half A, o03: "Qdoba on
Huntington Ave and Qdoba on Comm Ave" were both called "Qdoba", one counter-service and one with
table servers, so the manager could not tell which plan was which). Two locations of one brand
are named with their street ("Qdoba (Huntington Ave)"); a name said once stays as it is."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

__all__ = ["told_apart"]

_HOUSE: Final = re.compile(r"^\s*(?:\d+[A-Za-z]?(?:-\d+)?\s+)?")


def _name(label: str | None) -> str | None:
    """A restaurant's name out of its label ("Banq, 1375 Washington St, ..." -> "Banq")."""
    return label.split(",")[0].strip() if label else None


def _street(label: str) -> str:
    """The label's street without its house number ("393 Huntington Ave" -> "Huntington Ave"),
    or "" for a label with no address part."""
    parts = label.split(",")
    return _HOUSE.sub("", parts[1]).strip() if len(parts) > 1 else ""


def told_apart(labels: Sequence[str | None]) -> list[str | None]:
    """Each label's name, with its street when another label shares the name (its whole address
    part when the street is shared too)."""
    names = [_name(label) for label in labels]
    counts = Counter(n.casefold() for n in names if n)
    out: list[str | None] = []
    for label, name in zip(labels, names, strict=True):
        if not name or label is None or counts[name.casefold()] < 2:
            out.append(name)
            continue
        street = _street(label)
        key = name.casefold()
        same = [x for x, n in zip(labels, names, strict=True)
                if x and n and n.casefold() == key and _street(x) == street]  # fmt: skip
        where = street if len(same) < 2 else label.split(",", 1)[1].strip()
        out.append(f"{name} ({where})" if where else name)
    return out
