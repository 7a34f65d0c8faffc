"""Draw the second judging extension of the allergen line set (half B only), standard library only.

The lines come from the same sources as the rest of the set (both shared recipe sets, English
recipes only, and the allergens menu file; every Indian menu dish is already in the set) and use
the same ids (`<source>:<recipe_id>#<line number>`, `menus_allergens:<dish>`). A line is a
candidate only if neither its id nor its text (spacing and case ignored) is already in
`lines.jsonl` (its own lines excepted, so the draw can be run again); texts repeated among
candidates are taken once.

Two draws with one fixed seed (`EXTENSION.seed`), both blind to the reader being judged:

- `random`: a uniform sample of each source's candidates (`random_per_source`);
- `soy-words`: soy has few labels in half B, so `words_extra` more lines are drawn at random among
  the candidates left whose text holds a word cooks associate with soy (`words`, written
  before any reader output was looked at). Figures on the `random` draw alone are unbiased;
  the `soy-words` draw only adds soy (and whatever else those lines hold) to judge on.

    python evals/allergen_lines/draw_judging_extension.py ../shared/data > unlabelled.jsonl

Every drawn line is half B and `"set": "judging-extension-2"`; its labels are written by hand.
"""

from __future__ import annotations

import re

from line_draw import Extension, main

EXTENSION = Extension(
    seed=20261129,
    set_name="judging-extension-2",
    half="B",
    random_per_source={"recipes": 125, "recipes_wikibooks": 125, "menus_allergens": 20},
    words=re.compile(
        r"\b(soy|soya|soybeans?|shoyu|tamari|miso|tofu|bean ?curd|edamame|tempeh|teriyaki|hoisin"
        r"|natto|yuba|okara|ponzu|kecap|ketjap|doenjang|gochujang|black bean sauce|bean paste"
        r"|lecithin|textured vegetable protein|tvp|yakisoba)\b",
        re.IGNORECASE,
    ),
    words_extra=50,
    words_draw="soy-words",
)

if __name__ == "__main__":
    main(EXTENSION)
