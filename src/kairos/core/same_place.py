"""Whether two points of interest are one sight under two spellings or two sources.

One landmark often comes twice: an OSM node and a gazetteer's point ("Boudha Stupa" and
"Baudhanath Stupa", 0.7 km apart, the gazetteer's point given to the arc-minute), two OSM nodes
of one museum ("Bose museum" and "Museum on Netaji Subhas Chandra Bose…", 7 m apart), or one
name in two transliterations ("Neela Gumbad" and "Nila Gumbad"). A traveller reads each pair as
one place visited twice.

- `skeleton(word)`: a word's consonants in order, folded the way transliterations vary (vowels
  dropped after the first letter, doubled letters once, `w` as `v`, `ph` as `f`, `z`/`j`):
  "neela" and "nila" → "nl", "boudha" and "baudha" → "bdh".
- `near_duplicates(places)`: of (name, lat, lng, notability) entries, the ones that name a place
  another entry names and are the less notable of the two (ties: the later one). Two entries
  name one place when
  - their distinctive names fold to the same skeletons (anywhere in the city: a traveller never
    wants two "Blue Domes" of one name in a trip);
  - within `DUPLICATE_KM` (or `COARSE_KM` when a point is given to the arc-minute, as gazetteers
    give them), every distinctive word of the shorter name matches one of the other's, by its
    first five letters or by its skeleton (one skeleton of three or more consonants starting
    the other: "bdh" / "bdhnth"), so "Bade Khan ka Gumbad" and "Bhure Khan ka Gumbad" stay two;
  - within `SAME_POINT_KM`, any distinctive word of four letters or more in common;
  - within `DUPLICATE_KM`, every word of a name of two words or more is a word of the other
    ("Kathmandu Durbar Square" and "Basantapur Durbar Square" in Kathmandu: the city's own
    name aside, `city`): one square under a longer and a shorter name;
  - two museums at one point (`ONE_POINT_KM`): one collection listed under its old and its
    new name ("Royal Museum", "National Museum of Scotland");
  - within `HEAD_POINT_KM` (a dozen metres), names ending in one word, a qualifier's last word
    counting ("Atomic Bomb Dome", "Hiroshima Peace Memorial (Genbaku Dome)").
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from kairos.core.geo import haversine_km

__all__ = [
    "COARSE_KM", "DUPLICATE_KM", "SAME_POINT_KM", "near_duplicates", "same_name", "skeleton",
]  # fmt: skip


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


DUPLICATE_KM: Final = 0.3
"""Two sources' points for one landmark (a UNESCO reference point, an OSM node) lie this close."""
COARSE_KM: Final = 1.5
"""The reach when a point is given only to the arc-minute (about 1.8 km by 1.6 km at 28° N)."""
SAME_POINT_KM: Final = 0.05
"""Two nodes this close that share a word are one building."""

_PLAIN: Final = _wordset(
    "the of and temple stupa square durbar national royal old new great shri shree sri "
    "saint st dome mosque church shrine statue street art mural tomb ruins ruin gate "
    "monument memorial park garden gardens museum gallery viewpoint fountain well pond tank "
    "tower sculpture painting graffiti artwork attraction ka ki ke la le de du des the "
    "and museu musee house hall center centre gumbad gumbaz mandir masjid ghat kund baoli "
    "darwaza qila dargah gurudwara gurdwara jinja"
)
"""Words that say what a place is or join a name; they never make two names one place."""
_JOINERS: Final = _wordset("the of and ka ki ke la le de du des")


def _words(name: str) -> list[str]:
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.findall(r"[0-9a-z]+", folded.lower())


def skeleton(word: str) -> str:
    """A word's consonants with transliteration variants folded (see the module)."""
    w = word.lower().replace("ph", "f").replace("w", "v").replace("z", "j")
    if not w:
        return ""
    kept = w[0] + re.sub(r"[aeiouy]", "", w[1:])
    return re.sub(r"(.)\1+", r"\1", kept)


def _distinctive(name: str) -> list[str]:
    return [w for w in _words(name) if w not in _PLAIN and not w.isdigit()]


def same_name(a: str, b: str) -> bool:
    """Whether two names fold to the same skeletons ("Neela Gumbad", "Nila Gumbad"), joining
    words aside, with a distinctive word in each and four consonants in all."""
    sa = [skeleton(w) for w in _words(a) if w not in _JOINERS]
    sb = [skeleton(w) for w in _words(b) if w not in _JOINERS]
    return (
        sa == sb
        and sum(len(s) for s in sa) >= 4
        and bool(_distinctive(a))
        and bool(_distinctive(b))
    )


def _coarse(lat: float, lng: float) -> bool:
    """A point given to the arc-minute (a gazetteer's rounding), or to two decimals."""

    def rounded(v: float) -> bool:
        return abs(v * 60 - round(v * 60)) < 0.002 or abs(v * 100 - round(v * 100)) < 1e-6

    return rounded(lat) and rounded(lng)


