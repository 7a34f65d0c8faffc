"""Offline phrasing: every sentence is a template filled from results, or a quoted review."""

from __future__ import annotations

from collections.abc import Sequence

from kairos.core.diets import diet_label
from kairos.core.vibes import VIBES, vibe_label
from kairos.restaurants.schemas import RestaurantResult

ALLERGEN_NAMES = {"tree_nuts": "tree nuts"}
# How a radar axis is said when reviews speak against it ("quiet" was asked, diners say loud).
# (Axes are the radar's own names, text/aspects; vibes and diets are labelled through core.)
AXIS_WANTS = {
    "romance": "romance",
    "noise_level": "quiet",
    "food_quality": "the food",
    "vegan_options": "vegan options",
    "value_for_money": "value for money",
}


def _list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _names(allergens: Sequence[str]) -> str:
    return _list([ALLERGEN_NAMES.get(a, a.replace("_", " ")) for a in allergens])


def describe_request(categories: Sequence[str], vibes: Sequence[str], city: str | None) -> str:
    """ "quiet, romantic Thai places in Cambridge" from what the parser understood."""
    cuisine = categories[0].title() if categories else ""
    said = [vibe_label(v) if v in VIBES else diet_label(v) for v in vibes]
    what = " ".join(p for p in (", ".join(said), cuisine, "places") if p)
    return f"{what} in {city.title()}" if city else what


def answer_message(
    *,
    request: str,
    safe: Sequence[RestaurantResult],
    flagged: Sequence[RestaurantResult],
    hard_excluded: Sequence[str],
    relaxed: Sequence[str],
    assumptions: Sequence[str],
    requested: Sequence[str] = (),
    contradicted_below: float = 4.0,
) -> str:
    lines: list[str] = []
    if assumptions:
        lines.append("Going with: " + "; ".join(a.rstrip(".") for a in assumptions) + ".")
    if relaxed:
        lines.append("Nothing matched every filter, so I relaxed " + ", ".join(relaxed) + ".")
    count = len(safe)
    lines.append(f"I found {count} place{'s' if count != 1 else ''} for {request}.")
    if safe:
        top = safe[0]
        rating = f" ({top.rating:.1f}★)" if top.rating is not None else ""
        line = f"Top pick: {top.name}{rating}"
        if top.summary and top.summary.text:
            line += f" — “{top.summary.text}”"  # a quote ends the sentence: no stop after it
        else:
            line += "."
        lines.append(line)
        against = [
            f"{AXIS_WANTS.get(axis, axis.replace('_', ' '))} ({value:.1f}/10)"
            for axis in sorted(requested)
            if top.scores is not None
            and (value := float(getattr(top.scores, axis, 10.0))) < contradicted_below
        ]
        if against:
            lines.append(f"Its reviews speak against {_list(against)}; it is here for the rest.")
    warned = sum(1 for r in safe if r.allergy_warnings)
    if warned:
        lines.append(
            f"{warned} of them carr{'ies' if warned == 1 else 'y'} an allergy note — "
            "read the banner before you book."
        )
    if flagged:
        lines.append(
            f"{len(flagged)} more {'is' if len(flagged) == 1 else 'are'} shown separately as "
            "high risk for your anaphylactic allergy."
        )
    if hard_excluded:
        lines.append(f"Places known to contain {_names(hard_excluded)} are excluded for you.")
    return " ".join(lines)


def no_results_message(request: str, relaxed: Sequence[str]) -> str:
    tried = f" even after relaxing {', '.join(relaxed)}" if relaxed else ""
    return f"I couldn't find {request}{tried}. Try another area, cuisine or price range."
