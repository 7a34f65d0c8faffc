"""The terminal action line (ADR-020): `[Action] + [Time Window] + [Confidence] + [Source +
Freshness]`, written as

    Action: Add 1 server for Sat 28 Nov, dinner 17:00–22:00 | Window: Sat 28 Nov, dinner
    17:00–22:00 | Confidence: medium | Source: weather climatology (shipped data); reviews
    catalog_reviews (catalog)

(one line in an answer; wrapped here).

Every answer's last line is one, even when there is no recommendation (then a conservative
fallback). `parse` is what the gate, the tests and any client use to read it back.
"""

from __future__ import annotations

import re
from typing import Final

from kairos.operator.schemas import ActionLine

__all__ = ["ActionLineError", "fallback", "parse", "parse_last_line"]

_LINE: Final = re.compile(
    r"^Action: (?P<action>[^|\n]+?) \| Window: (?P<window>[^|\n]+?) \| "
    r"Confidence: (?P<confidence>low|medium|high) \| Source: (?P<sources>[^|\n]+)$"
)
_SOURCE: Final = re.compile(r"^(?P<name>[^();]+?) \((?P<fresh>[^()]+)\)$")


class ActionLineError(ValueError):
    pass


def parse(line: str) -> ActionLine:
    match = _LINE.match(line)
    if match is None:
        raise ActionLineError(f"not an action line: {line!r}")
    sources: list[tuple[str, str]] = []
    for part in match.group("sources").split("; "):
        found = _SOURCE.match(part.strip())
        if found is None:
            raise ActionLineError(f"a source must read 'name (freshness)', not {part!r}")
        sources.append((found.group("name"), found.group("fresh")))
    return ActionLine(
        action=match.group("action"),
        window=match.group("window"),
        confidence=match.group("confidence"),
        sources=sources,
    )


def parse_last_line(text: str) -> ActionLine:
    lines = [line for line in text.rstrip("\n").split("\n")]
    if not lines:
        raise ActionLineError("empty answer")
    return parse(lines[-1])


def fallback(window: str, action: str = "Keep your usual staffing plan") -> ActionLine:
    """The conservative line when nothing can be recommended: low, and the system's own word."""
    return ActionLine(
        action=action, window=window, confidence="low", sources=[("system", "rules only")]
    )
