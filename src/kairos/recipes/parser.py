"""Ingredient-line parser: "2-3 large heads of broccoli (~1 1/2 lb.), cut into florets" →
quantity 2, quantity_max 3, unit "head", item "broccoli", preparation "~1 1/2 lb.; cut into
florets".

Written for Kairos after the pure-Python parsers on PyPI fell short of the labelled set (see
docs/BENCHMARKS.md, meals section). The line is read left to right: an amount (integers,
decimals, fractions, unicode vulgar fractions, mixed numbers, ranges "2-3" / "2 to 3", words
"a" / "one"), a package size ("1 14-ounce can", "2 (15 ounce) cans"), a unit (see `units.py`),
size words ("large"), then the item; what follows the first comma, a " - ", parentheses, a
trailing "to taste" or a known preparation word goes to `preparation`. "(optional)",
", optional" and "optional:" set `optional`.
"""

from __future__ import annotations

import html
import re
from typing import Final

from kairos.recipes.models import ParsedIngredient
from kairos.recipes.package_sizes import sized_count
from kairos.recipes.units import CASED_ALIASES, UNIT_ALIASES, unit_kind

__all__ = ["parse_amount", "parse_ingredient"]

_VULGAR: Final = {
    "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5",
    "⅗": "3/5", "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8",
    "⅞": "7/8", "⅐": "1/7", "⅑": "1/9", "⅒": "1/10",
}  # fmt: skip
_WORD_NUMBERS: Final = {
    "a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0,
    "six": 6.0, "seven": 7.0, "eight": 8.0, "nine": 9.0, "ten": 10.0, "twelve": 12.0,
    "half": 0.5, "dozen": 12.0, "a dozen": 12.0, "half a": 0.5, "half an": 0.5, "a half": 0.5,
}  # fmt: skip
_NUMBER: Final = r"(?:\d+\s+\d+\s*/\s*\d+|\d+\s*/\s*\d+|\d+(?:[.,]\d+)?)"
_AMOUNT_RE: Final = re.compile(
    rf"^\s*(?P<q>{_NUMBER})(?:\s*(?:-|–|—|to|or)\s*(?P<qmax>{_NUMBER})(?![\d/]))?"
)
_WORD_AMOUNT_RE: Final = re.compile(
    r"^\s*(?!half\s*(?:-|and|&)\s*half\b)"  # "half and half" is the cream, not ½ of "and half"
    r"(?P<w>half\s+an?|a\s+half|a\s+dozen|an?|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|twelve|half|dozen)\s+(?=\S)",
    re.IGNORECASE,
)
_SIZE_WORDS: Final = (
    "extra large", "extra-large", "x-large", "xl", "large", "medium", "small",
    "big", "heaping", "heaped", "level", "rounded", "generous", "scant",
    "good", "medium-large", "medium-sized", "large-sized", "small-sized", "jumbo",
)  # fmt: skip
_SIZE_RE: Final = re.compile(
    r"^(?:(?:"
    + "|".join(re.escape(s) for s in sorted(_SIZE_WORDS, key=len, reverse=True))
    + r")\b\s*,?\s*|[\w]+-sized\s+)+",
    re.IGNORECASE,
)
_PREP_WORDS: Final = (
    "chopped", "finely chopped", "roughly chopped", "coarsely chopped", "diced", "finely diced",
    "minced", "finely minced", "sliced", "thinly sliced", "finely sliced", "grated",
    "finely grated", "freshly grated", "shredded", "crushed", "melted", "softened", "beaten",
    "lightly beaten", "cubed", "peeled", "julienned", "mashed", "halved", "quartered",
    "trimmed", "rinsed", "drained", "divided", "sifted", "torn", "crumbled", "separated",
    "seeded", "pitted", "cored", "zested", "juiced", "thawed", "warmed", "cooled",
    "room temperature", "at room temperature", "cut", "deveined", "squeezed", "pressed",
    "uncooked", "packed", "firmly packed", "lightly packed", "loosely packed", "sifted",
)  # fmt: skip
_PREP_ALT: Final = "|".join(re.escape(w) for w in sorted(set(_PREP_WORDS), key=len, reverse=True))
_LEADING_PREP_RE: Final = re.compile(rf"^(?:(?:{_PREP_ALT})\b(?:\s*,\s*|\s+and\s+|\s+))+", re.I)
_TO_TASTE_RE: Final = re.compile(
    r"\s*,?\s*(?P<prep>\(?(?:or\s+|plus\s+more\s+|more\s+)?(?:to|as)\s+(?:taste|needed|desired)"
    r"\b.*)$",
    re.IGNORECASE,
)
_OPTIONAL_RE: Final = re.compile(
    r"\(\s*optional\s*\)|\(\s*optional[,;:]\s*|,?\s*\boptional\b\s*[:,]?|^\s*optional\s*:\s*",
    re.IGNORECASE,
)
_PAREN_RE: Final = re.compile(r"\(([^()]*)\)|\[([^\[\]]*)\]")
_DASH_SPLIT_RE: Final = re.compile(r"\s+[-–—]\s+")
_OR_AMOUNT_RE: Final = re.compile(
    rf"\s+(?P<alt>(?:or|plus)\s+(?:[a-z]+\s+)?(?:{_NUMBER}|a|an)\b.*)$", re.IGNORECASE
)
_FOR_RE: Final = re.compile(
    r"\s*,?\s*(?P<prep>\bfor\s+(?:garnish|serving|dusting|frying|"
    r"greasing|the\s+\w+|decorat\w*|topping|brushing)\b.*)$",
    re.I,
)
_UNIT_TOKEN_RE: Final = re.compile(
    r"^\s*(?P<u>fl\.?\s*oz|fl\.?\s*ounces?|fluid\s+ounces?|[A-Za-z]+\"?|\")\.?(?:\s+|$|(?=[,(/]))"
)
_SIZE_UNIT_RE: Final = re.compile(
    rf"^\s*(?:\(\s*(?P<pq>~?{_NUMBER})\s*[-‐]?\s*(?P<pu>[A-Za-z. ]+?)\s*\.?\s*(?:each\s*)?\)"
    rf"|(?P<hq>{_NUMBER})\s*[-‐–]?\s*(?P<hu>fl\.?\s*oz|[A-Za-z]+)\.?(?:\s*\([^()]*\))?)"
    r"\s+(?=\w)"
)
_EACH_RE: Final = re.compile(
    rf"^\s*(?:ea\.?\s+|each\s+)?(?P<q>{_NUMBER})(?:\s*(?:-|–|to)\s*(?P<qmax>{_NUMBER}))?"
    r"\s*[-‐–]?\s*(?P<u>fl\.?\s*oz|[A-Za-z]+)\.?(?:\s*\([^()]*\))?\s+(?=[A-Za-z])"
)
"""A weight each after the count ("2 16 oz. mushrooms", "4 ea. 6–8 ounce steaks")."""
_CONTAINERS: Final = frozenset(
    ("can", "package", "jar", "bottle", "bag", "box", "container", "envelope", "stick",
     "piece", "loaf", "head", "bunch", "slice", "fillet", "sheet", "cube")
)  # fmt: skip
_SIZE_NAMES: Final = {"fluid_ounce": "fl oz"}
"""A package size is written with a spelling the display reads back ("14 fl oz")."""
_LEADING_OF_RE: Final = re.compile(r"^(?:of|x)\s+", re.IGNORECASE)
_SUPERSCRIPTS: Final = str.maketrans("", "", "¹²³⁴⁵⁶⁷⁸⁹⁰†‡")
_ADJECTIVES: Final = frozenset(
    ("skinless", "boneless", "skin-on", "bone-in", "unsalted", "salted", "fresh", "ripe", "cold",
     "lean", "dry", "raw", "organic", "plain", "smooth", "crunchy", "sweetened",
     "unsweetened", "hot", "warm", "soft", "firm", "large", "small", "medium", "fat-free",
     "low-fat", "reduced-fat", "seedless", "pitted", "frozen", "canned", "dried", "cooked")
)  # fmt: skip
_MID_PREP_RE: Final = re.compile(
    rf"(?<![\w-])(?:{_PREP_ALT})\b(?=\s*$|\s+(?:and|or|into|in|to|on|with|from|lengthwise|"
    r"crosswise|thinly|finely|roughly|coarsely|very|then|\d)\b)",
    re.IGNORECASE,
)
_ABOUT_RE: Final = re.compile(
    r"\s+(?P<prep>(?:about|approx\.?|approximately|such\s+as|like|not)\s+.*"
    r"|at\s+(?:\w+\s+)?room\s+temperature.*|\d+\s*°?\s*[FC]\b.*)$",
    re.IGNORECASE,
)
_ALT_MEASURE_RE: Final = re.compile(rf"^\s*/\s*{_NUMBER}\s*(?:fl\.?\s*oz|[A-Za-z]+)\.?\s+")
_HEDGE_RE: Final = re.compile(
    r"^(?:▢\s*)?(?:(?:about|approx\.?|approximately|around|roughly|~|at\s+least|"
    r"just\s+(?:over|under))\s*(?=\d))?",
    re.IGNORECASE,
)
"""A checkbox mark ("▢ 1 cup water") and a hedge before the amount ("About ¼ cup", "~3 cups",
"at least 2 cups"): the amount is read, the hedge dropped (a converted amount is rounded)."""
_AND_FRACTION_RE: Final = re.compile(r"^(\d+)\s+(?:and|&)\s+(\d+\s*/\s*\d+)\b")
_SECOND_MEASURE_RE: Final = re.compile(
    rf"^\s*(?:/\s*)?(?:{_NUMBER})\s*-?\s*(?P<u>fl\.?\s*oz|[A-Za-z]+)\.?(?=[\s,(/]|$)"
)
"""The same amount again in other units right after the first ("¾ cup 4 oz. pine nuts",
"1 cup 2 sticks butter", "600g/1lb 5oz cream cheese")."""
_ARTICLE_RE: Final = re.compile(r"^(?:a|an|of\s+an?|of)\s+", re.IGNORECASE)
_SPACES_RE: Final = re.compile(r"\s+")
_SPACE_DOT_RE: Final = re.compile(r"(?<=[A-Za-z])\s+\.(?=\s|$)")
_GLUED_RE: Final = re.compile(r"(?<=\d)(?=[A-Za-z])")


