"""A method swap rewrites only the cooking it swaps (issue 37, "would a cook use it as is?").

Oven- or air-frying a deep-fried recipe (`lighter.with_lighter_method`) replaces the sentences
that deep-fry (the oil heating, the batches, the draining, the keeping warm) with one sentence
of the new method, where the frying ended. Every other sentence of the source stays where it
was: the coating before the frying, and the sauce, the tossing, a stir-fry of the aromatics and
the garnish after it. A sentence that coats and fries ("dredge the chicken and fry it, then toss
it in the sauce") keeps its coating and its sauce clauses. The frying ends at the first sentence
after it that goes on to another part of the dish (a sauce, serving) or cooks another way (a
stir-fry, a simmer); what follows is left as written, but "the fried chicken" is the oven-fried
one and the oil poured off from the frying is a spoonful of oil heated in the pan.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.recipes.models import AdaptedStep
from kairos.recipes.tags import METHODS

__all__ = ["swap_frying"]

_OIL_STEP: Final = re.compile(
    r"\b(?:oil (?:is|gets) hot|hot oil|drain(?:ed|ing)?|paper[\s-]towels?|until golden"
    r"|keep (?:them |it )?warm|the rest of the|remaining (?:pieces|chicken|fish))\b",
    re.IGNORECASE,
)
"""The rest of a deep-frying: the oil heating, the batches, the draining and keeping warm."""
_NEXT_PART: Final = re.compile(
    r"\b(?:serve|(?<!soy )(?<!fish )(?<!hot )(?<!oyster )sauce|gravy|dressing|glaze|garnish"
    r"|sprinkle)\b",
    re.IGNORECASE,
)
"""A sentence that goes on to another part of the dish (a sauce, serving) without frying ends
the frying."""
_OTHER_COOKING: Final = re.compile(
    r"\b(?:stir[\s-]?fr\w*|saut[ée]\w*|simmer\w*|boil\w*|sear\w*)", re.IGNORECASE
)
"""Cooking that is not the deep-frying: a stir-fry of the aromatics, a simmered sauce."""
_COATING: Final = re.compile(
    r"\b(?:dredg\w*|dip\w*|coat\w*|roll\w*|dust\w*|bread\w*|batter\w*|flour\w*|crumb\w*"
    r"|season\w*|marinat\w*|toss\w*)\b",
    re.IGNORECASE,
)
_PREP: Final = re.compile(
    r"^\W*(?:(?:then|next|meanwhile|one at a time|in (?:a|another|the) [\w\s]*?bowl),?\s+)?"
    r"(?:dredg|dip|coat|roll|dust|bread|mix|whisk|combine|stir|season|marinat|beat|pat|cut|"
    r"preheat|line|make|prepare|place (?:the )?(?:flour|crumbs|breadcrumbs))",
    re.IGNORECASE,
)
"""A sentence among the frying ones that prepares the pieces (the coating), which stays; the
others between two frying sentences (adding the pieces, turning them) are the frying too."""
_BOUGHT_FRIED: Final = re.compile(
    r"\bdeep[\s-]?fried\s+(?!until|in\b|for\b|at\b|on\b|over\b|and\b|to\b|till\b)"
    r"(?:tofu|puffs?|shallots?|onions?|garlic|tofu puffs?|bean curd|wonton strips?)\b",
    re.IGNORECASE,
)
_OIL_DEPTH: Final = re.compile(
    r"\b(?:[1-9](?:[.,]5)?|1\d)\s*cm\s+(?:of\s+)?(?:[\w-]+\s+){0,2}oil\b"
    r"|\boil\b[^.;]{0,80}?\b(?:to|reaches|at)\s+(?:about\s+)?(?:1[5-9]\d|20\d)"
    r"(?:\s*[–-]\s*(?:1[5-9]\d|20\d))?\s*°\s*C\b",
    re.IGNORECASE,
)
"""A pan of oil the adapted steps say in metric: "2.5 cm of oil", "heat the oil to 175 °C"."""
_HEATS_OIL: Final = re.compile(
    r"\b(?:heat|preheat|fill|pour)\w*\b[^.;]*\boil\b|\boil\b[^.;]*\bheat\w*\b", re.IGNORECASE
)
_PIECES_IN: Final = re.compile(
    r"\b(?:add|drop|lower|slide|cook|fry (?:the|in)|deep[\s-]?fry (?:the|in))\b", re.IGNORECASE
)
_SPOONS: Final = re.compile(r"\b(?:tbsp|tsp|tablespoons?|teaspoons?|splash|drizzle)\b", re.I)
_COOKS: Final = re.compile(r"\b(?:cook|bake|roast|grill|brown)\w*\b", re.IGNORECASE)
_INTO_OIL: Final = re.compile(
    r"^\W*(?:(?:carefully|gently|in batches|working in batches),?\s+)?"
    r"(?:add|drop|lower|place|put|slide)\b",
    re.IGNORECASE,
)
_EARLY_FRYING: Final = re.compile(
    r"\bhot oil\b|\boil (?:is|gets) hot|\buntil (?:lightly |deep |deeply )?golden|\bin batches\b"
    r"|(?<![\w-])(?<!stir )(?<!pan )fr(?:y|ied|ying)\b",
    re.IGNORECASE,
)
"""Before the pieces go in, only the oil and the frying words are the frying (not a sauce
"kept warm" meanwhile)."""
_FRY_WORD: Final = re.compile(r"(?<![\w-])(?:deep[\s-]?)?fry\b", re.IGNORECASE)
_TOSS: Final = re.compile(r"\btoss", re.IGNORECASE)
_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_CLAUSE: Final = re.compile(
    r";\s*|,?\s+(?:and\s+)?then\s+|,\s+and\s+|\s+and\s+(?=(?:deep[\s-]?)?fry)"
)
_FRIED: Final = re.compile(
    r"(?<![\w-])(?:deep[\s-]?)?fried\b(?=\s+(?:\w+\s+)?(?:chicken|pieces?|fish|shrimps?|prawns?"
    r"|pork|beef|tofu|wings?|meat|nuggets?|strips?|cutlets?|fillets?|balls?"
    r"|eggplants?|aubergines?|zucchini|courgettes?|vegetables|squid|calamari|wontons?)\b)",
    re.IGNORECASE,
)
_POURED_OFF: Final = re.compile(
    r"\b(?:pour|drain|remove|spoon|tip)\s+(?:off\s+|out\s+)?all\s+but\s+"
    r"(?P<amount>(?:about\s+)?[\d½¼¾⅓⅔.,/\s–-]+\s*(?:tbsp|tablespoons?|tsp|teaspoons?|ml))"
    r"\s+(?:of\s+)?(?:the\s+)?(?:oil|fat)\b(?:\s+(?:from|in)\s+(?P<pan>the\s+\w+))?",
    re.IGNORECASE,
)


def _frying(text: str) -> bool:
    text = _FRIED.sub("", text)  # "place the fried fish in a tortilla" serves, not fries
    if METHODS["deep-fry"].search(text) or _OIL_STEP.search(text):
        return True
    return bool(METHODS["fry"].search(text)) and not _OTHER_COOKING.search(text)


def _ends_frying(text: str) -> bool:
    return not _frying(text) and bool(_NEXT_PART.search(text) or _OTHER_COOKING.search(text))


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".;,") + "."
    return text[0].upper() + text[1:]


def _split(sentence: str) -> tuple[list[str], list[str]]:
    """The clauses of a frying sentence a cook still needs: the coating before the frying, and
    the sauce, serving or garnish after it."""
    clauses = [c for c in _CLAUSE.split(sentence) if c.strip()]
    fried = [i for i, c in enumerate(clauses) if _frying(c)]
    if not fried:
        return [], []
    before = [_sentence(c) for c in clauses[: fried[0]] if _COATING.search(c)]
    after = [
        _sentence(c) for c in clauses[fried[-1] + 1 :] if _NEXT_PART.search(c) or _TOSS.search(c)
    ]
    return before, after


def _heading(text: str, fried: str) -> str:
    """A section heading naming the frying ("To Fry the Chicken") names the new way; one that
    names the oil's temperature ("First Fry (160°C)") goes (empty)."""
    if len(text.split()) > 8 or text.rstrip()[-1:] in ".!?:" or not _FRY_WORD.search(text):
        return text
    if "°" in text:
        return ""
    way = fried.removesuffix("ied") + "y"  # "oven-fried": "oven-fry"
    return _FRY_WORD.sub(lambda m: way.title() if m.group(0)[0].isupper() else way, text)


