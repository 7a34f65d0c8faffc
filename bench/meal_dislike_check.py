"""An independent check that the meal coach keeps a cook's dislikes out, from outside, over HTTP.

    .venv/bin/python bench/meal_dislike_check.py [--cooks 1000] [--seed 20261130]

Issue 37: "over 1,000 random cooks on every shared recipe: 0 dislikes in final recipes (checked
by a checker that does not import the product's reader)". It imports nothing of Kairos: its
own list of foods people dislike, each with the words that name it in a recipe line and the
words that do not (olive oil is not olives; chickpeas are not peas), written from food
knowledge. It reuses only the HTTP client, the server start and the request wording of
`meal_allergy_check.py` (also Kairos-free). Each cook (no allergies, so nothing is left out for
safety) dislikes 1-3 of these foods, stored in the profile as people write them; 35 % cook for a
household whose members dislike 0-2 foods of their own. 40 % of the requests name a dish of a
recipe whose title holds a food the cook dislikes ("mushroom risotto" for a cook who hates
mushrooms); the rest are drawn as the allergy check draws them. Every suggestion is selected and
every final ingredient line (as displayed, left-out lines excluded) is read for the dislikes of
everyone the meal is cooked for; steps are read too and reported apart. Exits 1 on any line.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

from meal_allergy_check import (
    NAMES,
    SAMPLE,
    SOURCES,
    Api,
    _request,
    _titles,
    play,
)

# food as people say they dislike it -> (the words naming it in a line, words that do not)
DISLIKES: dict[str, tuple[str, str | None]] = {
    "mushrooms": (r"mushrooms?|shiitakes?|portobellos?|portabellas?|cremini|chanterelles?|porcini",
                  None),
    "olives": (r"olives?|kalamatas?", r"olive[ -]oil"),
    "cilantro": (r"cilantro|coriander leaves|fresh coriander", None),
    "coconut": (r"coconuts?", r"coconut oil"),  # a pressed oil is not its fruit, as olive oil
    "eggplant": (r"eggplants?|aubergines?", None),
    "beets": (r"beets?|beetroots?", None),
    "anchovies": (r"anchov(?:y|ies)", None),
    "raisins": (r"raisins?|sultanas?", None),
    "tofu": (r"tofu", None),
    "peas": (r"peas?", r"black[ -]eyed peas?|pea[ -]?nuts?"),
    "capers": (r"capers?", None),
    "zucchini": (r"zucchinis?|courgettes?", None),
    "brussels sprouts": (r"brussels? sprouts?", None),
    "cauliflower": (r"cauliflowers?", None),
    "blue cheese": (r"blue cheese|gorgonzola|roquefort|stilton", None),
    "avocado": (r"avocados?|guacamole", None),
    "pineapple": (r"pineapples?", None),
    "liver": (r"livers?", None),
    "mayonnaise": (r"mayonnaise|mayo|aioli", None),
    "spinach": (r"spinach", None),
    "kale": (r"kale", None),
    "tuna": (r"tuna", None),
    "goat cheese": (r"goat(?:'s)? cheese|ch[eè]vre", None),
    "cottage cheese": (r"cottage cheese", None),
    "lamb": (r"lamb|mutton", r"lamb'?s lettuce"),
}  # fmt: skip
_WORDS = {
    food: (
        re.compile(rf"\b(?:{said})\b", re.I),
        re.compile(rf"\b(?:{nots})\b", re.I) if nots else None,
    )
    for food, (said, nots) in DISLIKES.items()
}


def holds(text: str, food: str) -> bool:
    said, nots = _WORDS[food]
    return bool(said.search(nots.sub(" ", text) if nots else text))


def _cook(rng: random.Random) -> dict[str, Any]:
    cook: dict[str, Any] = {"dislikes": rng.sample(sorted(DISLIKES), rng.randint(1, 3))}
    if rng.random() < 0.35:
        cook["household"] = [
            {"name": n, "dislikes": rng.sample(sorted(DISLIKES), rng.randint(0, 2))}
            for n in rng.sample(NAMES, rng.randint(1, 3))
        ]
    return {"cook": cook}


def _disliked_dish(rng: random.Random, titles: list[str], foods: list[str]) -> str | None:
    food = rng.choice(foods)
    fitting = [t for t in titles if holds(t, food) and len(t.split()) <= 6]
    return rng.choice(fitting).lower() if fitting else None


def run(api: Api, cooks: int, seed: int, titles: list[str]) -> dict[str, Any]:
    rng = random.Random(seed)
    out: dict[str, Any] = {"cooks": cooks, "requests": 0, "asked_disliked_dish": 0, "answered": 0,
                           "recipes": 0, "lines": 0, "line_cases": [],
                           "step_cases": [], "by_food": {}}  # fmt: skip
    for _ in range(cooks):
        uid, body = str(uuid.uuid4()), _cook(rng)
        api.call("POST", f"/users/{uid}", body)
        members = body["cook"].get("household", [])
        for _ in range(rng.choice((1, 1, 2))):
            household = bool(members) and rng.random() < 0.7
            people = {"you": body["cook"]["dislikes"]}
            if household:
                people |= {m["name"]: m["dislikes"] for m in members}
            text = None
            if rng.random() < 0.4:
                text = _disliked_dish(rng, titles, body["cook"]["dislikes"])
                out["asked_disliked_dish"] += text is not None
            text = text or _request(rng, titles)
            out["requests"] += 1
            answer = api.call("POST", "/meals/coach", {"text": text, "household": household}, uid)
            if answer["ui_type"] != "suggestions" or not answer["suggestions"]:
                continue
            out["answered"] += 1
            for suggestion in answer["suggestions"]:
                chosen = api.call("POST", f"/meals/coach/{answer['session_id']}/select",
                                  {"suggestion_id": suggestion["suggestion_id"]}, uid)  # fmt: skip
                check_recipe(chosen["recipe"], people, text, out)
    return out


def check_recipe(
    recipe: dict[str, Any], people: dict[str, list[str]], asked: str, out: dict[str, Any]
) -> None:
    out["recipes"] += 1
    for item in recipe["ingredients"]:
        if item["omitted"]:
            continue
        out["lines"] += 1
        for who, foods in people.items():
            for food in foods:
                if holds(item["display"], food):
                    out["line_cases"].append((food, who, item["display"], recipe["title"], asked))
                    out["by_food"][food] = out["by_food"].get(food, 0) + 1
    for step in recipe["steps"]:
        for who, foods in people.items():
            for food in foods:
                if holds(step["text"], food):
                    out["step_cases"].append((food, who, step["text"][:160], recipe["title"]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cooks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--data-dir", type=Path, help="scratch data dir to reuse (kept)")
    parser.add_argument("--json", type=Path, help="write the figures and every case here")
    args = parser.parse_args()
    files = [p for p in SOURCES if p.exists()] or [SAMPLE]
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="kairos-meal-dislike-"))
    data_dir.mkdir(parents=True, exist_ok=True)
    titles = _titles(files)
    out = play(data_dir, files, lambda api: run(api, args.cooks, args.seed, titles))
    print(f"data: {' + '.join(str(f) for f in files)} ({len(titles)} English titles)")
    for key in ("cooks", "requests", "asked_disliked_dish", "answered", "recipes", "lines"):
        print(f"{key:>22}: {out[key]}")
    print(f"{'VIOLATION lines':>22}: {len(out['line_cases'])} {out['by_food']}")
    print(f"{'steps naming one':>22}: {len(out['step_cases'])} (reported, not counted)")
    for case in out["line_cases"][:15] + out["step_cases"][:10]:
        print("   ", case)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, default=str))
    return 1 if out["line_cases"] else 0


if __name__ == "__main__":
    sys.exit(main())
