"""What an operator's message says: the card it is about, locations, a covers baseline, a time
window, a competitor, and what kind of turn it is (a question, why, what-if, a correction, an
answer to the scope question, a refresh, a request for the evidence).

Rules over whole words, deterministic (ADR-002); the time window comes from the shared reader
(`text/query/when.py`); the locations are read in `mentions.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from kairos.operator.asks import Ask, read_ask
from kairos.operator.baselines import Baseline, read_baseline, read_more_covers
from kairos.operator.counter_said import Counter, read_counter
from kairos.operator.event_venue import venue_said
from kairos.operator.lean import Lean, read_lean
from kairos.operator.mentions import LocationMention, is_street_number, locations, redact
from kairos.operator.schemas import Card, Daypart
from kairos.operator.stated_events import read_stated_events, read_stated_venues
from kairos.operator.themes_asked import read_themes_asked
from kairos.operator.windows import WindowRead, normalise, read_window

__all__ = [
    "Baseline",
    "LocationMention",
    "Reading",
    "WhatIf",
    "read_message",
    "redact",
    "supposes",
    "with_window",
]

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
    r"|saying|complain\w*|mention\w*)\b|\b(?:complaints?|complain\w*)\b",
    re.I,
)
_COMPLAINTS = re.compile(r"\b(?:complaints?|complain\w*|negative reviews?|bad reviews?)\b", re.I)
_SCOPE_ALL = re.compile(
    r"\b(?:all (?:of )?(?:the |our |my )?(?:locations|sites|stores|restaurants|of them)|both"
    r"(?: of them| locations)?|every (?:location|site|one)|everywhere|apply to all)\b",
    re.I,
)
_COMBINED = re.compile(
    r"\b(?:between (?:them|us|the two|both(?: of them)?|all (?:of )?them|the (?:two|three|four)"
    r"(?: of them)?)|combined|in total|all told|across (?:both|all|them|the (?:two|three|four)))\b",
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
_WHO_COMES = re.compile(
    r"\b(?:our\s+)?(?:brunch|lunch|lunchtime|breakfast|dinner|supper)(?:es|s)?"
    r"(?:\s+(?:crowd|trade|guests|customers))?\s+(?:is|are|'s)\s+(?:mostly|mainly|largely"
    r"|primarily|predominantly|all)\s+(?!(?:brunch|lunch|breakfast|dinner|supper|bar|drinks)\b)"
    r"[a-z]+(?:\s+(?:crowd|people|folks|guests|workers|types|regulars))?\b",
    re.I,
)
"""A daypart the message describes by who comes ("lunch is mostly business crowd", "dinner is
mainly families") is not a part of the day asked about (panel half A, o33: "what should we expect
this week? lunch is mostly business crowd" planned the week's busiest lunch as its headline
while Saturday dinner was busier)."""


@dataclass(frozen=True)
class WhatIf:
    kind: Literal["rain", "snow", "event", "covers"]
    covers: int | None = None
    venue: str | None = None
    """Where a supposed event is held ("Fenway Park"), when the message says (`venue_said`)."""


@dataclass
class Reading:
    card: Card | None = None
    locations: list[LocationMention] = field(default_factory=list)
    baseline: Baseline | None = None
    baselines: list[Baseline] = field(default_factory=list)
    """Several restaurants' covers said together ("120 and 150 on fridays"), in order; empty
    when one baseline was said."""
    combined: bool = False
    counter: Counter | None = None
    """Who serves the guests, said ("how many baristas?", "we're a food-court counter")."""
    stated_events: list[date] = field(default_factory=list)
    """Days of games or events the message states are on ("Bruins play Saturday"): facts."""
    stated_venues: dict[str, str] = field(default_factory=dict)
    """Where those are held (`event_venue.venue_said`), by the day's ISO date."""
    """The covers said are the restaurants' together ("300 on Fridays between them")."""
    window: tuple[date, date] | None = None
    window_text: str | None = None
    competitor: str | None = None
    why: bool = False
    what_if: WhatIf | None = None
    correction: bool = False
    scope: Literal["first", "all"] | None = None
    refresh: bool = False
    expand: bool = False
    complaints: bool = False
    themes: tuple[str, ...] = ()
    """The themes the reviews are asked about ("do reviews mention waits?": `themes_asked.py`)."""
    ask: Ask | None = None
    """A question the card does not answer by itself ("which night is our quietest?")."""
    """The reviews asked for are the complaints ("what are people complaining about?")."""
    notes: list[str] = field(default_factory=list)
    lean: Lean | None = None
    """What the trade mostly is ("mostly lunch", "it's mostly bar"): the day's shape."""
    daypart: Daypart | None = None
    """The part of the day asked about, with or without a day."""
    window_note: str | None = None
    """What the window's words were taken to mean, said in the answer ("this weekend is today")."""
    asked_days: str = ""
    """The text the window is read from (the baseline's words blanked): read again on the
    restaurant's own day and hour once it is known (`with_window`)."""