def _word_match(x: str, y: str) -> bool:
    if x == y or (len(x) >= 5 and len(y) >= 5 and x[:5] == y[:5]):
        return True
    short, long_ = sorted((skeleton(x), skeleton(y)), key=len)
    return len(x) >= 4 and len(y) >= 4 and len(short) >= 3 and long_.startswith(short)


def _names_match(a: list[str], b: list[str]) -> bool:
    """Every distinctive word of the name with fewer of them matches a word of the other."""
    fewer, more = sorted((a, b), key=len)
    return all(any(_word_match(x, y) for y in more) for x in fewer)


@dataclass(frozen=True)
class _Named:
    lat: float | None
    lng: float | None
    words: tuple[str, ...]
    key: tuple[str, ...] | None
    """The name's skeletons when `same_name` may hold on it, else None."""
    coarse: bool
    plain: frozenset[str]
    """All the name's words but the joining ones (`_JOINERS`)."""
    museum: bool
    hints: frozenset[str]
    """What two names must share for a word of one to match a word of the other: words of four
    letters or more, first five letters, first three consonants of a skeleton."""
    heads: frozenset[str] = frozenset()
    """The name's last word and its qualifier's ("Hiroshima Peace Memorial (Genbaku Dome)":
    memorial, dome): what the place is called as a thing (`HEAD_POINT_KM`)."""


@lru_cache(maxsize=65536)
def _named(
    name: str,
    lat: float | None,
    lng: float | None,
    kind: str = "",
    city: frozenset[str] = frozenset(),
) -> _Named:
    words = tuple(_distinctive(name))
    plain = frozenset(w for w in _words(name) if w not in _JOINERS and w not in city)
    key = tuple(skeleton(w) for w in _words(name) if w not in _JOINERS)
    fits = bool(words) and sum(len(k) for k in key) >= 4
    coarse = lat is not None and lng is not None and _coarse(lat, lng)
    hints = {f"w:{w}" for w in words if len(w) >= 4} | {f"p:{w[:5]}" for w in words if len(w) >= 5}
    hints |= {f"s:{skeleton(w)[:3]}" for w in words if len(w) >= 4 and len(skeleton(w)) >= 3}
    return _Named(lat, lng, words, key if fits else None, coarse, plain, kind == "museum",
                  frozenset(hints), _heads(name))  # fmt: skip


def _heads(name: str) -> frozenset[str]:
    parts = [name.split("(", 1)[0], *re.findall(r"\(([^()]*)\)", name)]
    ends = [[w for w in _words(p) if w not in _JOINERS and not w.isdigit()] for p in parts]
    return frozenset(words[-1] for words in ends if words)


_CONTRASTS: Final = _wordset(
    "old new upper lower north south east west little great inner outer front back"
)
"""A word the longer name adds that makes it another place ("Old City Hall" is not "City
Hall")."""


def _contained(a: _Named, b: _Named) -> bool:
    fewer, more = sorted((a.plain, b.plain), key=len)
    return len(fewer) >= 2 and fewer <= more


def _one_place(a: _Named, b: _Named) -> bool:
    if a.key is not None and a.key == b.key and a.words and b.words:
        return True
    if a.lat is None or a.lng is None or b.lat is None or b.lng is None:
        return False  # no position: only the same name makes one place
    if (a.plain ^ b.plain) & _CONTRASTS:
        return False  # "Old City Hall" and "City Hall"
    if a.heads & b.heads and haversine_km(a.lat, a.lng, b.lat, b.lng) <= HEAD_POINT_KM:
        return True  # "Atomic Bomb Dome" and "Hiroshima Peace Memorial (Genbaku Dome)", 8 m
    contained = _contained(a, b)
    if contained or (a.museum and b.museum):
        km = haversine_km(a.lat, a.lng, b.lat, b.lng)
        if (contained and km <= DUPLICATE_KM) or (a.museum and b.museum and km <= ONE_POINT_KM):
            return True
    if not a.words or not b.words:
        return False
    if not a.hints & b.hints:
        return False
    km = haversine_km(a.lat, a.lng, b.lat, b.lng)
    if km <= SAME_POINT_KM and {w for w in a.words if len(w) >= 4} & {
        w for w in b.words if len(w) >= 4
    }:
        return True
    reach = COARSE_KM if a.coarse or b.coarse else DUPLICATE_KM
    return km <= reach and _names_match(list(a.words), list(b.words))


ONE_POINT_KM: Final = 0.005
"""Two museums this close are one building listed twice."""
HEAD_POINT_KM: Final = 0.012
"""Two places this close whose names end in one word (a dome, a memorial, a gate; a qualifier's
last word counts) are one thing under two names, as two sources translate it ("Atomic Bomb
Dome", "Hiroshima Peace Memorial (Genbaku Dome)": panel half A t47)."""

_CELL: Final = 0.03
"""Degrees of a grid cell: wider than `COARSE_KM` in latitude and, below 60°, in longitude."""


