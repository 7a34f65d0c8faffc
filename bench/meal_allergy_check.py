"""An independent check of the meal coach's allergy safety, from outside, over HTTP.

    .venv/bin/python bench/meal_allergy_check.py [--cooks 1000] [--seed 20261129]
        [--data-dir DIR] [--json OUT]

It imports nothing of Kairos: its own word lists for the EU-14 allergens, written from food
knowledge (wines, vinegars from wine and dried fruit hold sulphites; crabmeat is a crustacean;
phyllo, pasta and flour hold gluten; stock usually holds celery...), its own HTTP client. It
starts `kairos serve` on a scratch data directory (KAIROS_DATA_DIR; reused with --data-dir) and
a free port, with every shared recipe ingested (`kairos ingest recipes` on
../shared/data/recipes and ../shared/data/recipes_wikibooks; the committed sample when ../shared
is absent, and it says so), creates seeded random cooks (allergies of every severity over the
EU-14, some with household members of their own), asks the coach for dishes (titles drawn from
the recipes, plain requests, pantries), selects every suggestion, and reads every final recipe:

- a final ingredient line that *contains* an allergen of anyone the meal is cooked for is a
  violation, except a lactose-free dairy line for a milk *intolerance* (what a lactose
  intolerance is advised to use; never for a milk allergy), which must be named, quoted, in the
  recipe's allergy check or warnings;
- a line that *likely* holds one must be named, quoted, in the recipe's allergy check (a risk
  of that allergen) or in its warnings;
- every suggestion and recipe must carry `allergy`, checked for the cook and every member.

It prints the figures and the worst cases, and exits 1 on any violation.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meal_numbers import NUMBER_ROWS, check_numbers, new_counts

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
SOURCES = (SHARED / "recipes" / "recipes.jsonl.gz",
           SHARED / "recipes_wikibooks" / "recipes_wikibooks.jsonl.gz")  # fmt: skip
SAMPLE = REPO / "data" / "sample" / "recipes" / "recipes.jsonl.gz"

# --- the checker's own knowledge: EU-14 group -> (contains words, likely words, not-these) ----
# Words are regex fragments matched on whole words of a lowercased line; "not" fragments are
# blanked out first (coconut milk is not milk, eggplant is not egg, oyster mushrooms are not
# molluscs). A "<group>-free" / "free of" / "no" / "vegan" / "non-dairy" line clears a group.
W = dict[str, tuple[str, str, str]]
WORDS: W = {
    "gluten": (
        r"(?:all[ -]purpose |plain |bread |cake |pastry |self[ -]ris\w+ |whole[ -]?wheat |wheat |"
        r"white |strong |graham )?flour|wheat|barley|rye|spelt|farro|semolina|durum|bulgur|"
        r"couscous|seitan|breadcrumbs?|bread ?crumbs|panko|croutons?|bread|baguette|buns?|rolls?|"
        r"pitas?|naan|brioche|tortillas?|wraps?|crackers?|pretzels?|cookies|biscuits?|cake|"
        r"pasta|spaghetti|penne|macaroni|fettuccine|linguine|lasagnas?|lasagne|rigatoni|fusilli|"
        r"orzo|farfalle|ziti|rotini|noodles|udon|ramen|tortellini|ravioli|gnocchi|dumpling"
        r"(?: wrappers?)?|wonton(?: wrappers?)?|phyllo|filo|fillo|puff pastry|pastry|pie crust|"
        r"pizza dough|dough|malt|beer|ale|lager|stout|soy sauce|shoyu|seitan|matzo|stuffing|oats|"
        r"oatmeal|rolled oats|oat flour|oat milk|cake mix|pancake mix|baking mix|bisquick|"
        r"granola|muesli|cornbread",
        r"soba|teriyaki|hoisin|worcestershire|gravy|cream of (?:mushroom|chicken|celery) soup|"
        r"bouillon cubes?|stock cubes?",
        r"buckwheat|(?:rice|cassava|tapioca|arrowroot|potato|sorghum|millet|teff|quinoa|amaranth|"
        r"banana|chestnut|soy|lentil|pea|hemp|flax|sunflower|gram|besan|masa|coconut|almond|"
        r"chickpea|corn|maize) (?:flour|starch)|masa harina|rice (?:noodles|paper)|"
        r"corn (?:tortillas?)|cornflour|almond "
        r"flour|coconut flour|chickpea flour|tapioca flour|potato flour|rice cakes?|"
        r"corn starch|cornstarch|rice wrappers?|lettuce wraps?|crab ?cakes?|"
        r"(?:locust )?bean cakes?|for rolling(?: the)? dough|(?:between|over|on|around) the "
        r"rolls|(?:glass|cellophane|bean thread|shirataki|konjac|kelp|zucchini|rice) noodles|"
        r"spaghetti squash|sweet potato (?:glass )?noodles|(?:corn )?tortilla chips|"
        r"(?:korean )?dang ?myun(?: noodles)?|dangmyeon",
    ),
    "crustaceans": (
        r"shrimps?|prawns?|crabs?|crabmeat|lobsters?|crayfish|crawfish|langoustines?|scampi|"
        r"krill|shrimp paste|belacan|dried shrimp|xo sauce|prawn crackers",
        r"(?:thai |red |green |yellow |panang |massaman |penang )?curry pastes?|"
        r"surimi|seafood(?: mix| stock)?|bouillabaisse|sambal|laksa paste|tom yum paste|"
        r"nam prik",
        r"crab ?apples?|crab ?cakes? mix",
    ),
    "molluscs": (
        r"clams?|mussels?|oysters?|scallops?|squid|calamari|octopus|cuttlefish|snails?|"
        r"escargots?|abalone|whelks?|cockles?|periwinkles?|oyster sauce|clam juice|conch",
        r"seafood(?: mix| stock)?|paella mix",
        r"oyster mushrooms?|oyster crackers?",
    ),
    "fish": (
        r"fish|salmon|tuna|cod|haddock|halibut|tilapia|trout|sardines?|anchov(?:y|ies)|mackerel|"
        r"herring|snapper|catfish|swordfish|mahi[ -]?mahi|flounder|pollock|sea bass|monkfish|"
        r"pike|perch|carp|hake|eel|caviar|roe|bonito|katsuobushi|fish sauce|nam pla|nuoc mam|"
        r"anchovy paste|worcestershire(?: sauce)?|surimi|imitation crab(?:meat)?|crab sticks?|"
        r"lox|gravlax|kipper|whitefish|sole fillets?|fillets? of sole",
        r"(?:thai |red |green |yellow |panang |massaman |penang )?curry pastes?|dashi|"
        r"caesar dressing|seafood(?: mix)?|fish stock|sambal|laksa paste|tom yum paste|"
        r"kimchi|furikake",
        r"fish[ -]?shaped|goldfish crackers",
    ),
    "eggs": (
        r"eggs?|egg (?:whites?|yolks?)|yolks?|mayonnaise|mayo|aioli|meringue|hollandaise|"
        r"b[eé]arnaise|custard|egg noodles|brioche|challah|eggnog|lemon curd|marshmallow fluff|"
        r"tartar sauce|remoulade|macarons?",
        r"tortellini|ravioli|fresh pasta|pasta dough|caesar dressing|nougat",
        r"eggplants?|egg[ -]?free|egg replacer|egg substitute|flax ?eggs?|chia eggs?|"
        r"egg roll wrappers? \(vegan\)|vegan mayo\w*|eggless",
    ),
    "milk": (
        r"milk|whole milk|buttermilk|butter|ghee|cream|creme fraiche|crème fraîche|half[ -]and"
        r"[ -]half|cheeses?|cheddar|mozzarella|parmesan|parmigiano|pecorino|ricotta|feta|"
        r"gruy[eè]re|brie|camembert|mascarpone|paneer|halloumi|gouda|provolone|monterey jack|"
        r"colby|emmental|queso|cotija|yogh?urt|kefir|whey|casein|lactose|custard|"
        r"milk chocolate|white chocolate|ice cream|gelato|condensed milk|evaporated milk|"
        r"powdered milk|milk powder|pesto|alfredo|b[eé]chamel|ranch dressing|tzatziki|raita|"
        r"quark|curds?|labneh|skyr|fromage frais|hollandaise|b[eé]arnaise|brioche|croissants?",
        r"chocolate(?: chips| chunks| morsels)?|dark chocolate|semi[ -]?sweet chocolate|"
        r"bittersweet chocolate|margarine|puff pastry|caramel|butterscotch|toffee|fudge|"
        r"naan|garlic bread|creamer|coffee creamer",
        r"coconut (?:milk|cream|yogh?urt)|cream of coconut|(?:almond|oat|soy|soya|rice|cashew|"
        r"hemp|pea|flax|macadamia) (?:milk|cream|yogh?urt|creamer)|cream of tartar|(?:peanut|"
        r"almond|cashew|sunflower(?: seed)?|seed|nut|apple|cocoa|shea|pumpkin|hazelnut) butter|"
        r"butter ?beans|butternut|butter(?:head)? lettuce|milk thistle|ice cream cones?|"
        r"bean curds?",
    ),
    "peanuts": (
        r"peanuts?|peanut butter|peanut oil|groundnuts?|monkey nuts|satay sauce|peanut sauce",
        r"mixed nuts|(?<!pine )(?<!brazil )(?<!macadamia )(?<!tiger )(?<!cashew )nuts|satay|"
        r"mole sauce|trail mix",
        r"peanut[ -]free",
    ),
    "tree nuts": (
        r"almonds?|walnuts?|pecans?|cashews?|hazelnuts?|filberts?|pistachios?|macadamias?|"
        r"macadamia nuts|brazil nuts?|marzipan|almond (?:paste|flour|meal|milk|butter|extract)|"
        r"frangipane|nutella|praline|gianduja|amaretti|walnut oil|hazelnut oil|almond oil|"
        r"nut butter|mixed nuts|(?<!pine )nuts|baklava|romesco|dukkah",
        r"pesto|pine nuts?|pignoli|amaretto|nougat|granola|muesli|trail mix|mole sauce",
        r"nutmeg|coconut|butternut|doughnuts?|donuts?|water chestnuts?|nutritional yeast|"
        r"peanuts?|peanut butter|tiger ?nuts?|nut[ -]free|pine nut[ -]free",
    ),
    "soy": (
        r"soy|soya|soy sauce|soy ?beans?|tamari|shoyu|tofu|tempeh|edamame|miso|natto|"
        r"teriyaki(?: sauce)?|hoisin(?: sauce)?|black bean sauce|doubanjiang|bean paste|"
        r"textured vegetable protein|tvp|soy lecithin|ponzu",
        r"lecithin|chocolate chips|stir[ -]fry sauce",
        r"soy[ -]free|coconut aminos|(?:sweet(?:ened)? )?red bean paste|sweet bean paste|"
        r"adzuki bean paste|anko",
    ),
    "sesame": (
        r"sesame(?: seeds?| oil| paste)?|tahini|tahina|hummus|houmous|halva|halvah|gomasio|"
        r"gomashio|benne seeds?|za'?atar|furikake|dukkah|everything bagel seasoning|baba ganoush",
        r"(?:hamburger |burger )?buns|bagels?",
        r"sesame[ -]free",
    ),
    "mustard": (
        r"mustard(?: seeds?| powder| greens)?|dijon|honey mustard|english mustard|"
        r"wholegrain mustard|piccalilli|panch phoron",
        r"mayonnaise|mayo|curry powder|vinaigrette|bbq sauce|barbecue sauce|salad dressing|"
        r"remoulade",
        r"mustard[ -]free",
    ),
    "celery": (
        r"celery(?: stalks?| ribs?| leaves| seeds?| salt| root)?|celeriac|mirepoix|soffritto|"
        r"old bay|cream of celery soup|v8",
        r"(?:chicken |beef |vegetable |veggie |bone |fish |turkey |ham |low[ -]sodium |"
        r"reduced[ -]sodium )*(?:stock|broth|bouillon)(?: cubes?| granules| powder)?|"
        r"consomm[eé]|soup mix|onion soup mix|seasoning salt|bloody mary mix|stuffing mix",
        r"celery[ -]free|dashi(?: stock)?",
    ),
    "lupin": (r"lupin(?:e|i)?(?: beans?| flour)?", r"", r"lupin[ -]free"),
    "sulphites": (
        r"(?<!rice )(?<!shaoxing )wines?|sherry|"
        r"marsala|madeira|port|port wine|vermouth|champagne|prosecco|cava|sparkling wine|"
        r"cabernet(?: sauvignon)?|merlot|pinot(?: noir| grigio)?|chardonnay|riesling|"
        r"sauvignon blanc|chianti|zinfandel|shiraz|burgundy wine|(?<!apple )cider(?! vinegar)|"
        r"perry|"
        r"balsamic(?: vinegar| glaze| reduction)?|(?:red |white )?wine vinegar|sherry vinegar|"
        r"champagne vinegar|sangria|mulled wine|sulphured \w+|sulfured \w+",
        r"beer|ale|lager|stout|rice wine|shaoxing(?: wine)?|sake|mirin|raisins?|golden raisins|"
        r"sultanas?|currants|dried (?:apricots?|figs?|cranberries|cherries|mango|fruit|peaches|"
        r"pears|apples?)|prunes|craisins|candied (?:peel|fruit|cherries)|glac[eé] cherries|"
        r"maraschino cherries|molasses|treacle|bottled lemon juice|lemon juice concentrate|"
        r"bottled lime juice|(?:apple )?cider(?: vinegar)?|malt vinegar|sauerkraut|"
        r"pickles|pickled \w+|gherkins?|cornichons?|sun[ -]?dried tomatoes|"
        r"desiccated coconut|shredded coconut|coconut flakes|flaked coconut|instant (?:mashed "
        r")?potato(?:es| flakes)?|potato flakes|grape juice|vinaigrette|horseradish sauce",
        r"unsulph?ured \w+|unsulfured \w+|sulph?ite[ -]free|sulfite[ -]free|"
        r"(?:rice|distilled|white) vinegar|rice wine vinegar|portobellos?|portabellas?|"
        r"port salut|pork",
    ),
}
# what a person says -> the groups they mean ("shellfish": crustaceans and molluscs)
SAID = {
    "peanuts": ("peanuts",), "tree nuts": ("tree nuts",), "shellfish": ("crustaceans", "molluscs"),
    "molluscs": ("molluscs",), "fish": ("fish",), "milk": ("milk",), "dairy": ("milk",),
    "eggs": ("eggs",), "gluten": ("gluten",), "wheat": ("gluten",), "soy": ("soy",),
    "sesame": ("sesame",), "mustard": ("mustard",), "celery": ("celery",), "lupin": ("lupin",),
    "sulphites": ("sulphites",),
}  # fmt: skip
# the product's canonical allergen names in its `allergy.risks` -> the checker's groups
PRODUCT = {
    "peanuts": ("peanuts",), "tree_nuts": ("tree nuts",), "shellfish": ("crustaceans", "molluscs"),
    "molluscs": ("molluscs",), "fish": ("fish",), "dairy": ("milk",), "eggs": ("eggs",),
    "gluten": ("gluten",), "soy": ("soy",), "sesame": ("sesame",), "mustard": ("mustard",),
    "celery": ("celery",), "lupin": ("lupin",), "sulphites": ("sulphites",),
}  # fmt: skip
_FREE = {g: rf"\b{w}[ -]?free\b|\bfree (?:of|from) {w}\b|\bno {w}\b|\bwithout {w}\b"
         for g, w in (("gluten", "(?:gluten|wheat)"), ("milk", "(?:dairy|milk)"),
                      ("eggs", "eggs?"), ("soy", "soy"), ("sesame", "sesame"),
                      ("mustard", "mustard"), ("celery", "celery"), ("peanuts", "peanuts?"),
                      ("tree nuts", "(?:tree )?nuts?"), ("sulphites", "sul(?:ph|f)ites?"),
                      ("fish", "fish"), ("crustaceans", "(?:shellfish|shrimp|crustaceans?)"),
                      ("molluscs", "(?:shellfish|molluscs?)"), ("lupin", "lupin"))}  # fmt: skip
_VEGAN = re.compile(r"\b(?:vegan|plant[ -]based|non[ -]?dairy|dairy[ -]?free)\b")
_COMPILED = {
    group: tuple(re.compile(rf"(?<![\w-])(?:{p})(?![\w-])") if p else None for p in parts)
    for group, parts in WORDS.items()
}


def read_line(line: str) -> dict[str, str]:
    """group -> "contains" or "likely" for one ingredient line, by the checker's own words."""
    text = " ".join(line.lower().replace("’", "'").split())
    found: dict[str, str] = {}
    for group, (contains, likely, not_these) in _COMPILED.items():
        if re.search(_FREE[group], text):
            continue
        if _VEGAN.search(text) and group in ("milk", "eggs", "fish", "crustaceans", "molluscs"):
            continue
        blanked = not_these.sub(" ", text) if not_these else text
        if contains and contains.search(blanked):
            found[group] = "contains"
        elif likely and likely.search(blanked):
            found[group] = "likely"
    return found


