"""Which venues of other kinds may stand in for the kind asked, and in what order (issue 38).

An alternative is offered where the cuisine asked leaves too few venues a group can use, so it
must suit the outing as a venue of that cuisine would, and be as near to it as the catalogue
allows. Plans panel half A: a biryani lunch for 25 was offered a bar and a $$$ wings chain
(p37); tapas for 4 a $ Malaysian place third while a Mediterranean tapas restaurant came
later (p39). So an alternative:

- suits the outing by the rules the kind asked is ranked by: no bar for a meal asking for no
  drink, nothing `meal_served` says does not serve the lunch or dinner asked (a café, a
  bakery, an activity), nothing that cannot lead a group's meal (`outing.leads_a_meal`), no
  bar with children coming; priced within the budget (never over it), and shown as one
  that "may exceed" it or over the "cheaper" asked only when no dearer than the venues of the
  kind asked; said to take a group of `LARGE_PARTY` or more when the group is one;
- after "make it cheaper", is known to be priced at or under the level asked
  (`cheaper_than_before`): an alternative is neither the food asked nor, then, cheaper, and
  is no padding (p39: a $$ Galician place and a rooftop of unknown price after "cheaper"
  tapas); a venue standing as the food asked by its reviews keeps the rule above;
- comes nearest first by cuisine (`closeness`), then by the members' trips to it: the kinds
  the restaurant search already reads as nearest to the one asked (core/data/nearest_kinds
  .toml: Spanish or Catalan for tapas, North Indian or Mughlai for biryani), then those of
  its region, then of its continent (the cuisines' families of recipes/data/world_dishes
  .toml: Mediterranean for tapas, South Asian for biryani), then any other.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Final

from kairos.venues.bars import a_bar_for_children, bar_led
from kairos.venues.cost import cost_profile, off_budget, under_target
from kairos.venues.followups import price_ceiling, price_level
from kairos.venues.meal_served import meal_asked, not_the_meal
from kairos.venues.outing import LARGE_PARTY, leads_a_meal, seating_note

if TYPE_CHECKING:
    from kairos.venues.commander import Intent
    from kairos.venues.scouted import Candidate

__all__ = [
    "FARTHEST",
    "arranged",
    "cheaper_than_before",
    "closeness",
    "dearest",
    "gravely_at_risk",
    "nearest_kinds",
    "shown_count",
    "suits",
]

FARTHEST: Final = 3
"""`closeness` of a cuisine neither near the one asked nor of its region or continent."""


def gravely_at_risk(c: Candidate) -> bool:
    """A member's anaphylactic allergen is known or likely here: the venue is shown flagged
    as a danger, and is no venue the group can use (`shown_count`)."""
    return any(r.severity == "anaphylactic" for r in c.allergy.risks)


def shown_count(candidates: Sequence[Candidate]) -> int:
    """The venues a group can use among `candidates`: every one but those flagged as a danger
    for an anaphylactic member. A member's severe (not anaphylactic) allergen is named with
    what to ask, and the venue stays usable (plans panel p37: the one biryani place shown,
    its risk named, was better than a bar offered instead)."""
    return sum(not gravely_at_risk(c) for c in candidates)


def _level(c: Candidate) -> int | None:
    """The price level its sources give (1–4), else its listing's."""
    cost = cost_profile(c.facts.price_signals, None, c.facts.price_floor)
    return price_level(cost.price_range) or price_level(c.record.place.price_tier)


def dearest(candidates: Sequence[Candidate]) -> int | None:
    """The highest price level among the venues of the kind asked (`suits`)."""
    levels = [lv for c in candidates if (lv := _level(c)) is not None]
    return max(levels) if levels else None


def cheaper_than_before(c: Candidate, intent: Intent) -> bool:
    """No "make it cheaper" asked, or `c` is known to be priced at or under the level it
    asked ($ when nothing is cheaper than $): an unknown price is not known to be cheaper."""
    if "cheaper" not in intent.asked.changes:
        return True
    level = _level(c)
    return level is not None and level <= max(intent.asked.ceiling or 0, 1)


