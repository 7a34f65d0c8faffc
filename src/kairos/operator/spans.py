"""The why bullets' drivers, one line for one signal over several days (issue 36)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from itertools import pairwise

from kairos.operator.schemas import Driver

__all__ = ["spans"]

_DAY = re.compile(r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{2} [A-Z][a-z]{2}")


def spans(drivers: Sequence[Driver]) -> list[tuple[str, float]]:
    """The drivers as the why bullets say them: one line for the same signal with the same
    effect on several days ("Tue 08 Dec – Thu 10 Dec: snow all day, your scenario"), so a
    what-if over a span is seen on each of its days within the two bullets (panel half A,
    o49/o51: snow all week said for Friday and Saturday only)."""
    groups: dict[tuple[str, str, float], list[str]] = {}
    for drv in drivers:
        when, _, rest = drv.summary.partition(": ")
        key = (drv.source, rest, drv.effect_pct) if rest and _DAY.fullmatch(when) else (
            drv.source, drv.summary, drv.effect_pct)  # fmt: skip
        groups.setdefault(key, [])
        if rest and _DAY.fullmatch(when) and when not in groups[key]:
            groups[key].append(when)
    out = []
    for (_, rest, effect), days in groups.items():
        out.append((f"{_day_span(days)}: {rest}" if days else rest, effect))
    return out


def _day_span(days: list[str]) -> str:
    """'Tue 08 Dec – Thu 10 Dec' for consecutive days, else 'Fri 04 Dec and Sun 06 Dec'."""
    if len(days) == 1:
        return days[0]
    read = sorted((datetime.strptime(d[4:] + " 2001", "%d %b %Y"), d) for d in days)
    if all((b[0] - a[0]).days == 1 for a, b in pairwise(read)):
        return f"{read[0][1]} – {read[-1][1]}"
    return _joined([d for _, d in read])


def _joined(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