# --- the product, over HTTP --------------------------------------------------------------------
class Api:
    def __init__(self, port: int, token: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.token = token

    def call(self, method: str, path: str, body: Any = None, uid: str | None = None) -> Any:
        headers = {"X-Service-Token": self.token, "Content-Type": "application/json"}
        if uid:
            headers["X-User-ID"] = uid
        data = None if body is None else json.dumps(body).encode()
        for attempt in range(3):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                if attempt == 2:
                    raise
                time.sleep(1)
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {payload[:300]!r}")
        return json.loads(payload) if payload else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _kairos() -> str:
    found = Path(sys.executable).parent / "kairos"
    return str(found) if found.exists() else "kairos"


def start_server(
    data_dir: Path, files: list[Path], token: str
) -> tuple[subprocess.Popen[bytes], int]:
    env = {**os.environ, "KAIROS_DATA_DIR": str(data_dir), "KAIROS_SERVICE_TOKEN": token,
           "KAIROS_AUTO_INGEST_SAMPLE": "false", "KAIROS_CHAT_LIMIT_PER_USER": "0",
           "KAIROS_CHAT_LIMIT_PER_ADDRESS": "0", "KAIROS_ENV": "development",
           "KAIROS_LLM_PROVIDER": "offline", "KAIROS_VISION_PROVIDER": "offline"}  # fmt: skip
    for path in files:
        started = time.monotonic()
        subprocess.run([_kairos(), "ingest", "recipes", str(path)], env=env, cwd=REPO,
                       check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        print(f"ingested {path.name} in {time.monotonic() - started:.0f} s", flush=True)
    port = _free_port()
    log = open(data_dir / "serve.log", "w")  # noqa: SIM115 - open for the server's lifetime
    server = subprocess.Popen([_kairos(), "serve", "--host", "127.0.0.1", "--port", str(port)],
                              env=env, cwd=REPO, stdout=log, stderr=subprocess.STDOUT)  # fmt: skip
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"kairos serve exited; see {data_dir / 'serve.log'}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/health")
            if conn.getresponse().status == 200:
                return server, port
        except OSError:
            pass
        time.sleep(1)
    server.terminate()
    raise SystemExit("kairos serve did not answer /health within 300 s")


# --- cooks, households and requests ----------------------------------------------------------
SEVERITIES = ("anaphylactic", "severe", "moderate", "intolerance")
NAMES = ("Ana", "Sam", "Lee", "Mia", "Noor", "Tom", "Ravi", "Zoe", "Ken", "Ola", "Ines", "Max")
PLAIN = (
    "pasta",
    "chicken curry",
    "soup",
    "a stir fry",
    "lasagna",
    "pancakes",
    "fish tacos",
    "beef stew",
    "risotto",
    "salad",
    "pad thai",
    "shrimp scampi",
    "mac and cheese",
    "chili",
    "fried rice",
    "pizza",
    "brownies",
    "banana bread",
    "omelette",
    "dumplings",
    "ramen",
    "thai green curry",
    "paella",
    "quiche",
    "burgers",
    "chicken marsala",
    "crab cakes",
)
PANTRY = ("chicken", "rice", "onion", "garlic", "tomatoes", "eggs", "spinach", "feta", "pasta",
          "broccoli", "potatoes", "carrots", "beef", "salmon", "lentils", "chickpeas", "tofu",
          "mushrooms", "peppers", "cheese", "milk", "flour", "butter", "lemon", "shrimp",
          "coconut milk", "bread", "zucchini", "beans", "ginger")  # fmt: skip
PHRASES = ("{}", "healthier {}", "{} but healthier", "a lighter {}", "{} for dinner")


def _allergies(rng: random.Random, most: int) -> dict[str, Any]:
    said = rng.sample(sorted(SAID), rng.randint(1, most))
    return {"confirmed": said, "severity": {w: rng.choice(SEVERITIES) for w in said}}


def _cook(rng: random.Random) -> dict[str, Any]:
    body: dict[str, Any] = {"allergies": _allergies(rng, 3)}
    if rng.random() < 0.35:
        names = rng.sample(NAMES, rng.randint(1, 3))
        body["cook"] = {"household": [
            {"name": n, "allergies": _allergies(rng, 2) if rng.random() < 0.8 else {}}
            for n in names
        ]}  # fmt: skip
    return body


def _dish(rng: random.Random, titles: list[str]) -> str:
    if rng.random() < 0.3:
        return rng.choice(PLAIN)
    words = re.sub(r"\([^)]*\)|[^\w' -]", " ", rng.choice(titles)).split()
    if len(words) > 4 and rng.random() < 0.6:
        words = words[-rng.randint(2, 3) :]  # "Grandma's Best Chicken Pot Pie" -> "Chicken Pot Pie"
    return " ".join(words)


def _request(rng: random.Random, titles: list[str]) -> str:
    if rng.random() < 0.2:
        items = rng.sample(PANTRY, rng.randint(3, 6))
        return f"I have {', '.join(items[:-1])} and {items[-1]}"
    return rng.choice(PHRASES).format(_dish(rng, titles).lower())


def _titles(files: list[Path]) -> list[str]:
    titles = []
    for path in files:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                if str(row.get("language") or "en").lower().startswith("en") and row.get("title"):
                    titles.append(str(row["title"]))
    return titles


# --- the check of one final recipe -----------------------------------------------------------
def _groups(allergies: dict[str, Any]) -> dict[str, str]:
    """group -> the riskiest severity this person gave for it."""
    out: dict[str, str] = {}
    for word, severity in (allergies.get("severity") or {}).items():
        for group in SAID[word]:
            if group not in out or SEVERITIES.index(severity) < SEVERITIES.index(out[group]):
                out[group] = severity
    return out


def _named(line: str, group: str, recipe: dict[str, Any], who: str) -> bool:
    """Is this likely line quoted in a risk of its allergen for this person, or a warning?"""
    text = line.lower()
    for risk in recipe["allergy"]["risks"]:
        mine = group in PRODUCT.get(risk["allergen"], ()) and who in risk["who"]
        if mine and text in risk["message"].lower():
            return True
    return any(text in w.lower() for w in recipe["warnings"])


LACTOSE_FREE = re.compile(r"\blactose[\s-]*free\b", re.IGNORECASE)


def _lactose_free_for_intolerance(line: str, group: str, severity: str) -> bool:
    """A lactose-free dairy line for a milk intolerance (never for a milk allergy)."""
    return group == "milk" and severity == "intolerance" and LACTOSE_FREE.search(line) is not None


def check_recipe(
    recipe: dict[str, Any], people: dict[str, dict[str, str]], out: dict[str, Any]
) -> None:
    out["recipes"] += 1
    if recipe.get("allergy") is None or recipe["allergy"]["checked_for"] != list(people):
        out["missing_check"].append((recipe["title"], recipe.get("allergy")))
        return
    for item in recipe["ingredients"]:
        if item["omitted"]:
            continue
        out["lines"] += 1
        read = read_line(item["display"])
        source = read_line(item["original"])
        for group, status in source.items():
            mine = any(group in groups for groups in people.values())
            if mine and status == "contains" and group not in read:
                out["replaced"][group] += 1
        for who, groups in people.items():
            for group, status in read.items():
                severity = groups.get(group)
                if severity is None:
                    continue
                case = (severity, group, who, item["display"], recipe["title"], item["original"])
                if status == "contains" and _lactose_free_for_intolerance(
                    item["display"], group, severity
                ):
                    # what a lactose intolerance is advised to use: kept, and it must be named
                    out["lactose_free"] += 1
                    if not _named(item["display"], group, recipe, who):
                        out["lactose_free_unnamed"].append(case)
                    continue
                if status == "contains":
                    out["contains"].append(case)
                    continue
                out["likely"] += 1
                if _named(item["display"], group, recipe, who):
                    out["likely_named"] += 1
                else:
                    out["likely_unnamed"].append(case)


# --- the run -----------------------------------------------------------------------------------
def play(
    data_dir: Path, files: list[Path], cooks: Callable[[Api], dict[str, Any]]
) -> dict[str, Any]:
    """Serve `files` from `data_dir` on a free port, play `cooks` against it, stop the server."""
    token = secrets.token_urlsafe(32)
    server, port = start_server(data_dir, files, token)
    try:
        started = time.monotonic()
        out = cooks(Api(port, token))
        print(f"played the cooks in {time.monotonic() - started:.0f} s")
        return out
    finally:
        server.terminate()
        server.wait(timeout=60)


def _p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else sum(values)


def run(api: Api, cooks: int, seed: int, titles: list[str]) -> dict[str, Any]:
    rng = random.Random(seed)
    out: dict[str, Any] = {"cooks": cooks, "households": 0, "requests": 0, "pantry": 0,
                           "household_requests": 0, "answered": 0, "follow_ups": 0, "empty": 0,
                           "not_offered": 0, "suggestions": 0, "recipes": 0, "lines": 0,
                           "likely": 0, "likely_named": 0, "contains": [], "likely_unnamed": [],
                           "lactose_free": 0, "lactose_free_unnamed": [],
                           "missing_check": [], "coach_ms": [], "select_ms": [],
                           "replaced": Counter(), "numbers": new_counts()}  # fmt: skip
    for _ in range(cooks):
        uid, body = str(uuid.uuid4()), _cook(rng)  # fresh ids: a kept data dir has the old
        api.call("POST", f"/users/{uid}", body)
        members = (body.get("cook") or {}).get("household", [])
        out["households"] += bool(members)
        for _ in range(rng.choice((1, 1, 2))):
            text = _request(rng, titles)
            household = bool(members) and rng.random() < 0.7
            people = {"you": _groups(body["allergies"])}
            if household:
                people |= {m["name"]: _groups(m["allergies"]) for m in members}
            out["requests"] += 1
            out["pantry"] += text.startswith("I have")
            out["household_requests"] += household
            started = time.perf_counter()
            answer = api.call("POST", "/meals/coach", {"text": text, "household": household}, uid)
            out["coach_ms"].append((time.perf_counter() - started) * 1000)
            if answer["ui_type"] != "suggestions":
                out["follow_ups"] += 1
                continue
            out["not_offered"] += len(answer["not_offered"])
            if not answer["suggestions"]:
                out["empty"] += 1
                continue
            out["answered"] += 1
            for suggestion in answer["suggestions"]:
                out["suggestions"] += 1
                check = suggestion.get("allergy")
                if check is None or check["checked_for"] != list(people):
                    out["missing_check"].append((suggestion["title"], check))
                started = time.perf_counter()
                chosen = api.call("POST", f"/meals/coach/{answer['session_id']}/select",
                                  {"suggestion_id": suggestion["suggestion_id"]}, uid)  # fmt: skip
                out["select_ms"].append((time.perf_counter() - started) * 1000)
                check_recipe(chosen["recipe"], people, out)
                check_numbers(chosen["recipe"], out["numbers"])
    return out


def _worst(cases: list[tuple[str, ...]], n: int = 10) -> list[tuple[str, ...]]:
    ranked = sorted(set(cases), key=lambda c: (SEVERITIES.index(c[0]), c[1], c[4]))
    return ranked[:n]


def report(out: dict[str, Any], data: str) -> int:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text()
                .splitlines() if line.startswith("model name")), "unknown")  # fmt: skip
    print(f"\nmachine: {os.cpu_count()} vCPU, {cpu}; load {os.getloadavg()[0]:.1f}")
    print(f"data: {data}")
    rows = [
        ("cooks (with a household)", f"{out['cooks']} ({out['households']})"),
        ("requests (pantry; for the household)",
         f"{out['requests']} ({out['pantry']}; {out['household_requests']})"),
        ("answered with suggestions", out["answered"]),
        ("asked back (dish not known)", out["follow_ups"]),
        ("no suggestion (nothing could be made safe or fit)", out["empty"]),
        ("recipes listed as not offered, with a reason", out["not_offered"]),
        ("suggestions", out["suggestions"]),
        ("final recipes checked (every suggestion selected)", out["recipes"]),
        ("final ingredient lines read", out["lines"]),
        ("source lines with an allergen of someone, replaced (by allergen)",
         ", ".join(f"{g} {n}" for g, n in out["replaced"].most_common()) or "0"),
        ("VIOLATION lines containing an allergen of someone it is for", len(out["contains"])),
        ("  ... in distinct recipes", len({c[4] for c in out["contains"]})),
        ("likely lines (an allergen of someone it is for)", out["likely"]),
        ("  ... named in the allergy check or warnings", out["likely_named"]),
        ("VIOLATION likely lines not named", len(out["likely_unnamed"])),
        ("lactose-free dairy lines for a milk intolerance", out["lactose_free"]),
        ("VIOLATION lactose-free lines not named", len(out["lactose_free_unnamed"])),
        ("VIOLATION suggestions/recipes without the check for everyone", len(out["missing_check"])),
        ("coach p50 / p95 ms", f"{_p(out['coach_ms'], 50):.0f} / {_p(out['coach_ms'], 95):.0f}"),
        ("select p50 / p95 ms", f"{_p(out['select_ms'], 50):.0f} / {_p(out['select_ms'], 95):.0f}"),
    ]  # fmt: skip
    numbers = out["numbers"]
    for name, key in NUMBER_ROWS:
        value = numbers[key]
        count = len(value) if isinstance(value, list) else value
        share = f" ({100 * count / max(out['recipes'], 1):.2f} % of recipes)" if key else ""
        rows.append((name, f"{count}{share}"))
    for name, value in rows:
        print(f"  {name:<62} {value}")
    for key in ("serves_one", "non_metric", "yield_disagrees"):
        for case in sorted(set(numbers[key]))[:5]:
            print(f"  {key}: {case}")
    for label, cases in (
        ("contains", out["contains"]),
        ("likely, not named", out["likely_unnamed"]),
        ("lactose-free, not named", out["lactose_free_unnamed"]),
    ):
        if cases:
            by_group = Counter(c[1] for c in cases)
            print(
                f"\n{label} by allergen: "
                + ", ".join(f"{g} {n}" for g, n in by_group.most_common())
            )
            print(f"worst cases ({label}):")
            for severity, group, who, line, title, original in _worst(cases):
                print(f"  [{severity} {group}, {who}] {title}: {line!r} (source: {original!r})")
    for title, check in out["missing_check"][:5]:
        print(f"  no check for everyone: {title}: {check and check['checked_for']}")
    return int(
        bool(
            out["contains"]
            or out["likely_unnamed"]
            or out["missing_check"]
            or out["lactose_free_unnamed"]
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cooks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--data-dir", type=Path, help="scratch data dir to reuse (kept)")
    parser.add_argument("--json", type=Path, help="write the figures and every case here")
    args = parser.parse_args()
    files = [p for p in SOURCES if p.exists()]
    if len(files) < len(SOURCES):
        print(f"../shared is absent ({SHARED}): using the committed sample {SAMPLE}")
        files = [SAMPLE]
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="kairos-meal-allergy-"))
    data_dir.mkdir(parents=True, exist_ok=True)
    titles = _titles(files)
    out = play(data_dir, files, lambda api: run(api, args.cooks, args.seed, titles))
    data = f"{' + '.join(str(f) for f in files)} ({len(titles)} English titles)"
    failed = report(out, data)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({**out, "data": data}, indent=1, default=str))
    print("\nFAIL: violations above" if failed else "\nOK: no violation")
    return failed


if __name__ == "__main__":
    sys.exit(main())
