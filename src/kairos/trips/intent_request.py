"""Query normalisation (seed 003, stage 1): raw text + structured filters → one `IntentRequest`.

Words in the text fill the filters the caller left empty: an explicit structured filter always
wins over what the text says. Dates come from the shared reader (`text/query/when.py`), cities
from the catalog's city centres, everything else from `data/intent_cues.toml`.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Final, Literal

from pydantic import BaseModel, Field
from rapidfuzz.distance import DamerauLevenshtein

from kairos.errors import InvalidInput
from kairos.signals.geocoding.cities import city_centres, find_city
from kairos.text.query.when import extract_when
from kairos.trips.intent_cues import cues, tokens
from kairos.trips.intent_dates import negated_mode, said_dates
from kairos.trips.kind_groups import groups_named

__all__ = [
    "SUPPORTED_LOCALES",
    "Budget",
    "Channel",
    "IntentFilters",
    "IntentRequest",
    "Near",
    "normalise",
    "text_filters",
]

Budget = Literal["free", "low", "medium", "high"]
PaceName = Literal["relaxed", "moderate", "packed"]
ModeName = Literal["walk", "transit", "drive"]
Channel = Literal["web", "mobile", "system_recommendation"]

SUPPORTED_LOCALES: Final = frozenset({"en"})
"""Languages the cue tables are written in; any other locale runs the English pipeline."""
MAX_TEXT: Final = 2000
EMPTY_MESSAGE: Final = (
    "Type what you would like, e.g. '3 days in Delhi next week', 'make day 2 more relaxed' or "
    "'what time does Humayun's Tomb open?', or choose a city or dates."
)


class Near(BaseModel):
    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)
    radius_km: float = Field(gt=0, le=500)


class IntentFilters(BaseModel):
    """The seed's canonical filter map: geo, tags, date range, budget, and the trip's manner."""

    city: str | None = None
    near: Near | None = None
    tags: list[str] = []
    start: date | None = None
    end: date | None = None
    days: int | None = Field(default=None, ge=1, le=60)
    budget: Budget | None = None
    pace: PaceName | None = None
    mode: ModeName | None = None
    accessibility: list[str] = []
    companions: list[str] = []
    free_days: list[int] = Field(default=[], description="days (1-based) the traveller keeps free")


class IntentRequest(BaseModel):
    raw_text: str
    profile_id: str
    trip_id: str | None = None
    filters: IntentFilters
    channel: Channel = "web"
    locale: str = "en"
    locale_fallback: bool = False
    """The locale is not one the cue tables cover; the English pipeline read the text."""
    today: date
    """The reference day the text's dates were resolved against."""
    text_filters: IntentFilters
    """What the text alone said, before the structured filters were merged in."""


_UNKNOWN_CITY: Final = re.compile(
    r"(?:\b(?:in|to|around|visit|visiting|for|from)\s+|:\s*|^)"
    r"(?P<city>[A-Z][a-zA-Z\u00c0-\u017f'.-]+(?:\s+[A-Z][a-zA-Z\u00c0-\u017f'.-]+){0,2})"
    r"(?=\s*(?:,|\.|\?|!|$|\s+(?:\d|for|in|on|with|by|next|this|from|over|during|and)\b))"
)
_NOT_CITIES: Final = frozenset(
    {"i", "im", "we", "plan", "suggest", "show", "find", "help", "what", "where", "any", "is",
     "can", "could", "the", "a", "my", "our", "tell", "how", "when", "day", "days", "ideas",
     "hey", "hi", "please", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
     "sunday", "january", "february", "march", "april", "may", "june", "july", "august",
     "september", "october", "november", "december", "christmas", "easter", "nepal", "india",
     "canada", "usa", "us", "america"}
)  # fmt: skip
TYPO_CITY_LENGTH: Final = 5
"""A city name is read through one slip from five letters on ("tokio" is Tokyo; "Rome" is not
"Nome")."""
_WITHIN: Final = re.compile(r"\bwithin\s+(\d+(?:\.\d+)?)\s*(?:km|kilomet(?:re|er)s?)\b", re.I)


_LEADING_CITY: Final = re.compile(
    r"^\s*(?P<city>[a-z\u00c0-\u017f][a-z\u00c0-\u017f'.-]+(?:\s+[a-z\u00c0-\u017f][a-z\u00c0-\u017f'.-]+)?)"
    r"(?=\s*,|\s+(?:(?:a\s+|one\s+)?day\s+trip|for\s+(?:a|one|\d+|two|three|four|five)\b"
    r"|\d+\s*(?:days?|nights?)\b|(?:a\s+|this\s+|next\s+)?(?:long\s+)?weekend\b|in\s+\d))",
    re.I,
)
"""A name the message opens with, in any case, before what the trip is ("hiroshima day trip",
"porto for a day", "lisbon, 2 days"): where travellers write the city first."""
_AFTER_TO: Final = re.compile(
    r"\b(?:in|to|visit|visiting|around)\s+(?P<city>[a-z\u00c0-\u017f][a-z\u00c0-\u017f'-]{2,})"
    r"(?=\s*(?:,|\.|!|\?|$)|\s+(?:for\s+(?:a|one|\d+)\b|\d+\s*days?\b|this\b|next\b))",
)
"""One lower-case word after "to", "in", … at a clause's end or before the trip's length
("a day trip to hiroshima", "3 days in porto, food"): a city written as people type it."""


