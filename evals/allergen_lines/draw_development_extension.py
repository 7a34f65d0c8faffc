"""Draw the third development extension of the allergen line set (half A only), stdlib only.

Half A is where rules are chosen; by the end of `extension-2` the reader missed almost none of its
`contains` labels, so it no longer showed what the reader does not know. This draw gives it new
lines. They come from the same sources as the rest of the set (both shared recipe sets, English
recipes only, and the allergens menu file; every Indian menu dish is already in the set) and use
the same ids (`<source>:<recipe_id>#<line number>`, `menus_allergens:<dish>`). A line is a
candidate only if neither its id nor its text (spacing and case ignored) is already in
`lines.jsonl` (its own lines excepted, so the draw can be run again); texts repeated among
candidates are taken once.

Two draws with one fixed seed (`EXTENSION.seed`), both blind to the reader being improved:

- `random`: a uniform sample of each source's candidates (`random_per_source`);
- `sulphite-egg-mustard-words`: sulphites, eggs and mustard are the allergens whose half-B figures
  stand at or below their targets, so `words_extra` further lines are drawn at random among the
  candidates left whose text holds a word cooks associate with them (`words`, written before any
  reader output on these lines was looked at). Figures on the `random` draw alone are unbiased;
  the words draw only adds those allergens (and whatever else the lines hold) to learn from.

    python evals/allergen_lines/draw_development_extension.py ../shared/data > unlabelled.jsonl

Every drawn line is half A and `"set": "development-extension-3"`; its labels are written by hand.
"""

from __future__ import annotations

import re

from line_draw import Extension, main

EXTENSION = Extension(
    seed=20261130,
    set_name="development-extension-3",
    half="A",
    random_per_source={"recipes": 125, "recipes_wikibooks": 125, "menus_allergens": 20},
    words=re.compile(
        r"\b(wines?|sherry|port|marsala|madeira|vermouth|champagne|prosecco|cider|beer|ale|stout"
        r"|vinegars?|balsamic|verjuice|raisins?|sultanas?|currants|prunes|dried (?:fruits?"
        r"|apricots?|figs?|cranberr(?:y|ies)|cherr(?:y|ies)|mango(?:es)?)|glac[eé] cherr(?:y|ies)"
        r"|candied|molasses|pickles?|pickled|gherkins?|capers|olives|relish|chutney|sauerkraut"
        r"|mayonnaise|mayo|aioli|hollandaise|b[eé]arnaise|custard|meringue|dressing"
        r"|vinaigrette|remoulade|tartar sauce|egg noodles|brioche|mustard|dijon|horseradish"
        r"|wasabi|curry powder|piccalilli|worcestershire)\b",
        re.IGNORECASE,
    ),
    words_extra=40,
    words_draw="sulphite-egg-mustard-words",
)

if __name__ == "__main__":
    main(EXTENSION)