def _number(text: str) -> float:
    text = text.replace(",", ".").strip()
    mixed = re.fullmatch(r"(?:(\d+)\s+)?(\d+)\s*/\s*(\d+)", text)
    if mixed:
        whole, numerator, denominator = mixed.groups()
        fraction = float(numerator) / float(denominator) if float(denominator) else 0.0
        return fraction + (float(whole) if whole else 0.0)
    return float(text)


def _normalise(line: str) -> str:
    text = html.unescape(line).translate(_SUPERSCRIPTS)
    text = text.replace("\u2044", "/").replace("\u00a0", " ").replace("\u2009", " ")
    for glyph, fraction in _VULGAR.items():
        text = re.sub(rf"(\d)\s*{glyph}", rf"\1 {fraction}", text)
        text = re.sub(rf"{glyph}(?=[\"”″])", f" {fraction}", text)  # '½" coins': an inch
        text = text.replace(glyph, f" {fraction} ")
    text = _SPACE_DOT_RE.sub(".", text)
    text = _SPACES_RE.sub(" ", text).strip().strip("*•-–· ").strip()
    return _AND_FRACTION_RE.sub(r"\1 \2", _HEDGE_RE.sub("", text, count=1))


def parse_amount(text: str) -> tuple[float | None, float | None, str]:
    """The leading amount of `text` (quantity, range end) and the rest."""
    match = _AMOUNT_RE.match(text)
    if match:
        quantity = _number(match["q"])
        top = _number(match["qmax"]) if match["qmax"] else None
        if top is not None and top <= quantity:
            top = None
        return quantity, top, text[match.end() :]
    word = _WORD_AMOUNT_RE.match(text)
    if word:
        key = " ".join(word["w"].lower().split())
        return _WORD_NUMBERS[key], None, text[word.end() :]
    return None, None, text


