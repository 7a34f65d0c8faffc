"""What a cook's message asks for: a healthier version of a meal, or ideas from ingredients,
with the constraints it states (seed 001, meal understanding agent; deterministic heuristics).

Times ("in 20 minutes", "under an hour") and party sizes ("for 4") come from the shared reader
(`text/query/when.py`, `text/query/numbers.py`); the kitchen words (equipment the cook has or
lacks, "for the household") are the meal coach's own. The spans those claim are blanked before
the meal's name or the ingredient list is read from what is left.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Final, Literal

from pydantic import BaseModel, Field

from kairos.meals.asked_ways import QUICK_MINUTES, asked_cues, quick_asked
from kairos.recipes import parse_ingredient
from kairos.text.query.numbers import extract_numbers
from kairos.text.query.when import extract_when

__all__ = ["MealInput", "answer_kind", "dish_words", "read_message", "split_ingredients"]

InputKind = Literal["text_meal", "text_ingredients", "meal_photo", "ingredients_photo", "unknown"]

EQUIPMENT_WORDS: Final[dict[str, str]] = {
    r"air[\s-]?fr(?:yer|y|ied)": "air fryer",
    r"ovens?": "oven",
    r"microwaves?": "microwave",
    r"slow[\s-]?cook(?:ers?|ed|ing)?|crock[\s-]?pots?": "slow cooker",
    r"pressure[\s-]?cook(?:ers?|ed|ing)?|instant[\s-]?pots?": "pressure cooker",
    r"stoves?(?:top)?|hobs?|burners?": "stovetop",
    r"blenders?": "blender",
    r"food[\s-]?processors?": "food processor",
    r"(?:stand\s+|hand\s+)?mixers?": "mixer",
    r"grills?|bbq|barbecues?": "grill",
    r"steamers?": "steamer",
}
_EQUIPMENT = re.compile(
    r"\b(?P<neg>(?:no|without(?:\s+an?)?|not?\s+(?:using|use)(?:\s+an?|\s+the|\s+my)?|"
    r"(?:don't|do not|dont)\s+have(?:\s+an?)?|can't use(?:\s+the|\s+my)?)\s+)?"
    r"(?:(?:an?|the|my|in\s+the|in\s+my|using\s+(?:the|my|an?))\s+)?"
    r"(?P<what>" + "|".join(EQUIPMENT_WORDS) + r")\b",
    re.IGNORECASE,
)
_ONLY_BEFORE = re.compile(
    r"\b(?:(?:only|just)(?:\s+(?:have|got|own|with|using|use|in))?|all\s+i\s+(?:have|got)\s+is)"
    r"\s+$",
    re.IGNORECASE,
)
_ONLY_AFTER = re.compile(r"\s*(?:only|alone)\b", re.IGNORECASE)
"""'only a microwave', 'all I have is a slow cooker', 'microwave only': nothing else there."""
_HOUSEHOLD = re.compile(
    r"\bfor\s+(?:the\s+|my\s+|our\s+)?(?:household|family|whole family|everyone|all of us|"
    r"everybody|the house)\b",
    re.IGNORECASE,
)
_METRIC_WORDS: Final = (
    r"grams?|g|metric|celsius|centigrade|°c|ml|millilit(?:re|er)s?|kilos?|kg|litres?"
)
_IMPERIAL_WORDS: Final = (
    r"cups?|ounces?|oz|pounds?|lbs?|fahrenheit|°f|imperial|us\s+(?:units|measures)"
)
_UNIT_WORDS: Final = rf"(?:{_METRIC_WORDS}|{_IMPERIAL_WORDS})"
_UNITS = re.compile(
    r"\b(?:(?:i|we)\s+(?:use|cook\s+(?:in|with)|work\s+in|measure\s+in|prefer|like)|in|using|"
    rf"with)\s+{_UNIT_WORDS}(?:\s*(?:,|and|&|\+)\s*{_UNIT_WORDS})*\b(?:\s+please)?",
    re.IGNORECASE,
)
_SWAP = re.compile(
    r"\b(?:could|can|would|will|does|do)\s+(?P<a>(?:\w+\s+){0,2}?\w+)\s+work\b"
    r"(?:\s+instead(?:\s+of\s+(?:the\s+)?\w+)?)?"
    r"|\b(?:use|using|with|try)\s+(?P<b>(?:\w+\s+){0,2}?\w+)\s+instead\b(?:\s+of\s+(?:the\s+)?\w+)?"
    r"|\b(?:swap|switch|replace)\s+(?:the\s+)?\w+(?:\s+\w+)?\s+(?:for|with)\s+"
    r"(?P<c>(?:\w+\s+){0,2}?\w+)\b(?=\s*(?:[,.;!?]|$))",
    re.IGNORECASE,
)
_CANNOT_HAVE = re.compile(
    r"\b(?:but\s+)?(?:i|we|he|she|they)\s*(?:can'?t|cannot|can\s+not|don'?t|do\s+not|"
    r"am\s+allergic\s+to|'m\s+allergic\s+to|react\s+to)\s*(?:have|eat)?\s+(?:any\s+)?\w+"
    r"|\bit'?s\s+[\w ,]+?\s+(?:i|we)\s+react\s+to\b",
    re.IGNORECASE,
)
_DIET_IN_NAME = re.compile(
    r"\b(?P<diet>vegetarian|veggie|vegan|plant[\s-]based|pescatarian|gluten[\s-]free|"
    r"dairy[\s-]free|egg[\s-]free|nut[\s-]free)\b",
    re.IGNORECASE,
)
_DIET_NAMES: Final = {"veggie": "vegetarian", "plant based": "vegan", "plant-based": "vegan"}
_PANTRY_CUES = re.compile(
    r"\b(?:i\s+(?:have|got|'ve got)|i've got|we\s+have|have\s+got|what\s+can\s+i\s+(?:make|cook)|"
    r"using|use\s+up|ingredients?|leftovers?|in\s+(?:my|the)\s+(?:fridge|pantry|cupboard)|"
    r"with\s+(?:these|this|what\s+i\s+have)|from\s+(?:these|what\s+i\s+have))\b",
    re.IGNORECASE,
)
_MEAL_FILLER = re.compile(
    r"\b(?:(?:less|not\s+too|not\s+so)\s+spicy|please|can you|could you|"
    r"i\s+(?:want|would like|'d like|had|ate|love|made)|"
    r"i'd like|make|making|cook|cooking|me|a|an|the|my|some|healthier|healthy|lighter|"
    r"version|versions|of|recipe|recipes|for|dinner|lunch|tonight|today|something|like|"
    r"how\s+(?:do|can)\s+i|is\s+there|give|suggest|ideas?|this|it's|it\s+is|that's|photo|"
    r"picture|meal|dish|quick|quickly|fast|speedy|easy|want|to|eat|is|was|with|less|fat|fewer|calories|"
    r"but|kids?|children|will|would|they|family|everyone|please|tasty|nice|good|new|summer|"
    r"winter|weeknight|weekend|party|people|persons|guests|servings|portions|this|next|"
    r"tomorrow|sunday|saturday|friday|again|instead|milder|mild|that|which)\b",
    re.IGNORECASE,
)
_PANTRY_FILLER = re.compile(
    r"\b(?:i\s+(?:have|got)|i've\s+got|we\s+have|have\s+got|what\s+can\s+i\s+(?:make|cook)"
    r"(?:\s+with)?|using|use\s+up|my|ingredients?|leftovers?|leftover|in\s+(?:my|the)\s+"
    r"(?:fridge|pantry|cupboard)|with\s+(?:these|this|what\s+i\s+have)|from\s+what\s+i\s+have|"
    r"some|only|just|please|any\s+ideas|ideas|healthy|something|to\s+cook|to\s+make|"
    r"these|there(?:'s| is)|a\s+few|left)\b",
    re.IGNORECASE,
)
_OPEN_ASK = re.compile(
    r"\b(?P<meal>dinners?|suppers?|lunch(?:es)?|breakfasts?|tea|meals?|something|anything|"
    r"ideas?|what\s+(?:should|shall|can)\s+(?:i|we)\s+(?:cook|make|eat))\b",
    re.IGNORECASE,
)
_LIGHTER = re.compile(r"\b(?:he?a?lth?(?:ier|iest|y)|lighter|low[\s-]?fat)\b", re.IGNORECASE)
_CHILDREN = re.compile(r"\b(?:kids?|children|child|toddlers?|little\s+ones)\b", re.IGNORECASE)
_SPLIT = re.compile(r"\s*(?:,|;|\n|\band\b|&|\bplus\b|\+)\s*", re.IGNORECASE)
_MEAL_ANSWER = re.compile(r"\b(?:meal|dish|prepared|cooked|ready|plate|it'?s\s+a)\b", re.I)
_INGREDIENTS_ANSWER = re.compile(r"\b(?:ingredients?|raw|to\s+cook\s+with|pantry|fridge)\b", re.I)


class MealInput(BaseModel):
    """The internal, normalised request (not stored)."""

    kind: InputKind
    meal_name: str | None = None
    meal_head: str | None = Field(
        default=None,
        description="the dish before 'with …' ('grilled chicken' of 'grilled "
        "chicken with an overnight marinade'), looked for when no title names the whole name",
    )
    ingredients: list[str] = Field(default_factory=list)
    max_minutes: int | None = None
    servings: int | None = None
    household: bool = False
    swap_to: list[str] = Field(
        default_factory=list,
        description="a food the cook asks to use in place of the dish's "
        "main protein ('would chicken work instead of the salmon?')",
    )
    units: Literal["metric", "imperial"] | None = Field(
        default=None, description="the units the message asks for ('I use grams and celsius')"
    )
    diets: list[str] = Field(
        default_factory=list,
        description="a diet the dish's name asks for ('vegetarian chili'): kept to like the "
        "profile's, and taken off the name so the dish itself is found",
    )
    added: list[str] = Field(
        default_factory=list,
        description="foods asked with the dish ('greek salad with chicken'), added to the "
        "chosen recipe when it has none (`additions.py`)",
    )
    changes: list[str] = Field(
        default_factory=list,
        description="what the cook asks to change in the recipe ('less spicy': milder), made "
        "when a suggestion is chosen (`adjust.py`)",
    )
    equipment_with: list[str] = Field(default_factory=list)
    equipment_without: list[str] = Field(default_factory=list)
    equipment_only: list[str] = Field(
        default_factory=list,
        description="the only equipment there is ('only a microwave'): recipes needing other "
        "equipment are not offered",
    )
    open_meal: Literal["dinner", "lunch", "breakfast"] | None = Field(
        default=None,
        description="a vague ask that names no dish and no ingredients ('something healthy "
        "for dinner'): answered with balanced meals of that kind",
    )
    for_children: bool = Field(
        default=False, description="children named ('the kids will like'): nothing hot"
    )
    lighter: bool = Field(
        default=False, description="a healthier or lighter version asked for ('healthier X')"
    )
    quick: bool = Field(
        default=False, description="something quick asked for ('quick', 'fast'): by time"
    )
    cues: list[str] = Field(
        default_factory=list,
        description="ways of cooking and parts of the dish the request names ('marinade', "
        "'slow cooker', 'grilled'): recipes whose lines and steps have them come first",
    )
    read: list[str] = Field(default_factory=list, description="what was understood, in words")


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _equipment(text: str) -> tuple[list[str], list[str], list[str], list[tuple[int, int]]]:
    """The equipment named to use, to go without, and named as the only one there is."""
    have: list[str] = []
    lack: list[str] = []
    only: list[str] = []
    spans = []
    for match in _EQUIPMENT.finditer(text):
        what = match.group("what").lower()
        name = next(v for k, v in EQUIPMENT_WORDS.items() if re.fullmatch(k, what, re.I))
        (lack if match.group("neg") else have).append(name)
        start, end = match.span()
        before = _ONLY_BEFORE.search(text[max(0, start - 40) : start])
        after = _ONLY_AFTER.match(text, end)
        if not match.group("neg") and (before or after):
            only.append(name)
            start -= len(before.group()) if before else 0
            end = after.end() if after else end
        spans.append((start, end))
    unique = dict.fromkeys
    return list(unique(have)), list(unique(lack)), list(unique(only)), spans


def split_ingredients(text: str) -> list[str]:
    """ "2 eggs, spinach and feta" → ["egg", "spinach", "feta"]: items only, no amounts."""
    items: list[str] = []
    for part in _SPLIT.split(_PANTRY_FILLER.sub(" ", text)):
        part = re.sub(r"[^\w\s'-]", " ", part).strip(" -'")
        part = " ".join(part.split())
        if not part or len(part) > 60:
            continue
        try:
            item = parse_ingredient(part).item
        except (KeyError, ValueError):
            item = part
        item = " ".join(item.lower().split())
        if item and item not in items:
            items.append(item)
    return items[:25]


def dish_words(text: str) -> str | None:
    """The dish's words alone: a name read again once its typos are read ("helthy lasagne" →
    "healthy lasagna" → "lasagna")."""
    return _meal_name(text)


def _meal_name(text: str) -> str | None:
    name = _MEAL_FILLER.sub(" ", text)
    name = re.sub(r"[^\w\s'&-]", " ", name)
    name = " ".join(name.split()).strip(" -'&")
    return name.lower() or None


def read_message(text: str, *, today: date | None = None) -> MealInput:
    """One deterministic reading; `kind` is unknown when the text names neither a meal nor a
    list of ingredients (the coach then asks)."""
    text = " ".join(text.split())
    read: list[str] = []
    _, duration, when_spans = extract_when(text, today or date.today())
    facts, number_spans = extract_numbers(_blank(text, when_spans))
    have, lack, only, equipment_spans = _equipment(text)
    household_match = _HOUSEHOLD.search(text)
    units_match = _UNITS.search(text)
    units: Literal["metric", "imperial"] | None = None
    if units_match:
        metric = re.search(rf"\b(?:{_METRIC_WORDS})\b", units_match.group(), re.IGNORECASE)
        units = "metric" if metric else "imperial"
    spans = when_spans + number_spans + equipment_spans
    if units_match:
        spans.append(units_match.span())
    swap = _SWAP.search(text)
    swap_to = []
    if swap:
        spans.append(swap.span())
        food = next(g for g in swap.groups() if g)
        swap_to = [" ".join(re.sub(r"^(?:the|some|a|an)\s+", "", food.lower()).split())]
        read.append(f"{swap_to[0]} in place of the main protein kept out, if it is safe")
    spans += [m.span() for m in _CANNOT_HAVE.finditer(text)]
    if household_match:
        spans.append(household_match.span())
    rest = _blank(text, spans)
    if duration is not None:
        read.append(f"ready in {duration.minutes} minutes or less ('{duration.text}')")
    if duration is None and quick_asked(text):
        read.append(f"quick: the quickest recipes first (ready in {QUICK_MINUTES} min or less)")
    if facts.party_size:
        read.append(f"serves {facts.party_size}")
    if household_match:
        read.append("for the household: every member's allergies apply")
    read += [f"only the {e}: recipes that need nothing else" if e in only else f"with the {e}"
             for e in have] + [f"no {e}" for e in lack]  # fmt: skip
    if units:
        read.append(f"{units} units ('{units_match.group().strip() if units_match else ''}')")
    base = MealInput(
        kind="unknown",
        max_minutes=duration.minutes if duration else None,
        servings=facts.party_size,
        household=household_match is not None,
        units=units,
        swap_to=swap_to,
        equipment_with=have,
        equipment_without=lack,
        equipment_only=only,
        lighter=bool(_LIGHTER.search(text)),
        quick=quick_asked(text),
        cues=asked_cues(text),
        read=read,
    )
    pieces = [p for p in _SPLIT.split(rest) if p.strip(" .!?")]
    if _PANTRY_CUES.search(rest) or len(pieces) >= 3:
        ingredients = split_ingredients(rest)
        if ingredients:
            return base.model_copy(update={"kind": "text_ingredients", "ingredients": ingredients})
        return base.model_copy(update={"kind": "text_ingredients"})
    # "lasagna, my grandmother's favourite": the dish is named first, the rest is talk
    clause = re.split(r"[,;:.!?(]| - ", rest.strip(" ,;:.!?"))[0]
    diets = [m.group("diet").lower() for m in _DIET_IN_NAME.finditer(clause)]
    if diets and _meal_name(_DIET_IN_NAME.sub(" ", clause)):
        clause = _DIET_IN_NAME.sub(" ", clause)
        diets = list(dict.fromkeys(_DIET_NAMES.get(d, d).replace(" ", "_").replace("-", "_")
                                   for d in diets))  # fmt: skip
        base = base.model_copy(update={
            "diets": diets, "read": [*base.read, *(f"{d.replace('_', '-')}: every suggestion "
                                                   "keeps to it" for d in diets)],
        })  # fmt: skip
    # "an easy dinner, the kids are fussy": a meal asked for first, the rest is talk
    name = _meal_name(clause) or (None if _OPEN_ASK.search(clause) else _meal_name(rest))
    if name and len(name) >= 3:
        head = _meal_name(re.split(r"\bwith\b", clause, flags=re.IGNORECASE)[0])
        head = head if head and len(head) >= 3 and head != name else None
        return base.model_copy(
            update={"kind": "text_meal", "meal_name": name[:120], "meal_head": head}
        )
    return _open_ask(text, base)


def _open_ask(text: str, base: MealInput) -> MealInput:
    """ "Something healthy for dinner": no dish, no ingredients, but a meal to cook."""
    asked = [m.group("meal").lower() for m in _OPEN_ASK.finditer(text)]
    if not asked:
        return base
    meal: Literal["dinner", "lunch", "breakfast"] = next(
        (m for m in ("lunch", "breakfast") if any(a.startswith(m) for a in asked)), "dinner"
    )
    children = bool(_CHILDREN.search(text))
    read = [*base.read, f"no dish named: balanced {meal} ideas"]
    if children:
        read.append("for children: nothing hot")
    return base.model_copy(update={
        "kind": "text_meal", "open_meal": meal, "for_children": children, "read": read,
    })  # fmt: skip


def answer_kind(text: str) -> Literal["meal", "ingredients"] | None:
    """The answer to "Is this a photo of the prepared meal or ingredients to cook with?"."""
    meal = bool(_MEAL_ANSWER.search(text))
    ingredients = bool(_INGREDIENTS_ANSWER.search(text))
    if meal == ingredients:
        return None
    return "meal" if meal else "ingredients"
