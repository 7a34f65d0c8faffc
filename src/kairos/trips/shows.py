"""A show is no landmark: a place whose name says it is an exhibit, an immersive show or an
"experience" (`data/show_names.toml`: Toronto's "The Van Gogh Exhibit", "Immersive Van Gogh")
is capped low in notability whatever its reviews or tags say, so a temporary or ticketed
attraction follows the city's landmarks and never leads a day."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

__all__ = ["ShowNames", "capped_for_show", "is_show", "show_names"]


@dataclass(frozen=True)
class ShowNames:
    cap: float
    words: frozenset[str]


@lru_cache(maxsize=1)
def show_names() -> ShowNames:
    path = resources.files("kairos.trips") / "data" / "show_names.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return ShowNames(float(data["cap"]), frozenset(w.lower() for w in data["words"]))


def is_show(name: str) -> bool:
    """Whether a place's name says it is a show."""
    return bool(show_names().words & set(re.findall(r"[a-z]+", name.lower())))


def capped_for_show(name: str, note: float) -> float:
    """`note` (a notability), at most the show cap when the name says a show."""
    return min(note, show_names().cap) if is_show(name) else note