def _unit_of(token: str) -> str | None:
    if token in CASED_ALIASES:
        return CASED_ALIASES[token]
    key = " ".join(token.lower().replace(".", " ").split())
    return UNIT_ALIASES.get(key)


_NOTHING_AFTER_RE = re.compile(r"^\s*(?:[,;]|$)")
"""What follows a count word that names the food itself: nothing, or its preparation."""


def _take_unit(text: str, has_quantity: bool) -> tuple[str | None, str]:
    match = _UNIT_TOKEN_RE.match(text)
    if not match:
        return None, text
    unit = _unit_of(match["u"])
    rest = text[match.end() :]
    if unit is None or (match["u"] == '"' and '"' in rest):  # '4 "yam style" potatoes'
        return None, text
    single_letter = len(match["u"].rstrip(".")) == 1
    if not has_quantity and (single_letter or unit_kind(unit) != "count"):
        return None, text
    return unit, rest


def _take_package(text: str) -> tuple[str | None, str | None, str]:
    """A package size before a container unit: "14-ounce can", "(15 ounce) cans"."""
    match = _SIZE_UNIT_RE.match(text)
    if not match:
        return None, None, text
    quantity = match["pq"] or match["hq"]
    unit_text = (match["pu"] or match["hu"] or "").strip().rstrip(".")
    unit = _unit_of(unit_text)
    if unit is None or unit_kind(unit) == "count":
        return None, None, text
    rest = text[match.end() :]
    container, after = _take_unit(rest, True)
    if container is None or container not in _CONTAINERS:
        if match["pq"]:
            return f"{quantity.lstrip('~')} {_SIZE_NAMES.get(unit, unit)}", None, rest
        return None, None, text
    return f"{quantity.lstrip('~')} {_SIZE_NAMES.get(unit, unit)}", container, after