_SPOT: Final = 0.001
"""Degrees of the grids two museums at one point (`ONE_POINT_KM`) share a cell of."""


def _museum_spots(lat: float, lng: float) -> list[str]:
    """Cells of two grids half a cell apart, per axis: two points `ONE_POINT_KM` apart (far
    less than a cell) cross a line of at most one grid per axis, so they share one of these."""
    ys = (f"f{math.floor(lat / _SPOT)}", f"r{round(lat / _SPOT)}")
    xs = (f"f{math.floor(lng / _SPOT)}", f"r{round(lng / _SPOT)}")
    return [f"museum:{y}:{x}" for y in ys for x in xs]


def _candidates(named: Sequence[_Named]) -> list[tuple[int | None, list[int]]]:
    """Entries that may be one place, by what `_one_place` needs them to share: a hint (any two
    of its holders), museums at one spot (`_museum_spots`), or the rarest plain word of a name
    of two words or more (that entry and the other holders: the shorter of two contained names
    holds all its words in the longer one's, its rarest too). Each as (the one entry or None,
    the entries)."""
    counts: dict[str, int] = {}
    for n in named:
        for w in n.plain:
            counts[w] = counts.get(w, 0) + 1
    by_token: dict[str, list[int]] = {}
    by_word: dict[str, list[int]] = {}
    for i, n in enumerate(named):
        for h in n.hints:
            by_token.setdefault(h, []).append(i)
        for w in n.plain:
            by_word.setdefault(w, []).append(i)
        if n.museum and n.lat is not None and n.lng is not None:
            for spot in _museum_spots(n.lat, n.lng):
                by_token.setdefault(spot, []).append(i)
        if n.heads and n.lat is not None and n.lng is not None:
            for spot in _museum_spots(n.lat, n.lng):
                for head in n.heads:
                    by_token.setdefault(f"head:{head}:{spot}", []).append(i)
    found: list[tuple[int | None, list[int]]] = [(None, g) for g in by_token.values() if len(g) > 1]
    for i, n in enumerate(named):
        if len(n.plain) >= 2:
            anchor = min(n.plain, key=lambda w: (counts[w], w))
            if counts[anchor] > 1:
                found.append((i, by_word[anchor]))
    return found


def _cell(n: _Named) -> tuple[int, int] | None:
    if n.lat is None or n.lng is None:
        return None
    return int(n.lat // _CELL), int(n.lng // _CELL)


def _pairs(named: Sequence[_Named]) -> dict[int, list[int]]:
    """For each entry, the later entries that may name its place: the same name's skeletons,
    or a point in a neighbouring grid cell that shares what `_candidates` asks."""
    by_key: dict[tuple[str, ...], list[int]] = {}
    for i, n in enumerate(named):
        if n.key is not None:
            by_key.setdefault(n.key, []).append(i)
    later: dict[int, set[int]] = {}
    for same in by_key.values():
        for x in same:
            later.setdefault(x, set()).update(y for y in same if y > x)
    cells = [_cell(n) for n in named]
    for hub, group in _candidates(named):
        by_cell: dict[tuple[int, int], list[int]] = {}
        for y in group:
            if (cy := cells[y]) is not None:
                by_cell.setdefault(cy, []).append(y)
        for x in group if hub is None else (hub,):
            if (cx := cells[x]) is None:
                continue
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    for y in by_cell.get((cx[0] + dr, cx[1] + dc), ()):
                        if y > x:
                            later.setdefault(x, set()).add(y)
                        elif y < x and hub is not None:
                            later.setdefault(y, set()).add(x)
    return {i: sorted(js) for i, js in later.items()}


def near_duplicates(
    places: Sequence[tuple[str, float | None, float | None, float]],
    kinds: Sequence[str] = (),
    city: str = "",
) -> set[int]:
    """Indexes of (name, lat, lng, notability) entries that name a place another entry names
    (see the module) and are the less notable of the two (ties: the later one; of two museums,
    the shorter name: "Royal Museum" goes, "National Museum of Scotland" stays). An entry with
    no position (lat, lng None) is one place with another only by the same name. `kinds`: each
    entry's kind when known (two museums at one point are one); `city`: the city's name, whose
    words a longer name may add."""
    drop: set[int] = set()
    kinds = list(kinds) or [""] * len(places)
    town = frozenset(_words(city))
    named = [_named(p[0], p[1], p[2], k, town) for p, k in zip(places, kinds, strict=True)]
    pairs = _pairs(named)
    for i, here in enumerate(places):
        if i in drop:
            continue
        for j in pairs.get(i, ()):
            if j in drop or not _one_place(named[i], named[j]):
                continue
            fuller = named[j].museum and len(named[j].plain) > len(named[i].plain)
            if places[j][3] > here[3] or (places[j][3] == here[3] and fuller):
                drop.add(i)
                break
            drop.add(j)
    return drop
