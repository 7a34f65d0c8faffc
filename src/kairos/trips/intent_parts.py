"""The pieces of a message the classifier weighs: which day of a trip it points at, the change
it asks for, and the place (petal) it asks about. Pure functions over `intent_cues.tokens`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final, Literal

from kairos.signals.geocoding.cities import find_city
from kairos.trips.intent_cues import Hit, cues

__all__ = ["ChangeKind", "DayRef", "FoundChange", "day_reference", "find_change", "find_petal"]

ChangeKind = Literal["more_relaxed", "more_packed", "swap", "remove", "add"]
CHANGE_PRIORITY: Final[tuple[ChangeKind, ...]] = (
    "swap", "remove", "more_packed", "more_relaxed", "add",
)  # fmt: skip
_WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ORDINAL_DIGITS: Final = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)$")


@dataclass(frozen=True)
class DayRef:
    """A day named in the message: `index` (1-based) when said as a number or resolved from a
    date against the trip; `last` for "the last day"; `date` for today / tomorrow / a weekday."""

    text: str
    index: int | None = None
    last: bool = False
    date: date | None = None
    explicit: bool = True
    """Said as a day of the trip ("day 2", "the last day"); False for a date ("tomorrow")."""


def _weekday(word: str) -> int | None:
    for i, name in enumerate(_WEEKDAYS):
        if word in (name, name + "s", name[:3]):
            return i
    return None


def day_reference(
    words: list[str], *, today: date, trip_start: date | None, trip_days: int | None
) -> DayRef | None:
    """The first day of a trip the words point at; None when they point at none."""
    table = cues()
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        before = words[i - 1] if i > 0 else ""
        if word == "day" and after:
            number = int(after) if after.isdigit() else table.numbers.get(after)
            if number and before not in table.numbers and not before.isdigit():
                return DayRef(f"day {after}", index=number)
        if word in ("day", "days") and before:
            digits = _ORDINAL_DIGITS.match(before)
            if before in table.ordinals:
                return DayRef(f"{before} day", index=table.ordinals[before])
            if digits:
                return DayRef(f"{before} day", index=int(digits.group(1)))
            if before in table.last:
                index = trip_days if trip_days else None
                return DayRef(f"{before} day", index=index, last=True)
    for word in words:
        found: date | None = None
        if word in table.relative:
            found = today + timedelta(days=1) if word.startswith("tomorrow") else today
        elif (weekday := _weekday(word)) is not None and len(word) > 3:
            base = trip_start or today
            found = base + timedelta(days=(weekday - base.weekday()) % 7)
        if found is not None:
            index = None
            if trip_start is not None:
                offset = (found - trip_start).days
                if 0 <= offset < (trip_days or 60):
                    index = offset + 1
            return DayRef(word, index=index, date=found, explicit=False)
    return None


@dataclass(frozen=True)
class FoundChange:
    kind: ChangeKind
    phrase: str
    strong: bool
    target: str | None = None
    """What to bring: a `KIND_GROUPS` name, "indoors", "food" or a catalog category."""
    stop: str | None = None
    """What to take away (swap, remove): a category said ("the museum") or a place's name."""


_WEAK_CHANGES: Final = frozenset(
    {"light", "easy", "easier", "chill", "rest", "relax", "relaxed", "relaxing", "less", "change",
     "packed", "rushed", "hectic", "tired", "boring", "cut", "cancel", "include", "squeeze",
     "trade", "exchange", "switch", "drop"}
)  # fmt: skip
"""Change words that also live in ordinary requests ("a relaxed day", "plan a packed day"):
they name the change once the message is a refinement but weigh little towards one."""
_TO: Final = frozenset({"for", "with", "to", "into", "by"})
_INSTEAD: Final = frozenset({"instead of", "rather than", "in place of"})


def _targets(words: list[str]) -> list[Hit]:
    table = cues()
    groups = table.target.find(words)
    taken = {i for h in groups for i in range(h.start, h.end)}
    cats = [h for h in table.category.find(words) if h.start not in taken]
    return sorted([*groups, *cats], key=lambda h: h.start)