def suits(
    c: Candidate, intent: Intent, priced_as: int | None = None, *, groups_said: bool = True
) -> bool:
    """`c` suits the outing as a venue of the kind asked would be ranked to: see the module.
    A price that only may exceed the amount a head, or is over the "cheaper" asked, is kept
    when no dearer than the venues of the kind asked (`priced_as`, `dearest`): after
    "cheaper", a $$ Mediterranean tapas place stands in for $$ tapas bars (p39); a $$$ chain
    does not for a $ biryani place (p37). `groups_said=False`: a venue standing as one of the
    kind asked (`food_in_reviews`) is held, as those are, to the plan's own group rules only
    (`fit.py`), its capacity said unknown, not to a word on groups."""
    p = c.record.place
    if not_the_meal(p, meal_asked(intent.activity, intent.said), c.facts.meals):
        return False
    if not leads_a_meal(p, intent.activity, intent.said, intent.group_size):
        return False
    if bar_led(p, intent.activity, intent.prompt):
        return False
    if a_bar_for_children(p, "family_friendly" in (intent.vibe, *intent.features)):
        return False
    cost = cost_profile(c.facts.price_signals, intent.budget, c.facts.price_floor)
    if off_budget(cost.price_range, intent.budget, cost.price_from) and not under_target(
        cost.price_range, intent.budget
    ):
        return False
    fits_at_bottom = cost.price_from is not None and not off_budget(
        cost.price_range, intent.budget, cost.price_from
    )
    may_exceed = (  # "may exceed budget" of an amount a head (`scoring.over_the_head`)
        bool(intent.budget and intent.budget.per_head)
        and cost.budget_fit is not None
        and cost.budget_fit < 1
        and not fits_at_bottom
    )
    ceiling, level = price_ceiling(intent), _level(c)
    above = ceiling is not None and level is not None and level > max(ceiling, 1)
    if (may_exceed or above) and (priced_as is None or level is None or level > priced_as):
        return False
    if intent.group_size >= LARGE_PARTY and groups_said:
        seats, _ = seating_note(p, c.facts.good_for_groups, intent.group_size)
        return bool(seats) or c.facts.good_for_groups is True
    return True


@cache
def _nearest() -> dict[str, tuple[str, ...]]:
    text = (resources.files("kairos.core") / "data" / "nearest_kinds.toml").read_text("utf-8")
    return {k: tuple(v) for k, v in tomllib.loads(text)["nearest"].items()}


@cache
def _families() -> dict[str, tuple[str, ...]]:
    path = resources.files("kairos.recipes") / "data" / "world_dishes.toml"
    table = tomllib.loads(path.read_text("utf-8"))["cuisines"]
    return {k: tuple(v) for k, v in table.items()}


def _family(cuisine: str) -> tuple[str, ...]:
    """(region, continent) of a cuisine by the longest cuisine word in it ("north indian" →
    Indian's: south asian, asian); () when no cuisine of the table is in it."""
    words = f" {cuisine.replace('/', ' ')} "
    held = [k for k in _families() if f" {k} " in words]
    return _families()[max(held, key=len)] if held else ()


def _near(asked: Iterable[str]) -> set[str]:
    """The kinds asked and those nearest to them, and theirs in turn (biryani → North Indian
    → Indian)."""
    near = {a.lower() for a in asked}
    for _ in range(2):
        near |= {n for a in near for n in _nearest().get(a, ())}
    return near


def nearest_kinds(asked: Sequence[str]) -> list[str]:
    """The kinds nearest to those asked, not asked themselves (biryani → hyderabadi, indian,
    mughlai, north indian): searched for by name, since a search without the categories
    reads them only through the request's words (a biryani dinner in London was offered
    sushi while four Indian restaurants were listed)."""
    wanted = {a.lower() for a in asked}
    return sorted(_near(asked) - wanted)


def closeness(categories: Sequence[str], asked: Sequence[str]) -> int:
    """How near a venue's cuisines are to those asked: 0 a kind nearest to one asked, 1 one of
    its region, 2 of its continent, `FARTHEST` none of these."""
    near = _near(asked)
    theirs = [c.strip().lower() for c in categories]
    if near & set(theirs):
        return 0
    wanted = [_family(a) for a in near]
    regions = {f[0] for f in wanted if f}
    continents = {f[-1] for f in wanted if f}
    held = [_family(c) for c in theirs]
    if any(f and (f[0] in regions or c in regions) for c, f in zip(theirs, held, strict=True)):
        return 1
    if any(f and f[-1] in continents for f in held):
        return 2
    return FARTHEST


def _trip(c: Candidate) -> float:
    """The members' mean trip to `c`, 0 when none is known (then the search's order)."""
    kms = [d.km for d in getattr(c, "distances", ())]
    return sum(kms) / len(kms) if kms else 0.0


def arranged(
    candidates: Sequence[Candidate], intent: Intent, priced_as: int | None = None
) -> list[tuple[Candidate, int]]:
    """The venues of `candidates` that suit the outing (`suits`, `priced_as` the dearest of
    the kind asked) and, after "cheaper", are cheaper (`cheaper_than_before`), each with its
    `closeness` to the kinds asked, nearest first, then by the members' trips, then as
    found."""
    asked = intent.reading.categories
    fitting = [(c, closeness(c.record.place.categories, asked)) for c in candidates]
    kept = [
        (i, c, near)
        for i, (c, near) in enumerate(fitting)
        if suits(c, intent, priced_as) and cheaper_than_before(c, intent)
    ]
    kept.sort(key=lambda t: (t[2], _trip(t[1]), t[0]))
    return [(c, near) for _, c, near in kept]