def _after_frying(text: str, fried: str) -> str:
    """A later sentence's words for the frying that is no more."""
    text = _FRIED.sub(fried, text)

    def heat(match: re.Match[str]) -> str:
        pan = match.group("pan") or "the pan"
        verb = "Heat" if match.group(0)[0].isupper() else "heat"
        return f"{verb} {match.group('amount').strip()} oil in {pan}"

    return _POURED_OFF.sub(heat, text)


def _deep_frying(text: str) -> bool:
    """A sentence that deep-fries or heats the pan of oil for it; not a food bought deep-fried
    ("deep-fried tofu puffs")."""
    text = _BOUGHT_FRIED.sub("", text)
    return bool(METHODS["deep-fry"].search(text) or _OIL_DEPTH.search(text))


def _heating_oil(text: str) -> bool:
    return bool(_HEATS_OIL.search(text)) and not _PIECES_IN.search(text)


def _frying_places(sentences: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """Where the sentences to drop are (step, sentence): from the oil heating (said deep, or
    nearest before the first deep-frying sentence) through the last frying of the pieces; the
    frying ends at a sauce, serving or other cooking after the pieces went into the oil."""
    places = [(i, j) for i, step in enumerate(sentences) for j in range(len(step))]
    deep = [p for p in places if _deep_frying(sentences[p[0]][p[1]])]
    if not deep:
        return []
    start = places.index(deep[0])
    for back in range(start - 1, max(start - 6, -1), -1):
        text = sentences[places[back][0]][places[back][1]]
        if _heating_oil(text) and not _SPOONS.search(text):
            start = back  # "Heat the oil in a heavy skillet." before "fry in the hot oil"
            break
        if _OTHER_COOKING.search(text) or _COOKS.search(text):
            break
    dropped: list[tuple[int, int]] = []
    pieces_in: tuple[int, int] | None = None  # the first sentence frying the pieces
    for i, j in places[start:]:
        text = sentences[i][j]
        frying = _frying(text) if pieces_in else _EARLY_FRYING.search(text)
        if frying or _deep_frying(text) or (not dropped and _heating_oil(text)):
            dropped.append((i, j))
            if pieces_in is None and not _heating_oil(text):
                pieces_in = (i, j)
            if pieces_in and _split(text)[1] and (i, j) >= deep[-1]:
                break  # "... then toss in the sauce": the frying is over
        elif pieces_in and _ends_frying(text) and (i, j) > deep[-1]:
            break  # every deep-frying sentence goes, whatever comes between them
    for i, j in [p for p in dropped if _heating_oil(sentences[p[0]][p[1]])]:
        for later in range(j + 1, len(sentences[i])):  # "Heat the oil. Add the chicken."
            text = sentences[i][later]
            if (i, later) in dropped or _PREP.search(text) or _ends_frying(text):
                break
            dropped.append((i, later))
    if pieces_in is None:
        return dropped
    for i, j in places[places.index(pieces_in) : places.index(max(dropped))]:
        text = sentences[i][j]  # adding the pieces, turning them: the frying too
        if (i, j) not in dropped and not (_PREP.search(text) or _ends_frying(text)):
            dropped.append((i, j))
    i, j = pieces_in
    if j > 0 and (i, j - 1) not in dropped and _INTO_OIL.search(sentences[i][j - 1]):
        dropped.append((i, j - 1))  # "Add some of the pieces." before "Fry for 3 minutes."
    return dropped


def swap_frying(
    steps: Sequence[AdaptedStep], method: str, fried: str
) -> tuple[AdaptedStep, ...] | None:
    """`steps` cooked by `method` instead of deep-frying: the frying sentences go, `method` takes
    the last one's place, every other sentence stays in order; "fried chicken" after it is
    `fried` ("oven-fried") chicken. Steps left empty go; renumbered. None when no sentence
    deep-fries."""
    sentences = [_SENTENCE.split(s.text.strip()) for s in steps]
    dropped = _frying_places(sentences)
    if not dropped:
        return None
    last_dropped = max(dropped)
    method_sentence = _sentence(method)
    kept: list[AdaptedStep] = []
    for i, step in enumerate(steps):
        out: list[str] = []
        for j, text in enumerate(sentences[i]):
            if (i, j) not in dropped:
                later = (i, j) > last_dropped
                text = _heading(text, fried) if len(sentences[i]) == 1 else text
                if text:
                    out.append(_after_frying(text, fried) if later else text)
                continue
            before, after = _split(text)
            out.extend(before)
            if (i, j) == last_dropped:
                out.append(method_sentence)
            out.extend(after)
        text = " ".join(out)
        if not out:
            continue
        changed = step.changed or text != step.text.strip()
        kept.append(step.model_copy(update={"text": text, "changed": changed}))
    return tuple(s.model_copy(update={"number": n}) for n, s in enumerate(kept, start=1))