def _drop_second_measures(rest: str, unit: str) -> str:
    """`rest` without the amounts in other units that repeat the line's (a pound then ounces,
    "1 lb 5 oz", add up and are kept)."""
    while found := _SECOND_MEASURE_RE.match(rest):
        second = _unit_of(found["u"])
        if second is None or (unit, second) == ("pound", "ounce"):
            break
        if second != "stick" and unit_kind(second) not in ("mass", "volume"):
            break
        rest = rest[found.end() :].lstrip(" ,")
    return rest


def _weight_each(
    quantity: float, top: float | None, rest: str
) -> tuple[float, float | None, str | None, str]:
    """ "2 16 oz. mushrooms" is 32 oz of mushrooms: a weight or volume each, with no
    container after it, multiplies the count (a cook reads the total, converted)."""
    found = _EACH_RE.match(rest)
    unit = _unit_of(found["u"]) if found else None
    if found is None or unit is None or unit_kind(unit) not in ("mass", "volume"):
        return quantity, top, None, rest
    after = rest[found.end() :]
    if _take_unit(after, True)[0] in _CONTAINERS:  # "1 14-ounce can": a package, read as one
        return quantity, top, None, rest
    each = _number(found["q"])
    most = (top or quantity) * (_number(found["qmax"]) if found["qmax"] else each)
    return quantity * each, (most if most > quantity * each else None), unit, after


def _take_size(text: str) -> tuple[str, list[str]]:
    match = _SIZE_RE.match(text)
    if not match or match.end() >= len(text):
        return text, []
    return text[match.end() :].strip(), [match.group().strip(" ,")]


def _clean_item(text: str) -> str:
    text = _LEADING_OF_RE.sub("", text.strip(" ,.;:-"))
    return _SPACES_RE.sub(" ", text).strip(" ,.;:*")


def _join(parts: list[str]) -> str | None:
    kept = [p.strip(" ,;") for p in parts if p and p.strip(" ,;")]
    return "; ".join(kept) if kept else None


