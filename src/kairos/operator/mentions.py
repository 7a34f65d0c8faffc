"""Where an operator's message says the restaurant is: a place's name, a street address or a
street, a ZIP, a city (`LocationMention`), in the order named, and the message as stored without
them (`redact`, ADR-015). Location text found here is only *text*: the geocoder decides what it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from kairos.signals.geocoding.cities import city_centres

__all__ = ["LocationMention", "is_street_number", "locations", "redact"]

_SUFFIX = (
    r"(?:st|street|ave|avenue|av|blvd|boulevard|rd|road|pl|place|way|dr|drive|ln|lane|sq|square"
    r"|pkwy|parkway|ct|court|ter|terrace|hwy|highway|row|plaza|broadway)"
)
_WORD = r"[A-Za-z0-9][\w'.&-]*"
_ADDRESS = re.compile(rf"\b\d{{1,5}}[a-z]?\s+(?:{_WORD}\s+){{0,4}}?{_SUFFIX}\b\.?", re.I)
_STREET = re.compile(rf"\b(?:on|along|off)\s+((?:{_WORD}\s+){{1,3}}?{_SUFFIX})\b\.?", re.I)
_STREET_OPENING = re.compile(
    rf"(?:^\s*|[,;]\s*|\s-\s*)((?:{_WORD}\s+){{1,2}}?(?:st|street|ave|avenue|av|blvd|boulevard"
    r"|rd|road|pkwy|parkway|hwy))\b\.?",
    re.I,
)
"""A street opening the message or a clause ("Columbus Ave, Boston", "Orinoco, Shawmut Ave"):
only the street words that are no common English word ("Different place" is not a street)."""
_ZIP = re.compile(r"\b(\d{5})\b(?!\s*(?:covers|guests|diners|people|customers))")
_NUMBER_THEN_WORD = re.compile(r"\d{1,5}[a-z]?\s+(?P<word>[A-Za-z][\w'-]*)")
_AFTER_COVERS: Final = frozenset(
    {"covers", "cover", "guests", "diners", "customers", "people", "heads", "seatings", "tables",
     "orders", "plates", "meals", "seats", "pax", "a", "an", "on", "in", "at", "per", "each",
     "every", "for", "most", "or", "and", "to", "ish", "max", "tops", "now", "usually",
     "normally", "typically", "these", "this", "that", "last", "my", "sorry", "but", "so", "not",
     "lately", "recently", "plus", "with", "over", "between", "from", "is", "was", "the",
     "tonight", "night", "nights", "nite", "day", "days", "daily", "week", "weeks", "weekend",
     "weekends", "weeknights", "weekdays", "lunch", "lunches", "dinner", "dinners", "brunch",
     "breakfast", "service", "services", "shift", "shifts", "friday", "fridays", "fri",
     "saturday", "saturdays", "sat", "sunday", "sundays", "sun", "monday", "mondays", "mon",
     "tuesday", "tuesdays", "tue", "tues", "wednesday", "wednesdays", "wed", "thursday",
     "thursdays", "thu", "thur", "thurs", "instead", "actually", "then", "if", "when", "i",
     "we", "it", "its", "it's", "there", "here", "like", "give", "ok", "okay", "thanks"}
)  # fmt: skip
"""Words that follow a number of covers said without "covers" ("at 200 on fridays", "130,
sorry", "75 my bad"); any other word after it is a street's name: "we're at 15 Beacon"."""
_NAMED = re.compile(
    r"\b(?i:we(?:'re| are)|i (?:run|own|manage)|my (?:restaurant|place|cafe|bar) is|our "
    r"(?:restaurant|place|cafe|bar) is|(?:restaurant|place|cafe|bar) (?:called|named)"
    r"|(?:we )?(?:just )?opened)\s+"
    r"(?i:called\s+|named\s+)?(?P<name>[A-Z0-9][\w'&.-]*(?:\s+(?:[A-Z0-9&][\w'&.-]*|of|the|de"
    r"|la)){0,5})"
)


_OPENING_NAME = re.compile(
    r"(?:^|[.!?;]\s+)\s*(?i:(?:hi|hey|hello|morning)\b[,!]?\s*(?:there\b[,!]?\s*)?"
    r"|(?:it'?s|this is)\s+)?"
    r"(?P<name>[A-Z][\w'&.+-]*(?:\s+(?:[A-Z&+][\w'&.+-]*|of|the|de|la)){0,4})"
)
"""A restaurant's name opening the message or a sentence, right before its address or street
("Fish Pier on East Broadway", "Neptune Oyster, 63 Salem St"): a name the catalog may lack."""
_NAME_GAP = re.compile(r"^\s*(?:,|\s-|\s–)?\s*(?:(?:on|at|off)\s+)?$", re.I)
_NOT_NAMES: Final = frozenset(
    {"hi", "hey", "hello", "different", "now", "ok", "okay", "so", "our", "we", "my", "the",
     "this", "that", "staffing", "what", "how", "i", "it", "is", "are", "we're", "i'm", "also",
     "and", "but", "new", "another", "same", "just", "only", "actually", "sorry", "near",
     "corner", "up", "down", "by", "next", "opposite", "across", "location", "restaurant"}
)  # fmt: skip


@lru_cache(maxsize=1)
def _city_word_pattern() -> re.Pattern[str]:
    names = sorted({a for c in city_centres() for a in c.aliases}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b", re.I)


@dataclass(frozen=True)
class LocationMention:
    """One location as the operator named it: a place's name, an address or street, a ZIP, a
    city — any of them, at least one."""

    name: str | None = None
    address: str | None = None
    zip: str | None = None
    city: str | None = None

    @property
    def text(self) -> str:
        return ", ".join(p for p in (self.name, self.address, self.zip, self.city) if p)

    @property
    def where(self) -> str | None:
        """The mention without the place's name (the address, ZIP and city)."""
        return ", ".join(p for p in (self.address, self.zip, self.city) if p) or None


_JOIN_GAP = re.compile(r"^[\s,'\u2019]*(?:(?:on|at|in|near|off|along|around)\s+)?$", re.I)


def locations(text: str, names: Sequence[tuple[int, int]] = ()) -> list[LocationMention]:
    """Locations in the order the operator named them. Parts next to each other ("Legal Sea
    Foods on Boylston St", "Atlantic Ave in Brooklyn") are one location. `names`: spans of the
    text that name a catalog place (found by the caller), read before anything else."""
    found: list[tuple[int, int, str, str]] = []

    def taken(start: int, end: int) -> bool:
        return any(s < end and start < e for s, e, _, _ in found)

    for start, end in names:
        if not taken(start, end):
            found.append((start, end, "name", text[start:end]))

    for match in _ADDRESS.finditer(text):
        start = max([match.start()] + [e for s, e, _, _ in found if s <= match.start() < e])
        if start > match.start():  # "5 Napkin Burger on Huntington Ave": the name's number
            street = _STREET.match(text, start - 1) or _STREET.match(text, start)
            if street is not None:
                found.append((street.start(1), street.end(1), "address", street.group(1)))
            continue
        found.append((match.start(), match.end(), "address", match.group(0).rstrip(".")))
    for pattern in (_STREET, _STREET_OPENING):
        for match in pattern.finditer(text):
            if not taken(match.start(1), match.end(1)):
                found.append((match.start(1), match.end(1), "address", match.group(1).rstrip(".")))
    for match in _ZIP.finditer(text):
        if not taken(match.start(), match.end()):
            found.append((match.start(), match.end(), "zip", match.group(1)))
    for match in _NAMED.finditer(text):
        name = match.group("name").strip(" .,'")
        if not taken(match.start("name"), match.end("name")) and len(name) >= 3:
            found.append((match.start("name"), match.start("name") + len(name), "name", name))
    for match in _OPENING_NAME.finditer(text):
        name = match.group("name").strip(" .,'")
        start, end = match.start("name"), match.start("name") + len(name)
        where = [s for s, _, part, _ in found if part in ("address", "zip") and s >= end]
        if (where and not taken(start, end) and _NAME_GAP.match(text[end:min(where)])
                and name.split()[0].lower() not in _NOT_NAMES
                and not _city_word_pattern().fullmatch(name)):  # fmt: skip
            found.append((start, end, "name", name))
    for match in _city_word_pattern().finditer(text):
        if not taken(match.start(), match.end()):
            found.append((match.start(), match.end(), "city", match.group(0)))
    found.sort()
    mentions: list[dict[str, str]] = []
    last_end = -1
    for start, end, part, value in found:
        current = mentions[-1] if mentions else None
        joins = (
            current is not None
            and part not in current
            and _JOIN_GAP.match(text[last_end:start]) is not None
            and not (part == "name" and ("address" in current or "zip" in current))
        )
        if part == "city" and not joins and not _standalone_city(text, start):
            continue
        if joins and current is not None:
            current[part] = value
        else:
            mentions.append({part: value})
        last_end = end
    return [LocationMention(**m) for m in _zip_of_the_named(mentions)][:3]


def _zip_of_the_named(mentions: list[dict[str, str]]) -> list[dict[str, str]]:
    """ "02128 - East Boston. Rincon Limeño on Chelsea St": a ZIP said on its own beside the one
    restaurant (or street) named is where that restaurant is, not a second location."""
    alone = [m for m in mentions if set(m) <= {"zip", "city"} and "zip" in m]
    named = [m for m in mentions if ("name" in m or "address" in m) and "zip" not in m]
    if len(alone) != 1 or len(named) != 1 or len(mentions) != 2:
        return mentions
    named[0].update({k: v for k, v in alone[0].items() if k not in named[0]})
    return named


def _standalone_city(text: str, start: int) -> bool:
    """A city alone counts as a location only after "in", "near" or "around"."""
    return re.search(r"\b(?:in|near|around)\s+$", text[:start], re.I) is not None


def is_street_number(text: str, at: int) -> bool:
    """The number at `at` opens an address: "350 Columbus Ave", or a street number before a
    street's name said without its suffix ("we're at 15 Beacon", "at 200 Boylston"), never
    covers (issue 36: a correction needs a covers word, or a number with a day or time)."""
    if _ADDRESS.match(text, at) is not None:
        return True
    said = _NUMBER_THEN_WORD.match(text, at)
    return said is not None and said.group("word").lower() not in _AFTER_COVERS


_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_PHONE = re.compile(r"(?<!\w)(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b")


def redact(text: str) -> str:
    """The message as stored in the transcript (ADR-015): no street address, e-mail address,
    phone number or ZIP code; the structured location lives in the session state instead."""
    text = _EMAIL.sub("[email]", text)
    text = _PHONE.sub("[phone]", text)
    text = _ADDRESS.sub("[address]", text)
    text = _STREET.sub(lambda m: m.group(0).replace(m.group(1), "[street]"), text)
    text = _STREET_OPENING.sub(lambda m: m.group(0).replace(m.group(1), "[street]"), text)
    return _ZIP.sub("[zip]", text)
