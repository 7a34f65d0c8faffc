"""The months a point of interest is open, when a source says it is seasonal:
`attributes["season"] = {"months": [4, …, 10], "basis": …, "evidence": …}`.

Two kinds of evidence, read once at ingestion:
- an OSM `opening_hours` expression with month rules ("Apr-Oct: Mo-Su 09:00-18:00"): the parser
  (opening-hours-py) is asked about a week in the middle of every month of a reference year, and a
  month with no open minute is out of season;
- a sentence of the source's description or hours that says the *place* opens or operates for a
  span of months ("a seasonal establishment operating from Mid-April through October", "open
  May to September"): a month range next to a word about being open, operating or a season.
  A month range about something else ("free concerts from June to August", "tours
  April-September") is not evidence the place closes, and is ignored.

A place without such evidence has no `season` key: it is taken to be open all year.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any, Final

__all__ = ["SEASON_KEY", "months_from_osm", "months_from_text", "season_record"]

SEASON_KEY: Final = "season"
REFERENCE_YEAR: Final = 2025
_MONTHS: Final = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
}  # fmt: skip
_MONTH: Final = r"(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b\.?"
_SPAN: Final = re.compile(
    rf"(?:(?:early|mid|late)[\s-]+)?(?P<first>{_MONTH})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?"
    rf"\s*(?:-|–|—|to|through|thru|until|till)\s*(?:the\s+)?(?:(?:early|mid|late|end of)[\s-]+)?"
    rf"(?P<last>{_MONTH})",
    re.IGNORECASE,
)
_PLACE_CUE: Final = re.compile(
    r"\b(?:open(?:s|ed)?|operat(?:es|ing|ion)|seasonal(?:ly)?|in season|season runs)\b",
    re.IGNORECASE,
)
_CLOSED_CUE: Final = re.compile(r"\bclosed\b", re.IGNORECASE)
_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+")
CUE_DISTANCE: Final = 60
"""Characters between the cue word and the month range: the same clause."""


def _span_months(first: int, last: int) -> list[int]:
    months = [first]
    while months[-1] != last:
        months.append(months[-1] % 12 + 1)
    return months


def months_from_text(texts: Iterable[str]) -> tuple[list[int], str] | None:
    """Open months and the sentence that says so, from the first sentence that gives them."""
    for text in texts:
        for sentence in _SENTENCE.split(text):
            for match in _SPAN.finditer(sentence):
                before = sentence[max(0, match.start() - CUE_DISTANCE) : match.start()]
                first = _MONTHS[match.group("first").lower().rstrip(".")]
                last = _MONTHS[match.group("last").lower().rstrip(".")]
                if first == last:
                    continue
                span = _span_months(first, last)
                if _CLOSED_CUE.search(before):
                    open_months = [m for m in range(1, 13) if m not in span]
                elif _PLACE_CUE.search(before) or _PLACE_CUE.search(sentence[: match.start()]):
                    open_months = span
                else:
                    continue
                if 0 < len(open_months) < 12:
                    return open_months, sentence.strip()[:300]
    return None


def months_from_osm(expression: str) -> list[int] | None:
    """Months in which the expression opens at all; None when it does not parse or is open
    (or unknown) in every month."""
    from opening_hours import OpeningHours, State

    try:
        parsed = OpeningHours(expression, auto_country=False, auto_timezone=False)
    except Exception:  # the parser raises its own SyntaxError-like classes
        return None
    months = []
    for month in range(1, 13):
        start = datetime(REFERENCE_YEAR, month, 10)
        states = {state for _s, _e, state, _c in parsed.intervals(start, start + timedelta(days=7))}
        if states & {State.OPEN, State.UNKNOWN}:
            months.append(month)
    return months if 0 < len(months) < 12 else None


def season_record(sources: Iterable[tuple[str, Mapping[str, Any]]]) -> dict[str, Any] | None:
    """The `season` attribute from a place's raw POI rows by source, OSM hours first."""
    named = list(sources)
    rows = [row for _source, row in named]
    for source, row in named:
        expression = row.get("opening_hours") if source.startswith("osm") else None
        if isinstance(expression, str) and (months := months_from_osm(expression)):
            return {"months": months, "basis": "osm opening_hours", "evidence": expression}
    texts = [
        str(row.get(field))
        for row in rows
        for field in ("opening_hours_note", "opening_hours", "description")
        if isinstance(row.get(field), str)
    ]
    if found := months_from_text(texts):
        months, sentence = found
        return {"months": months, "basis": "the source's description", "evidence": sentence}
    return None