def parse_ingredient(line: str) -> ParsedIngredient:
    """Parse one ingredient line; never raises (an unreadable line becomes its own item)."""
    text = _normalise(line)
    optional = False
    if _OPTIONAL_RE.search(text):
        optional = True
        text = _SPACES_RE.sub(" ", _OPTIONAL_RE.sub(" ", text)).strip(" ,")
    if re.match(r"^\d+(?:[.,]\d+)?[A-Za-z]", text):
        text = _GLUED_RE.sub(" ", text, count=1)
    text = re.sub(r"^(\d+(?:[./]\d+)?)\s*-\s*(?=[A-Za-z])", r"\1 ", text)
    text = sized_count(text)
    quantity, quantity_max, rest = parse_amount(text)
    rest = re.sub(r"^\s*x\s+(?=\d)", "", rest).strip()
    sizes: list[str] = []
    notes: list[str] = []
    unit = None
    if quantity is not None:
        rest = _ARTICLE_RE.sub("", rest) if re.match(r"^(?:an?)\s+\w", rest) else rest
        quantity, quantity_max, unit, rest = _weight_each(quantity, quantity_max, rest)
        package, container, rest = _take_package(rest) if unit is None else (None, unit, rest)
        unit = container
        if package:
            sizes.append(package)
        rest, words = _take_size(rest)
        sizes += words
        if unit is None:
            before = rest
            unit, rest = _take_unit(rest, True)
            if unit is not None and unit_kind(unit) == "count" and _NOTHING_AFTER_RE.match(rest):
                unit, rest = None, before  # "8 cloves" (the spice): the word is the food itself
            alternative = _ALT_MEASURE_RE.match(rest) if unit else None
            if alternative:
                notes.append(alternative.group().strip(" /"))
                rest = rest[alternative.end() :]
            if unit is not None and unit_kind(unit) in ("mass", "volume"):
                rest = _drop_second_measures(rest, unit)
            if unit is not None and unit_kind(unit) != "count":
                container, after = _take_unit(rest, True)
                if container in _CONTAINERS:
                    sizes.append(f"{_amount_text(quantity)} {unit}")
                    quantity, quantity_max, unit, rest = 1.0, None, container, after
            if unit in _CONTAINERS:
                package, _, after = _take_package(rest)
                if package is not None:
                    sizes.append(package)
                    rest = after
    else:
        measure = re.match(r"^(?P<u>[A-Za-z]+)\s+of\s+(?=\S)", rest)
        if measure and _unit_of(measure["u"]) and unit_kind(_unit_of(measure["u"])) == "count":
            unit, rest = _unit_of(measure["u"]), rest[measure.end() :]
    rest, words = _take_size(rest.strip())
    sizes += words
    size = "; ".join(sizes) if sizes else None
    rest = _LEADING_OF_RE.sub("", rest.strip())
    item, preparation = _split_item(rest, notes)
    return ParsedIngredient(
        original=line,
        quantity=quantity,
        quantity_max=quantity_max,
        unit=unit,
        size=size,
        item=item or _clean_item(_normalise(line)) or line.strip(),
        preparation=preparation,
        optional=optional,
    )


def _amount_text(value: float) -> str:
    return f"{value:g}"


def _strip_parentheses(text: str, notes: list[str]) -> str:
    def keep(match: re.Match[str]) -> str:
        notes.append((match.group(1) or match.group(2) or "").strip(" ,"))
        return " "

    while True:
        stripped = _PAREN_RE.sub(keep, text)
        if stripped == text:
            break
        text = stripped
    return _SPACES_RE.sub(" ", text.replace("(", " ").replace(")", " ")).strip()


def _item_comma(text: str) -> int:
    """Where the item ends at a comma: not after a run of adjectives ("skinless, boneless
    chicken"), which still describe the item."""
    start = 0
    while True:
        comma = text.find(",", start)
        if comma < 0:
            return -1
        before = text[start:comma].strip().lower()
        if before and all(word in _ADJECTIVES for word in before.split()):
            start = comma + 1
            continue
        return comma


def _split_item(rest: str, notes: list[str]) -> tuple[str, str | None]:
    """The item and its preparation from what follows amount, unit and size."""
    inner: list[str] = []
    rest = _strip_parentheses(rest, inner)
    tail: list[str] = []
    prep_front: list[str] = []
    leading = _LEADING_PREP_RE.match(rest)
    if leading and leading.end() < len(rest):
        prep_front.append(leading.group().strip(" ,").replace(" ,", ","))
        rest = rest[leading.end() :]
    dash = _DASH_SPLIT_RE.search(rest)
    if dash:
        tail.append(rest[dash.end() :])
        rest = rest[: dash.start()]
    comma = _item_comma(rest)
    if comma >= 0:
        tail.insert(0, rest[comma + 1 :])
        rest = rest[:comma]
    for pattern in (_FOR_RE, _TO_TASTE_RE, _OR_AMOUNT_RE, _ABOUT_RE):
        found = pattern.search(rest)
        if found and found.start() > 0:
            tail.insert(0, found.group(found.lastgroup or 0))
            rest = rest[: found.start()]
    middle = _MID_PREP_RE.search(rest)
    if middle and middle.start() > 0 and rest[: middle.start()].strip():
        tail.insert(0, rest[middle.start() :])
        rest = rest[: middle.start()]
    return _clean_item(rest), _join(prep_front + tail + inner + notes)
