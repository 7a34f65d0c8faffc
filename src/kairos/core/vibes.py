"""Vibes, spelled once: the name stored in a profile, what people write, how it reads, and the
review aspect that measures it.

Every part of Kairos speaks of a vibe by its `name` here: the parser produces it, preferences
store it, the place tags and the fit scorer compare it, the radar and the composite weigh its
`axis`, and messages show its `label`. "date night" is one of the ways of saying `romantic`,
so a date-night request and a place known for romance meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["VIBES", "Vibe", "canonical_vibe", "vibe_label"]


@dataclass(frozen=True, slots=True)
class Vibe:
    name: str
    label: str
    """How a sentence names it: "quiet", "family-friendly", "outdoor seating"."""
    known_for: str
    """The end of "Known for …" on a card."""
    phrases: tuple[str, ...]
    """Lower case, no accents, hyphens as spaces: what a message says."""
    aspect: str | None = None
    """The review aspect (text/aspects) whose score earns a place this vibe, if any."""
    inverse: bool = False
    """The vibe is a *low* score of `aspect` (lively = low quietness)."""
    axis: str | None = None
    """The radar axis a request for this vibe weighs more, if one measures it."""
    describes: str = ""
    """How a request phrase says it around "places": "family-friendly" before, "with outdoor
    seating" after (a leading "with" puts it after); empty = the label, before."""
    evidence: str = ""
    """The end of "no place shows evidence of …"; empty = `known_for`."""


def _p(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())


_VIBES: Final = (
    Vibe(
        "romantic", "romantic", "romance",
        _p("romantic, romance, intimate, candlelit, candle lit, anniversary, valentine, "
           "valentines, valentine's, date, date night, first date, dinner date"),
        aspect="romance", axis="romance", evidence="being romantic",
    ),
    Vibe(
        "quiet", "quiet", "being quiet",
        _p("quiet, calm, peaceful, tranquil, hear each other, quieter"),
        aspect="noise_level", axis="noise_level",
    ),
    Vibe(
        "lively", "lively", "a lively room",
        _p("lively, buzzy, buzzing, vibrant, energetic, fun, party, happening, bustling, "
           "good vibes, great vibes"),
        aspect="noise_level", inverse=True,
    ),
    Vibe("cozy", "cozy", "a cozy room", _p("cozy, cosy, snug, homely, warm atmosphere")),
    Vibe(
        "family_friendly", "family-friendly", "being family-friendly",
        _p("family, families, kid, kids, kiddos, children, child, toddler, toddlers, baby, "
           "stroller, pram, high chair, kid friendly, family friendly, child friendly, "
           "kids menu, good with kids"),
        aspect="kid_friendly",
    ),
    Vibe(
        "group", "good for groups", "groups",
        _p("group, big group, large group, team, team lunch, team dinner, office party, "
           "colleagues, coworkers, the gang, whole gang, good for groups"),
        aspect="group_friendly", evidence="suiting groups", describes="group-friendly",
    ),
    Vibe(
        "outdoor", "outdoor seating", "outdoor seating",
        _p("outdoor, outdoors, outside, patio, terrace, al fresco, alfresco, garden, "
           "sidewalk seating, outdoor seating"),
        describes="with outdoor seating",
    ),
    Vibe("rooftop", "rooftop", "a rooftop", _p("rooftop, roof top, roof terrace, roof deck")),
    Vibe(
        "trendy", "trendy", "being trendy",
        _p("trendy, hip, hipster, instagrammable, stylish, chic, cool vibe"),
        aspect="trendy",
    ),
    Vibe(
        "casual", "casual", "a casual feel",
        _p("casual, laid back, relaxed, chill, low key, lowkey, no frills, informal, "
           "unpretentious"),
        aspect="casual",
    ),
    Vibe(
        "upscale", "upscale", "fine dining",
        _p("upscale, fancy, classy, elegant, fine dining, posh, high end, luxury, luxurious, "
           "sophisticated, swanky"),
        aspect="classy",
    ),
    Vibe(
        "late_night", "open late", "late hours",
        _p("late night, open late, late dinner, after midnight, midnight, late night food, "
           "open till late, till late"),
        evidence="opening late", describes="late-night",
    ),
    Vibe(
        "business", "good for business", "business meals",
        _p("business, client, clients, work lunch, work dinner, business lunch, "
           "business dinner, meeting"),
        evidence="suiting business meals", describes="business-friendly",
    ),
    Vibe(
        "live_music", "live music", "live music", _p("live music, live band, jazz, band, dj"),
        describes="with live music",
    ),
    Vibe(
        "view", "a view", "its view",
        _p("view, views, sunset, waterfront, skyline, harbour view, harbor view, sea view, "
           "with a view"),
        evidence="a view", describes="with a view",
    ),
    Vibe(
        "dog_friendly", "dog-friendly", "welcoming dogs",
        _p("dog friendly, dogs allowed, dogs welcome, dog welcome, pet friendly, pets allowed, "
           "pets welcome, with my dog, with our dog, with the dog, bring my dog, bring our dog, "
           "bring the dog"),
        evidence="welcoming dogs",
    ),
    Vibe(
        "work_friendly", "good to work from", "working from",
        _p("work from, to work from, working from, laptop, laptop friendly, wifi, wi fi, "
           "free wifi, free wi fi, wifi access, "
           "remote work, study, studying"),
        evidence="being good to work from", describes="work-friendly",
    ),
)  # fmt: skip

VIBES: Final[dict[str, Vibe]] = {v.name: v for v in _VIBES}
_BY_PHRASE: Final[dict[str, str]] = {
    **{v.name.replace("_", " "): v.name for v in _VIBES},
    **{v.label: v.name for v in _VIBES},
    **{p: v.name for v in _VIBES for p in v.phrases},
}


def canonical_vibe(value: str) -> str | None:
    """The vibe a stored or typed value means ("date night" → romantic), or None."""
    key = " ".join(value.lower().replace("-", " ").replace("_", " ").split())
    return _BY_PHRASE.get(key)


def vibe_label(name: str) -> str:
    """How a sentence names a vibe; unknown names lose their underscores."""
    vibe = VIBES.get(name)
    return vibe.label if vibe else name.replace("_", " ")
