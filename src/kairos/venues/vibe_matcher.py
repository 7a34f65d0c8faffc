"""Vibe matcher (seed 002 §3): each candidate's 52-d vibe vector (built ahead from its reviews
and tips, `venues/vibes`), the requested vibe's score, and the seed's filter — a venue under
0.4 on the requested vibe is dropped, but at least 3 stay (the best of the dropped come back).
A venue with no vector is scored `null` with confidence 0 and stays: unknown is not a mismatch.
With no vibe asked, the score is how well the venue's vector meets the user's own vibes (their
taste profile), else null."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from kairos.store.venue_vibes import StoredVibe
from kairos.venues.synthesiser import VIBE_THRESHOLD, VibeScore
from kairos.venues.vibes import VIBE_DIMENSIONS, match_vibe, vibe_index

__all__ = ["KEEP_AT_LEAST", "THRESHOLD", "keep_matching", "score_vibes"]

THRESHOLD: Final = VIBE_THRESHOLD
KEEP_AT_LEAST: Final = 3


def _evidence(stored: StoredVibe, name: str) -> tuple[int, ...]:
    raw: Any = stored.evidence.get(name) if stored.evidence else None
    if isinstance(raw, list):
        return tuple(int(x) for x in raw if isinstance(x, int | float | str) and str(x).isdigit())
    return ()


def score_vibes(
    stored: Mapping[int, StoredVibe],
    place_ids: Sequence[int],
    vibe: str | None,
    user_vibes: Sequence[str] = (),
) -> dict[int, VibeScore]:
    wanted = vibe_index(vibe) if vibe and match_vibe(vibe) is not None else None
    liked = [vibe_index(d.name) for v in user_vibes if (d := match_vibe(v.replace("_", " ")))]
    scores: dict[int, VibeScore] = {}
    for place_id in place_ids:
        found = stored.get(place_id)
        if found is None:
            scores[place_id] = VibeScore(score=None, confidence=0.0, style=None)
            continue
        if wanted is not None:
            name = VIBE_DIMENSIONS[wanted].name
            score: float | None = round(found.vibe[wanted], 3)
            evidence = _evidence(found, name)
        elif liked:
            score = round(sum(found.vibe[i] for i in liked) / len(liked), 3)
            evidence = ()
        else:
            score, evidence = None, ()
        scores[place_id] = VibeScore(
            score=score,
            confidence=round(found.confidence, 3),
            style=found.primary_vibe,
            evidence=evidence,
        )
    return scores


def keep_matching(
    place_ids: Sequence[int],
    scores: Mapping[int, VibeScore],
    holding: Collection[int] = (),
    endangering: Collection[int] = (),
    at_least: int = KEEP_AT_LEAST,
) -> list[int]:
    """The seed's filter: under 0.4 goes, unscored stays, and at least 3 stay (`at_least`:
    a plan keeps room for vetoes). A venue in `holding` (it shows every feature asked:
    "romantic rooftop" and a rooftop) stays too. The ones brought back are the best on the
    vibe among those that put no member at severe risk (`endangering`) first: a vibe a few
    hundredths higher never brings back a venue with a member's severe allergen over one
    without."""
    kept = [
        p for p in place_ids if (s := scores[p].score) is None or s >= THRESHOLD or p in holding
    ]
    # the 3 are counted among the venues that endanger no one: two unscored venues with a
    # member's severe allergen do not make safe ones under the threshold go
    safe = [p for p in kept if p not in endangering]
    if len(safe) >= at_least:
        return kept
    dropped = sorted(
        (p for p in place_ids if p not in kept),
        key=lambda p: (p in endangering, -(scores[p].score or 0.0)),
    )
    back = {p for p in dropped if p not in endangering}
    back = set([p for p in dropped if p in back][: at_least - len(safe)])
    if len(kept) + len(back) < at_least:  # too few safe ones: the others make 3
        back |= set(dropped[: at_least - len(kept)])
    return [p for p in place_ids if p in kept or p in back]
