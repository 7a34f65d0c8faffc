"""Groups of places a swap or an interest may ask for ("something outdoors", "a museum"), read
from `trips/data/kind_groups.toml`: which kinds and source categories a group holds, the words
that keep a place out of it (an aquarium a source files under parks is not outdoors), and the
words of a traveller's interests that name it."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Final

__all__ = [
    "KindGroup", "fits", "group_of", "groups_named", "kept_out", "kind_groups", "paved",
    "plain_want",
]  # fmt: skip


@dataclass(frozen=True)
class KindGroup:
    name: str
    kinds: frozenset[str]
    never: tuple[str, ...] = ()
    named_if: tuple[tuple[str, tuple[str, ...]], ...] = ()
    words: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def kind_groups() -> dict[str, KindGroup]:
    path = resources.files("kairos.trips") / "data" / "kind_groups.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {
        name: KindGroup(
            name=name,
            kinds=frozenset(group["kinds"]),
            never=tuple(group.get("never", ())),
            named_if=tuple((k, tuple(v)) for k, v in group.get("named_if", {}).items()),
            words=tuple(group.get("words", ())),
        )
        for name, group in data.items()
    }


def _says(text: str, phrases: tuple[str, ...]) -> bool:
    plain = f" {' '.join(re.findall(r'[0-9a-z]+', text.lower()))} "
    return any(f" {phrase} " in plain for phrase in phrases)


_ARTICLE: Final = re.compile(r"^(?:(?:a|an|the|some|another|one|more)\s+)+", re.I)


def plain_want(want: str) -> str:
    """What a swap asks for without its article: "a park" is "park" (issue 35, panel trips t55:
    a swap for "a park" matched no place and said "no a park place fits")."""
    return _ARTICLE.sub("", " ".join(want.split())).lower() or want


def group_of(want: str) -> KindGroup | None:
    """The group `want` names: by its name ("outdoors") or one of its words ("nature")."""
    groups = kind_groups()
    if want in groups:
        return groups[want]
    return next((g for g in groups.values() if _says(want, g.words)), None)


_GREEN: Final = frozenset({"park", "garden"})
_PAVED_HEADS: Final = frozenset({"square", "plaza", "piazza", "platz", "plaça", "praça"})


def paved(name: str) -> bool:
    """A name whose last word says a square or a plaza ("Yonge-Dundas Square"; not "Madison
    Square Park"): an open paved space, whatever kind its source gives it (a swap for "a park"
    brought a plaza the map files as a park: panel trips half A, t55, round 13)."""
    words = re.findall(r"[^\W\d_]+", name.lower())
    return bool(words) and words[-1] in _PAVED_HEADS


def fits(want: str, kind: str, category: str | None, name: str) -> bool:
    """Whether a place (its kind, its source's category, its name) is one `want` asks for: a
    group of the table, else a kind or category of that name, kept out by the `never` words of
    the groups holding that kind (a "park" filed aquarium is no park)."""
    category = (category or "").lower()
    if paved(name):  # a square a source files as a park is no park, garden or green space
        kind, category = ("square" if k in _GREEN else k for k in (kind, category))
    said = f"{name} {category.replace('_', ' ')}"
    group = group_of(want)
    if group is None:
        holding = [g for g in kind_groups().values() if want in g.kinds]
        return want in (kind, category) and not any(_says(said, g.never) for g in holding)
    if kind not in group.kinds and category not in group.kinds:
        return False
    if _says(said, group.never):
        return False
    required = dict(group.named_if).get(category)
    return required is None or _says(name, required)


def groups_named(interests: str) -> list[str]:
    """The groups a traveller's interests name by a group's words ("parks, outdoors")."""
    return [g.name for g in kind_groups().values() if g.words and _says(interests, g.words)]


def kept_out(groups: Sequence[KindGroup], kind: str, category: str, name: str) -> bool:
    """A place of a kind the interests' groups hold that a group keeps out (an aquarium a
    source files under parks, asked for "outdoors"): not what was asked."""
    category = category.replace(" ", "_")
    return any(
        (kind in g.kinds or category in g.kinds) and not fits(g.name, kind, category, name)
        for g in groups
    )