def find_change(words: list[str], text: str) -> FoundChange | None:
    hits = cues().change.find(words) + _gapped(words)
    after_more = _more_category(words)
    kinds = {h.value for h in hits}
    if after_more is not None and not kinds & {"swap", "remove"}:
        return FoundChange("add", f"more {after_more.phrase}", True, target=after_more.value)
    if not hits:
        return None
    order: list[str] = list(CHANGE_PRIORITY)
    hit = min(hits, key=lambda h: order.index(h.value))
    kind = CHANGE_PRIORITY[order.index(hit.value)]
    strong = any(h.phrase not in _WEAK_CHANGES for h in hits)
    targets = [t for t in _targets(words) if t.start >= hit.start or kind == "swap"]
    target = stop = None
    if kind == "swap" and hit.phrase in _INSTEAD:
        # "something outdoors instead of the gallery": the stop follows, the wish is elsewhere
        gone = next((t for t in targets if t.start >= hit.end), None)
        wish = next((t for t in targets if t is not gone), None)
        stop = gone.value if gone else _named(text)
        target = wish.value if wish else None
    elif kind == "swap":
        pivot = next((i for i in range(hit.end, len(words)) if words[i] in _TO), None)
        later = [t for t in targets if pivot is not None and t.start > pivot]
        if later:
            target = later[0].value
        elif len(targets) >= 2:
            target = targets[-1].value
        sources = [t for t in targets if t.value != target or len(targets) > 1]
        stop = sources[0].value if sources and sources[0].value != target else None
        stop = stop or _named(text)
    elif kind == "remove":
        stop = targets[0].value if targets else _named(text)
    elif kind == "add":
        target = targets[0].value if targets else None
        stop = None if target else _named(text)
    return FoundChange(kind, hit.phrase, strong, target=target, stop=stop)


_GAPPED: Final = {
    ("take", "off"): "remove", ("take", "out"): "remove", ("cut", "out"): "remove",
    ("knock", "off"): "remove", ("leave", "out"): "remove", ("swap", "out"): "swap",
    ("switch", "out"): "swap", ("trade", "for"): "swap", ("fit", "in"): "add",
    ("squeeze", "in"): "add", ("put", "in"): "add",
}  # fmt: skip
"""Verbs whose particle comes after the object ("take the church off", "fit a market in")."""


def _gapped(words: list[str]) -> list[Hit]:
    hits = []
    for i, word in enumerate(words):
        for (verb, particle), kind in _GAPPED.items():
            if word == verb and particle in words[i + 2 : i + 5]:
                end = words.index(particle, i + 2) + 1
                hits.append(Hit(i, end, kind, f"{verb} … {particle}"))
    return hits


def _more_category(words: list[str]) -> Hit | None:
    """ "more museums", "one more museum": asks to add that kind of stop."""
    for hit in cues().category.find(words):
        if hit.start > 0 and words[hit.start - 1] == "more":
            return hit
        if hit.start > 1 and words[hit.start - 2] == "more" and words[hit.start - 1] in {"a", "an"}:
            return hit
    return None


_NAME: Final = re.compile(
    r"\b(?:[A-Z][\w'’.-]*|[A-Z]{2,})(?:\s+(?:(?:of|the|by|de|la|du|des|and|on|at|del)\s+)*"
    r"(?:[A-Z][\w'’.-]*|[A-Z]{2,}))*"
)
_FIRST_WORDS: Final = frozenset(
    {"i", "im", "is", "are", "what", "whats", "when", "where", "how", "can", "could", "does",
     "do", "tell", "the", "day", "make", "remove", "swap", "replace", "add", "on", "for", "please",
     "info", "details", "hours", "opening", "who", "describe", "more", "delete", "drop", "skip",
     "include", "put", "switch", "get", "cut", "we", "it", "its", "my", "our", "instead", "and"}
)  # fmt: skip
_WEEKDAY_OR_MONTH: Final = frozenset(
    {*_WEEKDAYS, "january", "february", "march", "april", "may", "june", "july", "august",
     "september", "october", "november", "december"}
)  # fmt: skip


def _named(text: str) -> str | None:
    """The first capitalised name in the text that is not a sentence opener, a day or a city."""
    for match in _NAME.finditer(text):
        name = match.group().strip(" .'’-")
        words = name.split()
        while words and words[0].lower().replace("'", "") in _FIRST_WORDS:
            words = words[1:]
        name = " ".join(words)
        if not name or name.lower() in _WEEKDAY_OR_MONTH or find_city(name) is not None:
            continue
        if name.lower().replace("'", "") in {"i", "im", "id", "ill", "ive"}:
            continue
        return name
    return None