def _unknown_city(text: str) -> str | None:
    """A place name the catalog's centres do not know: a capitalised name after "in", "to", …,
    or a name of any case the message opens with before the trip's length; never a word the
    cue tables read as something else ("museums for 2 days")."""
    for match in _UNKNOWN_CITY.finditer(text):
        name = match.group("city").strip(" .,'")
        first = name.split()[0].lower().replace("'", "")
        if first not in _NOT_CITIES and find_city(name) is None:
            return name
    known = cues().vocabulary | _NOT_CITIES
    found = [lead.group("city")] if (lead := _LEADING_CITY.match(text)) else []
    found += [m.group("city") for m in _AFTER_TO.finditer(text)]
    for name in found:
        said = name.strip(" .,'").split()
        if said and not any(w.lower().replace("'", "") in known for w in said):
            return " ".join(w[:1].upper() + w[1:] for w in said)
    return None


def _known_spelling(name: str) -> str:
    """A city name one letter off a city the centres know ("tokio", "Edinbrugh") is that
    city; any other name is kept as written."""
    said = name.lower()
    if len(said) >= TYPO_CITY_LENGTH:
        for city in city_centres():
            if any(
                abs(len(a) - len(said)) <= 1 and DamerauLevenshtein.distance(said, a) <= 1
                for a in city.aliases
            ):
                return city.name
    return name


_FREE_DAY: Final = re.compile(
    r"\b(?:keep|leave)?\s*day\s+(\d{1,2})\s+(?:free|off|open|empty|to\s+(?:rest|ourselves|myself))\b"
    r"|\bfree\s+day\s+on\s+day\s+(\d{1,2})\b|\bnothing\s+(?:planned\s+)?on\s+day\s+(\d{1,2})\b",
    re.I,
)


def free_days_said(text: str) -> list[int]:
    """ "4 days in Singapore, day 3 free": the days the traveller keeps free, 1-based."""
    said = {int(next(g for g in m.groups() if g)) for m in _FREE_DAY.finditer(text)}
    return sorted(d for d in said if 1 <= d <= 14)


def text_filters(text: str, today: date) -> IntentFilters:
    """The filters a message states in words; nothing guessed that it does not say."""
    words = tokens(text)
    table = cues()
    city_hits = table.cities.find(words)
    city = city_hits[0].value if city_hits else _unknown_city(text)
    if not city_hits and city is not None:
        city = _known_spelling(city)
    found: dict[str, list[str]] = {}
    for hit in table.filters.find(words):
        group, value = hit.value.split(":", 1)
        if value not in found.setdefault(group, []):
            found[group].append(value)
    tags: list[str] = []
    for hit in table.category.find(words):
        if hit.value not in tags:
            tags.append(hit.value)
    tags += [g for g in groups_named(" ".join(words)) if g not in tags]  # "outdoors", "nature"
    when, _duration, _spans = extract_when(" ".join(words), today)
    start = when.start if when else None
    end = when.end if when else None
    days = when.days if when else None
    said = said_dates(text, today, start, end, days)
    start, end, days = said.start, said.end, said.days
    if start is not None and end is None and days:
        end = start + timedelta(days=days - 1)
    mode = _first(found.get("mode"))
    if (refused := negated_mode(text)) is not None and mode in (None, refused):
        mode = "transit"  # "we don't walk much", "no car": not that mode
    near = None
    if (within := _WITHIN.search(text)) and (centre := find_city(city)) is not None:
        near = Near(lat=centre.lat, lng=centre.lng, radius_km=float(within.group(1)))
    return IntentFilters(
        city=city,
        near=near,
        tags=tags,
        start=start,
        end=end,
        days=days if days is None else min(days, 60),
        budget=_first(found.get("budget")),
        pace=_first(found.get("pace")),
        mode=mode,
        accessibility=found.get("accessibility", []),
        companions=found.get("companions", []),
        free_days=free_days_said(text),
    )


def _first(values: list[str] | None) -> str | None:
    return values[0] if values else None


def _merge(explicit: IntentFilters | None, said: IntentFilters) -> IntentFilters:
    """Structured filters the caller set win; the text fills the rest (lists are joined)."""
    if explicit is None:
        return said
    given = explicit.model_dump(exclude_unset=True, exclude_defaults=True)
    merged = said.model_dump()
    for key, value in given.items():
        if isinstance(value, list):
            merged[key] = list(dict.fromkeys([*value, *merged[key]]))
        else:
            merged[key] = value
    if "start" in given or "end" in given or "days" in given:
        # dates are one decision: do not mix the caller's start with the text's length
        for key in ("start", "end", "days"):
            merged[key] = given.get(key)
    return IntentFilters.model_validate(merged)


def _has_filters(filters: IntentFilters | None) -> bool:
    return filters is not None and bool(filters.model_dump(exclude_defaults=True))


def normalise(
    raw_text: str,
    *,
    profile_id: str,
    trip_id: str | None = None,
    filters: IntentFilters | None = None,
    channel: Channel = "web",
    locale: str = "en",
    today: date,
) -> IntentRequest:
    """One `IntentRequest`; `InvalidInput` (a 422) for an empty message with no filters."""
    text = " ".join((raw_text or "").split())
    if not text and not _has_filters(filters):
        raise InvalidInput(f"The message is empty. {EMPTY_MESSAGE}")
    if len(text) > MAX_TEXT:
        raise InvalidInput(f"The message is {len(text)} characters long; keep it under {MAX_TEXT}.")
    language = (locale or "en").replace("_", "-").split("-", 1)[0].lower()
    said = text_filters(text, today) if text else IntentFilters()
    return IntentRequest(
        raw_text=raw_text,
        profile_id=profile_id,
        trip_id=trip_id,
        filters=_merge(filters, said),
        channel=channel,
        locale=locale or "en",
        locale_fallback=language not in SUPPORTED_LOCALES,
        today=today,
        text_filters=said,
    )
