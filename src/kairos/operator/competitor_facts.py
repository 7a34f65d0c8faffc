"""A competitor with no reviews in the catalog is still compared (issue 36; half A, o49: 'how do
we compare with Pho Thien Thien' answered only 'No reviews of Pho Thien Thien in the catalog'):
with what the catalog holds of both places — check-ins, what each is listed as, days open."""

from __future__ import annotations

from typing import Any

from kairos.store.operator import CatalogPlace

__all__ = ["without_reviews"]


def without_reviews(
    theirs: CatalogPlace,
    their_checkins: int,
    ours: CatalogPlace | None,
    our_checkins: int | None,
) -> str:
    """'No reviews of X in the catalog, so no guests' words to compare; what I hold of both: …'."""
    facts = [_checkins(their_checkins, our_checkins)]
    if theirs.categories:
        mine = f" (you: {', '.join(ours.categories[:3])})" if ours and ours.categories else ""
        facts.append(f"it is listed as {', '.join(theirs.categories[:3])}{mine}")
    if (days := _days_open(theirs.hours)) is not None:
        yours = _days_open(ours.hours) if ours else None
        mine = f" (you: {yours})" if yours is not None else ""
        facts.append(f"open {days} day{'s' if days != 1 else ''} a week{mine}")
    both = "both" if ours is not None else theirs.name
    return (f"No reviews of {theirs.name} in the catalog, so no guests' words to compare; what "
            f"I hold of {both}: {'; '.join(facts)}.")  # fmt: skip


def _checkins(theirs: int, ours: int | None) -> str:
    said = f"{theirs} check-in{'s' if theirs != 1 else ''}"
    if ours is None:
        return f"{said} (yours unknown)"
    if ours == 0 and theirs == 0:
        return "no check-ins for either"
    if ours and theirs:
        ratio = theirs / ours
        if ratio >= 1.5:
            return f"{said} against your {ours}: about {ratio:.0f}× your traffic"
        if ratio <= 1 / 1.5:
            return f"{said} against your {ours}: about 1/{1 / ratio:.0f} of your traffic"
    return f"{said} against your {ours}"


def _days_open(hours: dict[str, Any] | None) -> int | None:
    if not hours:
        return None
    return sum(1 for value in hours.values() if value)
