"""What an operator's message says: the card it is about, locations, a covers baseline, a time
window, a competitor, and what kind of turn it is (a question, why, what-if, a correction, an
answer to the scope question, a refresh, a request for the evidence).

Rules over whole words, deterministic (ADR-002); the time window comes from the shared reader
(`text/query/when.py`). Location text found here is only *text*: the geocoder decides what it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Final, Literal

from kairos.operator.baselines import Baseline, read_baseline, read_more_covers
from kairos.operator.schemas import Card, Daypart
from kairos.operator.windows import WindowRead, normalise, read_window
from kairos.signals.geocoding.cities import city_centres

__all__ = [
    "Baseline",
    "LocationMention",
    "Reading",
    "WhatIf",
    "read_message",
    "redact",
    "with_window",
]

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
_COMPETITOR = re.compile(
    r"\b(?i:compare(?:d)?\s+(?:us\s+|ourselves\s+)?(?:to|with|against)|versus|vs\.?|competitor"
    r"(?:\s+is|\s+called)?|up against|doing better than)\s+"
    r"(?P<name>[A-Z0-9][\w'&.-]*(?:\s+(?:[A-Z0-9&][\w'&.-]*|of|the|de|la)){0,5})"
)
_CARD_WORDS: dict[Card, re.Pattern[str]] = {
    "staffing": re.compile(
        r"\b(?:staff\w*|shifts?|schedul\w*|rota|roster|servers?|cooks?|bartenders?|hosts?"
        r"|labou?r|hire|hiring|crew|headcount|how many people)\b",
        re.I,
    ),
    "risk": re.compile(
        r"\b(?:risks?|risky|worr(?:y|ied)|threats?|storms?|snow\w*|hurricane|closures?|closed"
        r"|road ?works?|disruptions?|go wrong|downside|school\w*)\b",
        re.I,
    ),
    "opportunity": re.compile(
        r"\b(?:opportunit\w+|promot\w+|promos?|offers?|specials?|marketing|upsell\w*"
        r"|fill (?:the |more |some )?(?:seats|tables)|boost|grow|more guests|drive traffic"
        r"|happy hour|events? nearby|capitali[sz]e|quietest|slowest"
        r"|(?:quiet|slow) (?:nights?|days?|spots?|times?|windows?|periods?|shifts?))\b",
        re.I,
    ),
}
_WHY = re.compile(
    r"^\s*(?:why|how come|explain|tell me more|go deeper|more detail|details?|break it down)\b"
    r"|\b(?:why is that|why\?|explain (?:that|why|it)|in more detail|deeper explanation)",
    re.I,
)
_WHAT_IF = re.compile(
    r"\b(?:what if|what happens if|suppose|supposing|(?<!people )(?<!guests )(?<!diners )"
    r"(?<!customers )(?<!they )(?<!reviews )say,?\s+(?:it|there|we|the|a|an|our)\b)",
    re.I,
)
"""A supposition: "what if it snows", "say there's a game" (never "show me what people say")."""
_CORRECTION = re.compile(
    r"^\s*(?:actually|no[,.!]?\s|nope|correction|sorry|i meant|it'?s actually|we'?re actually"
    r"|make (?:that|it)|not \d+|wrong)",
    re.I,
)
_REFRESH = re.compile(r"\b(?:refresh|re-?fetch|live data|latest data|update the data)\b", re.I)
_EXPAND = re.compile(
    r"\b(?:show|see|expand|read|give me|what are)\b[^.?!]{0,30}\b(?:reviews?|evidence|quotes?"
    r"|sources?|what (?:guests|diners|people) (?:said|say))\b"
    r"|\bwhat (?:are |do |did )?(?:guests|diners|people|customers|reviewers|reviews) (?:said|say"
    r"|saying|complain\w*|mention\w*)\b",
    re.I,
)
_SCOPE_ALL = re.compile(
    r"\b(?:all (?:of )?(?:the |our |my )?(?:locations|sites|stores|restaurants|of them)|both"
    r"(?: of them| locations)?|every (?:location|site|one)|everywhere|apply to all)\b",
    re.I,
)
_SCOPE_FIRST = re.compile(
    r"\b(?:(?:just|only) (?:the )?first(?: one| location)?|first (?:one|location)|just (?:that|"
    r"the one)|only (?:that|the one))\b",
    re.I,
)
_RAIN = re.compile(
    r"\b(?:rain\w*|storms?|downpour\w*|pour\w*|wet|washout|drizzl\w*|showers?|bad weather"
    r"|weather (?:is|turns|gets) (?:bad|nasty|ugly|awful))\b",
    re.I,
)
_IF_WEATHER_OR_EVENT = re.compile(
    r"^\s*(?:(?:and|but|so|ok(?:ay)?|hmm+),?\s+)?(?:if|in case)\b|\b(?:what|how) about if\b"
    r"|\bin case\b",
    re.I,
)
"""A supposition without "what if" ("and if it rains?", "what about if it snows", "in case
there's a game"): a what-if only when it supposes weather or an event, never covers ("if we do
150 on Fridays" states a baseline)."""
_SNOW = re.compile(r"\b(?:snow\w*|blizzard|ice storm|nor'?easter|sleet)\b", re.I)
_EVENT = re.compile(
    r"\b(?:games?|concerts?|festival|parade|event|show|marathon|match|celtics|bruins|red sox|sox"
    r"|patriots|pats|revolution|playoffs?)\b",
    re.I,
)
_SUPPOSED_NUMBER = re.compile(
    r"\b(?:get|do|see|have|hit|reach|are at|'re at)\s+(?:only\s+|just\s+|about\s+|around\s+)?"
    r"(?P<n>\d{2,4})\b(?![:.]\d|\s*(?:%|am\b|pm\b|percent))",
    re.I,
)
"""The covers a what-if supposes without saying "covers": "what if we only get 150?"."""
_DAYPART_WORDS: tuple[tuple[Daypart, re.Pattern[str]], ...] = (
    ("late", re.compile(r"\blate[- ]night\b|\bafter (?:10|11|midnight)\b", re.I)),
    ("breakfast", re.compile(r"\b(?:morning|breakfast|mornings|am rush)\b", re.I)),
    ("lunch", re.compile(r"\b(?:brunch|lunch|lunchtime|midday|dim sum)\b", re.I)),
    ("afternoon", re.compile(r"\bafternoon\b", re.I)),
    ("dinner", re.compile(r"\b(?:dinner|supper|evening|night|nite|tonight)\b", re.I)),
)
"""The part of the day asked about ("tomorow nite", "tomorrow morning", "Sunday brunch"); the
first that matches, so "late night" is late, not dinner."""


@dataclass(frozen=True)
class WhatIf:
    kind: Literal["rain", "snow", "event", "covers"]
    covers: int | None = None


@dataclass
class Reading:
    card: Card | None = None
    locations: list[LocationMention] = field(default_factory=list)
    baseline: Baseline | None = None
    baselines: list[Baseline] = field(default_factory=list)
    """Several restaurants' covers said together ("120 and 150 on fridays"), in order; empty
    when one baseline was said."""
    window: tuple[date, date] | None = None
    window_text: str | None = None
    competitor: str | None = None
    why: bool = False
    what_if: WhatIf | None = None
    correction: bool = False
    scope: Literal["first", "all"] | None = None
    refresh: bool = False
    expand: bool = False
    notes: list[str] = field(default_factory=list)
    daypart: Daypart | None = None
    """The part of the day asked about, with or without a day."""
    window_note: str | None = None
    """What the window's words were taken to mean, said in the answer ("this weekend is today")."""
    asked_days: str = ""
    """The text the window is read from (the baseline's words blanked): read again on the
    restaurant's own day and hour once it is known (`with_window`)."""


@lru_cache(maxsize=1)
def _city_word_pattern() -> re.Pattern[str]:
    names = sorted({a for c in city_centres() for a in c.aliases}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b", re.I)


def _card(text: str) -> Card | None:
    hits = {card: len(pattern.findall(text)) for card, pattern in _CARD_WORDS.items()}
    best = max(hits.values())
    if best == 0:
        return None
    # ties go to the first card in the order staffing, risk, opportunity
    return next(card for card, n in hits.items() if n == best)


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


def _locations(text: str, names: Sequence[tuple[int, int]] = ()) -> list[LocationMention]:
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


def _daypart(text: str) -> Daypart | None:
    return next((part for part, pattern in _DAYPART_WORDS if pattern.search(text)), None)


def _what_if(text: str, baseline: Baseline | None) -> WhatIf | None:
    said = _WHAT_IF.search(text) is not None
    if not said and not _IF_WEATHER_OR_EVENT.search(text):
        return None
    if said and baseline is not None:
        return WhatIf("covers", covers=baseline.covers)
    if said and (supposed := _SUPPOSED_NUMBER.search(text)):  # "what if we only get 150?"
        return WhatIf("covers", covers=int(supposed.group("n")))
    if _SNOW.search(text):
        return WhatIf("snow")
    if _RAIN.search(text):
        return WhatIf("rain")
    if _EVENT.search(text):
        return WhatIf("event")
    return None


def read_message(
    text: str, today: date, names: Sequence[tuple[int, int]] = (), hour: int | None = None
) -> Reading:
    """`names`: spans of the text naming catalog places (`locating.spot`), so a restaurant named
    with no "we're called" before it is a location too. `today` and `hour`: the restaurant's
    own day and local hour (the hour None: unknown)."""
    baseline, rest = read_baseline(
        text,
        _is_street_number,
        correcting=_CORRECTION.search(text) is not None,
    )
    baselines, (cut, cut_end) = (
        read_more_covers(text, baseline, _is_street_number) if baseline else ([], (0, 0))
    )
    if baselines:  # "usually 120 and 150 on fridays": one for each restaurant named
        baseline = baselines[0]
        rest = rest[:cut] + " " * (cut_end - cut) + rest[cut_end:]
    asked = read_window(rest, today, hour)
    competitor = _COMPETITOR.search(text)
    if competitor is not None:  # "how do we compare with Coppa?": Coppa is not where we are
        theirs = competitor.span("name")
        names = [(a, b) for a, b in names if b <= theirs[0] or theirs[1] <= a]
    what_if = _what_if(text, baseline)
    return Reading(
        card=_card(text),
        locations=_locations(text, names),
        baseline=baseline,
        baselines=baselines,
        window=asked.window,
        window_text=asked.text,
        window_note=asked.note,
        asked_days=rest,
        competitor=competitor.group("name").strip(" .,'?") if competitor else None,
        why=bool(_WHY.search(text)),
        what_if=what_if,
        correction=bool(_CORRECTION.search(text)),
        scope="all" if _SCOPE_ALL.search(text) else "first" if _SCOPE_FIRST.search(text) else None,
        refresh=bool(_REFRESH.search(text)),
        expand=bool(_EXPAND.search(text)),
        daypart=_daypart(normalise(rest)),
    )


def _is_street_number(text: str, at: int) -> bool:
    """The number at `at` opens an address: "350 Columbus Ave", or a street number before a
    street's name said without its suffix ("we're at 15 Beacon", "at 200 Boylston"), never
    covers (issue 36: a correction needs a covers word, or a number with a day or time)."""
    if _ADDRESS.match(text, at) is not None:
        return True
    said = _NUMBER_THEN_WORD.match(text, at)
    return said is not None and said.group("word").lower() not in _AFTER_COVERS


def with_window(reading: Reading, today: date, hour: int | None) -> Reading:
    """The reading with its window read again on another day and hour (the restaurant's own,
    known once it is resolved)."""
    asked: WindowRead = read_window(reading.asked_days, today, hour)
    reading.window, reading.window_text, reading.window_note = asked.window, asked.text, asked.note
    return reading


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
