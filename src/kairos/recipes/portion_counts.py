"""Portion counts in the steps that agree with a scaled recipe (issue 37, "scaling rewrites the
yield ... named in the steps"): cookies for 12 made for 6 are not "cut into 12 squares", and
"makes about 30 cookies" of a halved batch makes about 15.

- A yield the steps state ("makes about 30 cookies", "yields 12 rolls") is scaled with the
  amounts, whatever its number.
- A cut or shaping into as many portions as the recipe serves ("cut into 12 squares", "divide
  the dough into 8 equal pieces", "shape into 4 patties") is the recipe's portioning: scaled to
  the new servings. A cut of each item ("cut each lemon half into 3 segments") or a count that
  is not the servings ("cut the onion into 8 wedges") is about the item and kept.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Final

from kairos.recipes.shown_items import agreeing_item

__all__ = ["scaled_portions"]

_PORTIONS: Final = (
    r"(?:pieces|squares|bars|slices|rolls|buns|balls|patties|burgers|cookies|biscuits|muffins|"
    r"cupcakes|wedges|rounds|bites|triangles|rectangles|dis[ck]s|logs|"
    r"dumplings|pancakes|fritters|cakes|tarts|tartlets|scones|meatballs|parts|mounds|"
    r"loaves|knots|twists|crescents|sections|tortillas|flatbreads|breadsticks|empanadas|"
    r"piece|square|bar|slice|roll|bun|ball|patty|burger|cookie|biscuit|muffin|"
    r"cupcake|wedge|round|bite|loaf|part|mound)"
)
_SIZES: Final = (
    r"(?:(?:equal|even|evenly|equally|same|similar|large|small|medium|big|little|thick|thin|"
    r"round|flat|individual|mini|sized|size|smaller|larger|"
    r"[a-z]+-(?:sized|size|shaped)|\d+(?:[.,]\d+)?\s*-?\s*(?:cm|mm|inch|in\.?))"
    r"(?:\(\w+\))?[\s,-]+){0,3}"
)
_CUT: Final = re.compile(
    r"\b(?:cut|slice|divide|split|shape|form|roll|portion|scoop|pinch|press|separate|break|"
    r"make|pat|spoon|drop|fill)\w*\b(?P<between>[^.;:]{0,60}?)\binto\s+(?P<n>\d{1,3})\s+"
    rf"(?P<mid>{_SIZES})(?P<noun>portions?|{_PORTIONS})\b",
    re.IGNORECASE,
)
"""A yield in servings or portions ("makes 4 servings") is `step_amounts`' to scale."""
_YIELD: Final = re.compile(
    r"\b(?:makes|yields?|produces|you(?:'|’)ll\s+have|you\s+will\s+have|should\s+have)\s+"
    r"(?:about\s+|approximately\s+|around\s+|roughly\s+|up\s+to\s+)?(?P<n>\d{1,3})\s+"
    rf"(?P<mid>{_SIZES})(?P<noun>{_PORTIONS})\b",
    re.IGNORECASE,
)
_EACH: Final = re.compile(r"\b(?:each|every|per)\b", re.IGNORECASE)


def _new_count(count: int, factor: float) -> int:
    return max(1, math.floor(count * factor + 0.5))


@lru_cache(maxsize=65_536)
def scaled_portions(step: str, servings: float | None, factor: float) -> str:
    """`step` with the portions it cuts or yields scaled by `factor`: "Cut into 12 squares" of a
    recipe for 12 made for 6 reads "Cut into 6 squares"; "makes about 30 cookies" halved reads
    "makes about 15 cookies". `servings` is how many the amounts were written for (None when
    unknown: only stated yields are scaled)."""
    if factor == 1.0:
        return step

    def scaled(m: re.Match[str], *, cut: bool) -> str:
        count = int(m["n"])
        if cut and (
            servings is None or count != round(servings) or _EACH.search(m["between"] or "")
        ):
            return m.group()
        new = _new_count(count, factor)
        noun = agreeing_item(m["noun"], count, new, None)
        start = m.start("n") - m.start()
        return f"{m.group()[:start]}{new} {m['mid']}{noun}"

    step = _YIELD.sub(lambda m: scaled(m, cut=False), step)
    return _CUT.sub(lambda m: scaled(m, cut=True), step)
