"""Which places a turn names as the operator's own restaurant (issue 36, item 3: "what-ifs are
hypothetical, never changing the session"; a grader's note: "what if there's a game at the
Garden tonight?" moved the session from the operator's restaurant to Boston Beer Garden, the
word "Garden" read as a restaurant's name).

- An event's venue or a landmark named by its whole name ("the Garden", "Fenway", "TD Garden")
  is where something happens, never the operator's restaurant.
- A place the operator says is theirs ("we're X", "this time it's X", "I also run X", "X here",
  a message opening with it) is their restaurant, in any turn that is not supposing it.
- Any other place said in a sentence that supposes ("what if there's a game at X?") is part of
  the scenario, not where the operator is.
- Once the session holds a restaurant, a place said without the operator saying it is theirs
  ("the Celtics play at TD Garden", "is Toro busy?") never replaces it; one of the session's own
  restaurants said again ("just Smoken Joe's") is still theirs.

What is kept is located as before (`locating.py`); what is dropped moves nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.operator.event_venue import venue_called, venue_said
from kairos.operator.reading import LocationMention, supposes
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.state import SessionState

__all__ = ["holds_restaurant", "own_mentions"]

_CLAIM: Final = re.compile(
    r"(?:^|\b)(?:we(?:'re|\u2019re| are)|i(?:'m|\u2019m| am)|(?:i|we)\s+(?:also\s+|now\s+|just\s+"
    r"|still\s+)?(?:run|own|manage|look after|work at|opened|have)|it(?:'s|\u2019s| is)"
    r"|this is|(?:my|our)\s+(?:(?:other|new|second)\s+)?(?:restaurant|place|cafe|café|bar|spot"
    r"|location|shop|site)(?:\s+is)?|called|named|switch(?:ing)?\s+(?:over\s+)?to|i meant?"
    r"|actually|sorry|now|instead)"
    r"(?:[\s,:\u2013-]+(?:also|now|actually|just|really|called|named|at|on|the|over|asking"
    r"|about|for|again))*[\s,:\u2013-]*$",
    re.I,
)
"""Words saying the place right after them is the operator's: "we're", "I also look after",
"this time it's", "our other place(, is)", "now", "sorry, ...", "I meant"."""
_OPENING: Final = re.compile(
    r"^[\W_]*(?:(?:hi|hey|hello|morning|evening|ok(?:ay)?|so|right|and|also)\b[\W_]*"
    r"(?:there\b[\W_]*)?)*$",
    re.I,
)
"""Nothing but a greeting before a place opening the message ("Hi - Winsor Dim Sum Cafe, 10
Tyler St"): the way operators introduce their restaurant."""
_HERE_AFTER: Final = re.compile(r"^[^.!?;]{0,40}?\b(?:here|is (?:ours|mine))\b", re.I)
"""A place said before "here" ("Stephanies on Newbury here") is the operator's."""
_SENTENCE_END: Final = re.compile(r"[.!?;\n]")


def holds_restaurant(locations: Sequence[ResolvedLocation]) -> bool:
    """The session holds a restaurant: a catalog place, or an address found as such."""
    return any(loc.kind == "place" or (loc.kind == "address" and loc.resolved)
               for loc in locations)  # fmt: skip


def own_mentions(
    message: str, mentions: Sequence[LocationMention], state: SessionState, leads: list[str]
) -> list[LocationMention]:
    """The mentions that name the operator's own restaurant (the module's rules), in order; a
    place passed over outside a what-if or an event's sentence is said in `leads` ("I kept
    Toro: ...")."""
    held = holds_restaurant(state.locations) and not state.choices
    kept = []
    for mention in mentions:
        if mention.name and mention.where is None and venue_called(mention.name):
            continue
        start, end = _span(message, mention)
        sentence = _sentence(message, start, end)
        if _claimed(message, start, end, sentence[0]):
            kept.append(mention)
        elif supposes(message[sentence[0] : sentence[1]]):
            continue
        elif not held or _already_ours(mention, state.locations):
            kept.append(mention)
        elif mention.name and venue_said(message[sentence[0] : sentence[1]]) is None:
            here = state.locations[0].label.split(",")[0]
            leads.append(f"I kept {here}: {mention.name} is not taken for your restaurant; say "
                         f"\"we're {mention.name}\" if it is yours.")  # fmt: skip
    return kept


def _claimed(message: str, start: int, end: int, sentence_start: int) -> bool:
    return (
        _OPENING.match(message[:start]) is not None
        or _CLAIM.search(message[sentence_start:start]) is not None
        or _HERE_AFTER.match(message[end:]) is not None
    )


def _span(message: str, mention: LocationMention) -> tuple[int, int]:
    """Where the mention's words are in the message (the whole message when not found)."""
    folded = message.casefold()
    found = [(at, at + len(part)) for part in (mention.name, mention.address, mention.zip,
             mention.city) if part and (at := folded.find(part.casefold())) >= 0]  # fmt: skip
    if not found:
        return 0, len(message)
    return min(s for s, _ in found), max(e for _, e in found)


def _sentence(message: str, start: int, end: int) -> tuple[int, int]:
    """The sentence holding the words at start..end (a stop inside them, "Mr. Dooley's", is
    part of the name)."""
    before = [m.end() for m in _SENTENCE_END.finditer(message, 0, start)]
    after = _SENTENCE_END.search(message, end)
    return (before[-1] if before else 0), (after.start() if after else len(message))


def _folded(text: str) -> str:
    return " " + " ".join(re.findall(r"[^\W_]+", text.casefold())) + " "


def _already_ours(mention: LocationMention, locations: Sequence[ResolvedLocation]) -> bool:
    """The mention names one of the session's own restaurants ("just Smoken Joe's" for
    Smoken' Joe's BBQ, "the Huntington Ave one")."""
    said = _folded(mention.name or mention.address or "")
    return said.strip() != "" and any(said in _folded(loc.label) for loc in locations)
