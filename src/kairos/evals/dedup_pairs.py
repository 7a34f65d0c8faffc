"""Labelled venue pairs from two Yelp releases of Boston, for `kairos eval dedup`.

Side A: the 2015 academic subset (`shared/data/yelp/boston_business.jsonl.gz`: name,
coordinates, a full street address with its ZIP). Side B: the newer release
(`restaurant_reviews/restaurants.jsonl.gz` Yelp rows + `yelp_restaurants_metadata.jsonl.gz`,
Massachusetts rows: name, coordinates, ZIP, no street). Different business-id schemes, so
nothing links them but what the venues look like.

Candidates: every A–B pair within `CANDIDATE_RADIUS_M`, plus every pair with the same name at
any distance (where a name-only rule would merge them).

Labels never look at the distance thresholds of the rule under test. Names agree by
`label_names_agree` (the words left after a long stop-list of filler words, a plural "s" or a
silent final "e" dropped — "Grille" / "Grill" —, one set inside the other or two thirds shared,
or the same letters once spaces are dropped). ZIPs agree when they are equal, when A's is a
2015 placeholder (02228 / 02293, which are not where the venues are), or when one listing's ZIP
is among the ZIPs of the `ZIP_NEIGHBOURS` side-B listings nearest the other listing's point (a
venue on a ZIP boundary, filed differently by the two releases; no distance threshold). A pair
is the same venue when its names and its ZIPs agree; when A gives no ZIP, when the name is not a
chain's and both names are the same words or the same letters.
Side B lists the whole state, so the same name in another ZIP kilometres away is, read by hand,
most often a second branch (Ten Tables in Jamaica Plain and Cambridge, Thinking Cup on Tremont,
Newbury and Hanover Streets) rather than a 2015 geocode kilometres off — which keeps its ZIP.
A name listed three or more times by B, or twice by A (a chain), needs more: the pair must also
be each other's nearest agreeing match (then the strongest name agreement; distance orders
branches, it is never a threshold). Hand labels
(`data/dedup_hand_labels.json`) then override the rule on pairs a person checked; that file says
how they were chosen.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from kairos.core.venue_identity import Venue, distance_m, name_key

__all__ = ["HAND_LABELS", "LabelledPair", "Listing", "labelled_pairs", "load_listings"]

CANDIDATE_RADIUS_M: Final = 300.0
CHAIN_LISTINGS: Final = 3
PLACEHOLDER_ZIPS: Final = frozenset({"02228", "02293"})
HAND_LABELS: Final = Path(__file__).parent / "data" / "dedup_hand_labels.json"
_ZIP = re.compile(r"\b(\d{5})\b")
_STOP: Final = frozenset(
    [
        "the",
        "and",
        "of",
        "a",
        "at",
        "on",
        "in",
        "s",
        "co",
        "inc",
        "llc",
        "restaurant",
        "restaurants",
        "ristorante",
        "resturant",
    ]
)
_CELL_DEG: Final = 0.004
_MAX_RINGS: Final = 12
ZIP_NEIGHBOURS: Final = 8


@dataclass(frozen=True, slots=True)
class Listing:
    id: str
    name: str
    lat: float
    lng: float
    zip: str | None
    address: str | None = None

    def venue(self, name_listings: int | None = None) -> Venue:
        """As the catalog would hold it: the address and postcode the source gave, and how
        many listings of the two sources carry the name."""
        return Venue(
            id=self.id, name=self.name, lat=self.lat, lng=self.lng, address=self.address,
            postcode=self.zip, name_listings=name_listings,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class LabelledPair:
    a: Listing
    b: Listing
    metres: float
    same: bool
    by_hand: bool


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    from kairos.ingest.adapters.jsonl import open_text

    with open_text(path) as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _find(folder: Path, name: str) -> Path:
    from kairos.ingest.adapters.jsonl import find_file

    return find_file(folder, name)


def load_listings(data_2015: Path, data_new: Path) -> tuple[list[Listing], list[Listing]]:
    side_a = []
    for row in _rows(_find(data_2015, "boston_business.jsonl")):
        address = " ".join(str(row.get("full_address") or "").split())
        zips = _ZIP.findall(address)
        if isinstance(row.get("latitude"), float) and isinstance(row.get("longitude"), float):
            side_a.append(
                Listing(
                    row["business_id"],
                    row["name"],
                    row["latitude"],
                    row["longitude"],
                    zips[-1] if zips else None,
                    address,
                )
            )
    side_b: dict[str, Listing] = {}
    rows = [
        r
        for r in _rows(_find(data_new, "restaurants.jsonl"))
        if r.get("source") == "yelp_boston_cambridge"
    ]
    rows += [
        r
        for r in _rows(_find(data_new, "yelp_restaurants_metadata.jsonl"))
        if r.get("state") == "MA"
    ]
    for row in rows:
        if isinstance(row.get("lat"), float) and isinstance(row.get("lng"), float):
            side_b.setdefault(
                row["restaurant_id"],
                Listing(
                    row["restaurant_id"],
                    row["name"],
                    row["lat"],
                    row["lng"],
                    row.get("postal_code"),
                ),
            )
    return side_a, sorted(side_b.values(), key=lambda listing: listing.id)


def _stem(word: str) -> str:
    """ "grille" == "grill", "thorntons" == "thornton": a plural or a silent final e."""
    word = word[:-1] if len(word) > 4 and word.endswith("s") else word
    return word[:-1] if len(word) > 4 and word.endswith("e") else word


def _words(name: str) -> frozenset[str]:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    text = text.replace("'", "").replace("\u2019", "").replace("&", " and ")
    return frozenset(_stem(w) for w in re.sub(r"[^a-z0-9]+", " ", text).split() if w not in _STOP)


def label_names_agree(a: str, b: str) -> float:
    """0 when the names disagree; else a strength (3 same words, 2 letters, 1.5 inside, 1)."""
    words_a, words_b = _words(a), _words(b)
    if words_a and words_a == words_b:
        return 3.0
    if name_key(a).replace(" ", "") == name_key(b).replace(" ", ""):
        return 2.0
    if not words_a or not words_b:
        return 0.0
    if words_a <= words_b or words_b <= words_a:
        return 1.5
    return 1.0 if len(words_a & words_b) / len(words_a | words_b) >= 2 / 3 else 0.0


def _candidates(side_a: list[Listing], side_b: list[Listing]) -> list[tuple[Listing, Listing]]:
    grid: dict[tuple[int, int], list[Listing]] = defaultdict(list)
    by_name: dict[str, list[Listing]] = defaultdict(list)
    for b in side_b:
        grid[(math.floor(b.lat / _CELL_DEG), math.floor(b.lng / _CELL_DEG))].append(b)
        by_name[name_key(b.name)].append(b)
    pairs: dict[tuple[str, str], tuple[Listing, Listing]] = {}
    for a in side_a:
        row, col = math.floor(a.lat / _CELL_DEG), math.floor(a.lng / _CELL_DEG)
        near = [
            b for dr in (-1, 0, 1) for dc in (-1, 0, 1) for b in grid.get((row + dr, col + dc), [])
        ]
        for b in near:
            if distance_m(a.lat, a.lng, b.lat, b.lng) <= CANDIDATE_RADIUS_M:
                pairs[(a.id, b.id)] = (a, b)
        for b in by_name.get(name_key(a.name), []) if name_key(a.name) else []:
            pairs[(a.id, b.id)] = (a, b)
    return [pairs[k] for k in sorted(pairs)]


class _ZipAreas:
    """Which ZIPs surround a point, read from side B's own listings (newer geocodes, each with
    its ZIP): the ZIPs of the `ZIP_NEIGHBOURS` listings nearest to it. A ZIP among them is one
    the point is in or on the edge of; no distance threshold is involved."""

    def __init__(self, side_b: list[Listing]) -> None:
        self._grid: dict[tuple[int, int], list[Listing]] = defaultdict(list)
        for b in side_b:
            if b.zip:
                self._grid[(math.floor(b.lat / _CELL_DEG), math.floor(b.lng / _CELL_DEG))].append(b)
        self._cache: dict[str, frozenset[str]] = {}

    def around(self, point: Listing) -> frozenset[str]:
        if point.id not in self._cache:
            row, col = math.floor(point.lat / _CELL_DEG), math.floor(point.lng / _CELL_DEG)
            found: list[Listing] = []
            ring = 0
            while ring <= _MAX_RINGS and len(found) < ZIP_NEIGHBOURS:
                found = [
                    b
                    for dr in range(-ring - 1, ring + 2)
                    for dc in range(-ring - 1, ring + 2)
                    for b in self._grid.get((row + dr, col + dc), [])
                    if b.id != point.id
                ]
                ring += 1
            found.sort(key=lambda b: (distance_m(point.lat, point.lng, b.lat, b.lng), b.id))
            self._cache[point.id] = frozenset(b.zip for b in found[:ZIP_NEIGHBOURS] if b.zip)
        return self._cache[point.id]


def _hand_labels(path: Path) -> dict[tuple[str, str], bool]:
    if not path.is_file():
        return {}
    data = json.loads(path.read_text())
    return {(p["a"], p["b"]): bool(p["same"]) for p in data["pairs"]}


def labelled_pairs(
    side_a: list[Listing], side_b: list[Listing], hand_labels: Path = HAND_LABELS
) -> list[LabelledPair]:
    candidates = _candidates(side_a, side_b)
    chains = {
        n for n, c in Counter(name_key(b.name) for b in side_b).items() if c >= CHAIN_LISTINGS
    }
    chains |= {n for n, c in Counter(name_key(a.name) for a in side_a).items() if c >= 2}
    areas = _ZipAreas(side_b)
    agreeing: dict[tuple[str, str], tuple[float, float]] = {}
    for a, b in candidates:
        strength = label_names_agree(a.name, b.name)
        if not strength:
            continue
        chain = name_key(a.name) in chains or name_key(b.name) in chains
        metres = distance_m(a.lat, a.lng, b.lat, b.lng)
        if a.zip is None:
            zips = strength >= 2 and not chain
        else:
            zips = (
                a.zip == b.zip
                or a.zip in PLACEHOLDER_ZIPS
                or a.zip in areas.around(b)
                or (b.zip is not None and b.zip in areas.around(a))
            )
        if zips:
            agreeing[(a.id, b.id)] = (metres, -strength) if chain else (-strength, metres)
    best_a: dict[str, tuple[tuple[float, float], str]] = {}
    best_b: dict[str, tuple[tuple[float, float], str]] = {}
    for (a_id, b_id), key in agreeing.items():
        if a_id not in best_a or (key, b_id) < best_a[a_id]:
            best_a[a_id] = (key, b_id)
        if b_id not in best_b or (key, a_id) < best_b[b_id]:
            best_b[b_id] = (key, a_id)
    hand = _hand_labels(hand_labels)
    out = []
    for a, b in candidates:
        same = (a.id, b.id) in agreeing
        if same and (name_key(a.name) in chains or name_key(b.name) in chains):
            same = best_a[a.id][1] == b.id and best_b[b.id][1] == a.id
        by_hand = (a.id, b.id) in hand
        out.append(
            LabelledPair(
                a,
                b,
                distance_m(a.lat, a.lng, b.lat, b.lng),
                hand[(a.id, b.id)] if by_hand else same,
                by_hand,
            )
        )
    return out
