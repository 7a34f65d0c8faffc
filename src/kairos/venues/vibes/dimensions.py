"""The 52 vibe dimensions of the venue planner, read once from `venues/data/vibes.toml`.

A dimension's `index` is its position in every stored vibe vector and in the heatmap's
`vibe_index`; its `name` is the one spelling of the idea (the same as `kairos.core.vibes` where
the idea is the same). `match_vibe` reads a request the way the commander does: whole words and
phrases only, so "dive" in "dive bar" counts and "hot dogs" is never a dog-friendly request.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

__all__ = [
    "VIBE_COUNT",
    "VIBE_DIMENSIONS",
    "YELP_AMBIENCE",
    "VibeDimension",
    "match_vibe",
    "normalise",
    "vibe_index",
    "vibes_file_bytes",
]

VIBE_COUNT: Final = 52
_NON_WORD = re.compile(r"[^a-z0-9']+")


@dataclass(frozen=True, slots=True)
class VibeDimension:
    index: int
    name: str
    label: str
    description: str
    phrases: tuple[str, ...]
    """What people write; matched as whole words in requests and counted in reviews."""
    cues: tuple[str, ...]
    """Further words reviews use for it; never read in a request."""
    prototypes: tuple[str, ...]
    """Sentences a review with this vibe might hold (with the description: its prototype)."""
    yelp: str | None = None
    """The key of Yelp's `attributes.Ambience` that labels the same idea, if any."""


def normalise(text: str) -> str:
    """Lower case, accents and punctuation gone, hyphens as spaces, single spaces, padded."""
    plain = text.lower()
    if not plain.isascii():
        folded = unicodedata.normalize("NFKD", plain)
        plain = "".join(c for c in folded if not unicodedata.combining(c)).replace("’", "'")
    return " " + " ".join(_NON_WORD.sub(" ", plain).split()) + " "


def vibes_file_bytes() -> bytes:
    return resources.files("kairos.venues").joinpath("data/vibes.toml").read_bytes()


def _words(values: object, where: str) -> tuple[str, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ValueError(f"{where} must be a list of strings")
    return tuple(normalise(v).strip() for v in values)


@cache
def _load() -> tuple[VibeDimension, ...]:
    rows = tomllib.loads(vibes_file_bytes().decode("utf-8"))["vibe"]
    dims = []
    for row in rows:
        name = str(row["name"])
        dims.append(
            VibeDimension(
                index=int(row["index"]),
                name=name,
                label=str(row["label"]),
                description=str(row["description"]),
                phrases=_words(row["phrases"], f"{name}.phrases"),
                cues=_words(row.get("cues", []), f"{name}.cues"),
                prototypes=tuple(str(p) for p in row["prototypes"]),
                yelp=row.get("yelp"),
            )
        )
    dims.sort(key=lambda d: d.index)
    if [d.index for d in dims] != list(range(VIBE_COUNT)):
        raise ValueError(f"vibes.toml must number its {VIBE_COUNT} dimensions 0..{VIBE_COUNT - 1}")
    if len({d.name for d in dims}) != VIBE_COUNT:
        raise ValueError("vibes.toml names a dimension twice")
    return tuple(dims)


VIBE_DIMENSIONS: Final[tuple[VibeDimension, ...]] = _load()
YELP_AMBIENCE: Final[dict[str, VibeDimension]] = {d.yelp: d for d in VIBE_DIMENSIONS if d.yelp}
_BY_NAME: Final = {d.name: d for d in VIBE_DIMENSIONS}


def _phrase_table() -> dict[str, VibeDimension]:
    table: dict[str, VibeDimension] = {}
    for d in VIBE_DIMENSIONS:
        for phrase in (normalise(d.name).strip(), normalise(d.label).strip(), *d.phrases):
            owner = table.setdefault(phrase, d)
            if owner is not d:
                raise ValueError(f"the phrase {phrase!r} names both {owner.name} and {d.name}")
    return table


_BY_PHRASE: Final = _phrase_table()
_LONGEST_FIRST: Final = sorted(_BY_PHRASE, key=lambda p: (-len(p.split()), -len(p), p))


def vibe_index(name: str) -> int:
    """The position of a dimension in the vector; `name` may be any spelling of it."""
    found = _BY_NAME.get(name) or _BY_PHRASE.get(normalise(name).strip())
    if found is None:
        raise KeyError(f"unknown vibe {name!r}")
    return found.index


def match_vibe(text: str) -> VibeDimension | None:
    """The dimension a text asks for: its longest whole phrase wins, then the earliest one."""
    padded = normalise(text)
    best: tuple[int, int, int] | None = None
    chosen: VibeDimension | None = None
    for phrase in _LONGEST_FIRST:
        at = padded.find(f" {phrase} ")
        if at < 0:
            continue
        key = (-len(phrase.split()), at, _BY_PHRASE[phrase].index)
        if best is None or key < best:
            best, chosen = key, _BY_PHRASE[phrase]
    return chosen
