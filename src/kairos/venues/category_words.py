"""What a group calls a kind of food that the catalogue's sources spell otherwise (issue 38).

`venues/data/category_words.toml` lists, per food, the phrases people type and every catalogue
spelling of it ("bbq" → Barbeque, BBQ, Barbecue, Smokehouse), so that a cuisine asked in a
covered city reaches the places filed under another source's name for it, rather than being
answered "none" with alternatives of other kinds (plans panel: Austin barbecue for 35 was told
there was no BBQ in Austin, which files 194 places as "Barbeque"). The reader keeps only the
spellings the catalogue holds.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

__all__ = ["category_spellings"]


@cache
def category_spellings() -> dict[str, tuple[str, ...]]:
    """Phrase → every catalogue category that files the food it names."""
    raw = resources.files("kairos.venues").joinpath("data/category_words.toml").read_text("utf-8")
    table = tomllib.loads(raw)
    spellings: dict[str, tuple[str, ...]] = {}
    for entry in table.values():
        categories = tuple(str(c) for c in entry["categories"])
        for phrase in entry["say"]:
            if phrase in spellings:
                raise ValueError(f"category_words.toml says {phrase!r} twice")
            spellings[str(phrase)] = categories
    return spellings