def _card(text: str) -> Card | None:
    hits = {card: len(pattern.findall(text)) for card, pattern in _CARD_WORDS.items()}
    best = max(hits.values())
    if best == 0:
        return None
    # ties go to the first card in the order staffing, risk, opportunity
    return next(card for card, n in hits.items() if n == best)


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
    if _EVENT.search(text):  # its venue only from the sentence supposing it, not where we are
        said_in = next(s for s in re.split(r"[.!?;\n]+", text) if _EVENT.search(s))
        return WhatIf("event", venue=venue_said(said_in))
    return None


def supposes(sentence: str) -> bool:
    """The sentence supposes ("what if there's a game at the Garden"), never states."""
    return _WHAT_IF.search(sentence) is not None or _what_if(sentence, None) is not None


def read_message(
    text: str, today: date, names: Sequence[tuple[int, int]] = (), hour: int | None = None
) -> Reading:
    """`names`: spans of the text naming catalog places (`locating.spot`), so a restaurant named
    with no "we're called" before it is a location too. `today` and `hour`: the restaurant's
    own day and local hour (the hour None: unknown)."""
    baseline, rest = read_baseline(
        text,
        is_street_number,
        correcting=_CORRECTION.search(text) is not None,
    )
    baselines, (cut, cut_end) = (
        read_more_covers(text, baseline, is_street_number) if baseline else ([], (0, 0))
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
    themes = read_themes_asked(text)
    lean, (cut, cut_end) = read_lean(text)
    rest = rest[:cut] + " " * (cut_end - cut) + rest[cut_end:]  # "mostly lunch" asks no lunch
    for who in _WHO_COMES.finditer(rest):  # "lunch is mostly business crowd" asks no lunch
        rest = rest[: who.start()] + " " * (who.end() - who.start()) + rest[who.end() :]
    return Reading(
        lean=lean,
        counter=read_counter(text),
        card=_card(text),
        locations=locations(text, names),
        baseline=baseline,
        baselines=baselines,
        combined=baseline is not None and not baselines and bool(_COMBINED.search(text)),
        stated_events=read_stated_events(text, today),
        stated_venues=read_stated_venues(text, today),
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
        expand=bool(_EXPAND.search(text)) or (bool(themes) and what_if is None),
        complaints=bool(_COMPLAINTS.search(text)),
        themes=themes if what_if is None else (),
        ask=read_ask(text),
        daypart=_daypart(normalise(rest)),
    )


def with_window(reading: Reading, today: date, hour: int | None) -> Reading:
    """The reading with its window read again on another day and hour (the restaurant's own,
    known once it is resolved)."""
    asked: WindowRead = read_window(reading.asked_days, today, hour)
    reading.window, reading.window_text, reading.window_note = asked.window, asked.text, asked.note
    return reading