# The place a question is about: what follows a question's frame, up to words that qualify it.
_PETAL_FRAMES: Final = (
    r"\b(?:tell (?:me|us)(?: a bit| something| more)?|know|info|information|details|facts|"
    r"history|more)\s+(?:about|on|of|for)\s+(?P<p>.+)",
    r"\b(?:opening|closing|visiting) (?:hours|times?) (?:of|for|at)\s+(?P<p>.+)",
    r"\bhours (?:of|for|at)\s+(?P<p>.+)",
    r"\b(?:what|which) (?:time|tme|hours?) (?:does|do|is|are|will)\s+(?P<p>.+?)\s+"
    r"(?:open|close|shut|start|begin|end|light)",
    r"\bwhen (?:does|do|is|are|will)\s+(?P<p>.+?)\s+(?:open|close|shut|start|begin)",
    r"\b(?:is|are|does|do)\s+(?P<p>.+?)\s+(?:open|closed|free|accessible|wheelchair|worth|"
    r"walkable|good|crowded|safe|have|running|close|busy|suitable|ok|okay|kid|stroller|pet)",
    r"\b(?:ticket|tickets|entry fee|entrance fee|admission)(?: price| prices)?"
    r" (?:for|to|at|of|into)\s+(?P<p>.+)",
    r"\bcosts? to (?:visit|enter|see|get into|go to)\s+(?P<p>.+)",
    r"\bhow (?:expensive|busy|crowded|far|big|tall|old|long|early|late|good|safe|accessible) "
    r"(?:is|are)\s+(?P<p>.+)",
    r"\b(?:dress code|rules|parking|entry|admission|hours|timings?|story|history|tours?)"
    r" (?:for|at|of|in|behind)\s+(?P<p>.+)",
    r"\b(?:who built|how old is|how big is|how tall is|describe|history of|special about|"
    r"inside|visiting|visit|enter|spend at|to see|to book|book|into|go to|at|about)\s+(?P<p>.+)",
    r"\b(?:what is|whats|what's|what are)\s+(?P<p>.+)",
    r"^(?P<p>.+?)\s+(?:-\s+)?(?:opening hours|opening times?|closing times?|hours|timings?|"
    r"ticket prices?|tickets?|entry fee|admission|is it open)\b",
)
_PETAL_RE: Final = tuple(re.compile(p, re.I) for p in _PETAL_FRAMES)
_PETAL_END: Final = re.compile(
    r"\s*(?:[?!,;:]|\s-\s|\s(?:on|in|at|for|today|tonight|tomorrow|this|next|when|during|open|"
    r"close|closed|opening|hours|with|before|after|if|and is|light show|worth|wheelchair|"
    r"accessible|have|anything|or)\b).*$",
    re.I,
)
_GENERIC: Final = frozenset(
    {"it", "they", "them", "this", "that", "there", "here", "open", "good", "fun", "best", "the",
     "a", "an", "to", "do", "see", "go", "place", "places", "thing", "things", "stuff", "city",
     "town", "trip", "day", "days", "plan", "itinerary", "my", "our", "your", "its", "on",
     "in", "of", "and", "near", "nearby", "around", "something", "anything", "some",
     "any", "happening", "up", "new", "interesting", "worth", "famous", "popular", "cheap", "free",
     "hours", "time", "stop", "first", "last", "next", "area", "centre", "center", "downtown",
     "night", "weekend", "week", "todays", "today", "tomorrow", "price", "ticket", "tickets",
     "gates", "special", "inside", "whole", "same"}
)  # fmt: skip


_CONNECTORS: Final = frozenset({"de", "of", "la", "du", "des", "the", "del", "and"})


def _clean_petal(raw: str) -> str | None:
    text = _PETAL_END.sub("", raw.strip()).strip(" .?!'\"’-")
    text = re.sub(r"^(?:the|a|an)\s+", "", text, flags=re.I)
    if not text or len(text.split()) > 8:
        return None
    words = [w.lower().replace("'", "").replace("’", "") for w in text.split()]
    table = cues()
    meaningful = [
        w for w in words
        if w not in _GENERIC and w not in table.category.words and w not in _WEEKDAY_OR_MONTH
    ]  # fmt: skip
    if not meaningful or words[0] in _GENERIC or find_city(text) is not None:
        return None
    parts = text.split()
    for n in (2, 1):  # "the national museum delhi": the city is not part of the name
        if len(parts) <= n + 1 or parts[-n - 1].lower() in _CONNECTORS:
            continue
        if find_city(" ".join(parts[-n:])) is not None:
            return " ".join(parts[:-n])
    return text


def find_petal(text: str) -> str | None:
    """The place a question is about, as written ("Humayun's Tomb"), else None."""
    plain = text.replace("’", "'").replace("–", "-").replace("—", "-")
    for pattern in _PETAL_RE:
        for match in pattern.finditer(plain):
            petal = _clean_petal(match.group("p"))
            if petal is not None:
                return petal
    return None
