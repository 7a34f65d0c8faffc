"""Interests the city cannot serve, said plainly: a request's words that name a kind of place
("zoo", "aquarium", "beach", "theme park", "temples") matched against the trip's candidates.

A kind with no candidate whose name, category or kind names it is a gap, said in the trip's
notes ("Kairos knows no zoo in Singapore"), with the places Kairos does know of the same family
when it knows some ("the animal places it knows: Night Safari, ..."). Names are read with
accents folded, and a temple or a shrine may be named in its country's words (Senso-ji,
Kiyomizu-dera, Meiji-jingu, a mandir, a gompa). Words are matched whole,
longest phrase first, and a word serves one phrase only ("theme park" is not also "park").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from kairos.trips.models import Candidate
from kairos.trips.retrieval_rules import kind_said

__all__ = ["PlaceKind", "interest_gaps", "kinds_asked"]


@dataclass(frozen=True, slots=True)
class PlaceKind:
    label: str
    """As the traveller reads it: 'zoo', 'theme park'."""
    asked_by: tuple[str, ...]
    """Words of a request that ask for it (whole words or phrases)."""
    named_by: tuple[str, ...]
    """Words of a place's name, category or kind that make it one."""
    family: str = ""
    """The kinds a traveller may take instead, said as 'the {family} it knows'."""


_ANIMAL = (
    "zoo",
    "safari",
    "aquarium",
    "bird park",
    "birds",
    "wildlife",
    "farm",
    "animal",
    "animals",
    "reptile",
    "butterfly",
    "marine",
    "oceanarium",
    "petting",
)
_WORSHIP = (
    "temple",
    "church",
    "cathedral",
    "mosque",
    "masjid",
    "shrine",
    "synagogue",
    "monastery",
    "pagoda",
    "stupa",
    "gurdwara",
    "basilica",
    *("ji", "dera", "tera", "jinja", "jingu", "taisha", "mandir", "gompa", "vihara", "wat"),
    "chapel",
    "religious_site",
)
_RIDES = (
    "theme park",
    "amusement park",
    "water park",
    "waterpark",
    "fun park",
    "funfair",
    "disneyland",
    "universal studios",
    "legoland",
)

KINDS: Final[tuple[PlaceKind, ...]] = (
    PlaceKind("zoo", ("zoo", "zoos"), ("zoo", "zoological"), "animal places"),
    PlaceKind(
        "aquarium",
        ("aquarium", "aquariums"),
        ("aquarium", "oceanarium", "sea life"),
        "animal places",
    ),
    PlaceKind("safari park", ("safari", "safari park"), ("safari",), "animal places"),
    PlaceKind(
        "bird park",
        ("bird park", "bird parks", "aviary"),
        ("bird", "birds", "aviary"),
        "animal places",
    ),
    PlaceKind("place with animals", ("animals", "animal", "wildlife"), _ANIMAL),
    PlaceKind(
        "theme park",
        (
            "theme park",
            "theme parks",
            "amusement park",
            "amusement parks",
            "water park",
            "waterpark",
            "rides",
        ),
        _RIDES,
    ),
    PlaceKind("beach", ("beach", "beaches"), ("beach", "beaches", "seaside"), "outdoor places"),
    PlaceKind("museum", ("museum", "museums"), ("museum", "museums")),
    PlaceKind(
        "art gallery", ("gallery", "galleries", "art gallery"), ("gallery", "galleries", "art")
    ),
    PlaceKind(
        "temple",
        ("temple", "temples"),
        # a temple in the words of its country: Senso-ji, Kiyomizu-dera, a mandir, a gompa
        ("temple", "pagoda", "stupa", "wat", "ji", "dera", "tera", "mandir", "gompa", "vihara"),
        "places of worship",
    ),
    PlaceKind(
        "church",
        ("church", "churches", "cathedral", "cathedrals"),
        ("church", "cathedral", "basilica", "chapel", "kirk"),
        "places of worship",
    ),
    PlaceKind("mosque", ("mosque", "mosques"), ("mosque", "masjid"), "places of worship"),
    PlaceKind(
        "castle",
        ("castle", "castles", "palace", "palaces", "fort", "forts"),
        ("castle", "palace", "fort", "fortress", "citadel"),
    ),
    PlaceKind(
        "science centre",
        ("science centre", "science center", "science museum", "planetarium"),
        ("science", "planetarium", "discovery centre", "discovery center"),
    ),
    PlaceKind(
        "garden",
        ("garden", "gardens", "botanic garden", "botanical garden"),
        ("garden", "gardens", "botanic", "botanical"),
        "outdoor places",
    ),
    PlaceKind(
        "food market",
        (
            "food market",
            "food markets",
            "food hall",
            "food halls",
            "hawker centre",
            "hawker centres",
            "hawker",
            "hawkers",
            "street food",
            "night market",
            "night markets",
        ),
        # a place to eat that is a market, hawker centre or food court (`place_rows.FOOD_KIND`)
        ("food market",),
    ),
    PlaceKind("market", ("market", "markets", "bazaar"), ("market", "bazaar", "souk")),
    PlaceKind("waterfall", ("waterfall", "waterfalls"), ("waterfall", "falls"), "outdoor places"),
)
_FAMILIES: Final = {
    "animal places": _ANIMAL,
    "places of worship": _WORSHIP,
    "outdoor places": ("park", "garden", "gardens", "beach", "nature", "reserve", "falls"),
}


def _plain(text: str) -> str:
    """Lower-case words, accents folded (Meiji-jingū reads "meiji jingu")."""
    folded = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return " " + " ".join(re.findall(r"[a-z0-9_]+", folded)) + " "


def _names(text: str, words: Iterable[str]) -> bool:
    return any(f" {w} " in text for w in words)


def kinds_asked(interests: str) -> list[PlaceKind]:
    """The kinds of place the request's words name, in the order of `KINDS`."""
    text, asked = _plain(interests), []
    phrases = sorted(((w, k) for k in KINDS for w in k.asked_by), key=lambda p: -len(p[0]))
    for phrase, kind in phrases:
        if f" {phrase} " in text:
            text = text.replace(f" {phrase} ", " | ")
            if kind not in asked:
                asked.append(kind)
    return sorted(asked, key=KINDS.index)


def _about(c: Candidate) -> str:
    return _plain(f"{c.name} {c.category or ''} {c.kind}")


def interest_gaps(interests: str, city: str, candidates: Sequence[Candidate]) -> list[str]:
    """A note per kind of place asked for that no candidate of the city is."""
    about = [(c, _about(c)) for c in candidates]
    notes = []
    for kind in kinds_asked(interests):
        if any(_names(text, kind.named_by) or kind_said(kind.label, c.name) for c, text in about):
            continue
        note = f"Kairos knows no {kind.label} in {city}"
        family = _FAMILIES.get(kind.family, ())
        known = list(dict.fromkeys(c.name for c, text in about if _names(text, family)))
        if known:
            shown = ", ".join(known[:4]) + (f" and {len(known) - 4} more" if len(known) > 4 else "")
            note += f"; the {kind.family} it knows: {shown}"
        notes.append(note + ".")
    return notes
