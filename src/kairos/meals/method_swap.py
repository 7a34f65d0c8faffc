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
_TOSS: Final = re.compile(r"\btoss", re.IGNORECASE)
_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_CLAUSE: Final = re.compile(
    r";\s*|,?\s+(?:and\s+)?then\s+|,\s+and\s+|\s+and\s+(?=(?:deep[\s-]?)?fry)"
)
_FRIED: Final = re.compile(
    r"(?<![\w-])(?:deep[\s-]?)?fried\b(?=\s+(?:\w+\s+)?(?:chicken|pieces?|fish|shrimps?|prawns?"
    r"|pork|beef|tofu|wings?|meat|nuggets?|strips?|cutlets?|fillets?|balls?)\b)",
    re.IGNORECASE,
)
_POURED_OFF: Final = re.compile(
    r"\b(?:pour|drain|remove|spoon|tip)\s+(?:off\s+|out\s+)?all\s+but\s+"
    r"(?P<amount>(?:about\s+)?[\d½¼¾⅓⅔.,/\s–-]+\s*(?:tbsp|tablespoons?|tsp|teaspoons?|ml))"
    r"\s+(?:of\s+)?(?:the\s+)?(?:oil|fat)\b(?:\s+(?:from|in)\s+(?P<pan>the\s+\w+))?",
    re.IGNORECASE,
)


def _frying(text: str) -> bool:
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


def _after_frying(text: str, fried: str) -> str:
    """A later sentence's words for the frying that is no more."""
    text = _FRIED.sub(fried, text)

    def heat(match: re.Match[str]) -> str:
        pan = match.group("pan") or "the pan"
        verb = "Heat" if match.group(0)[0].isupper() else "heat"
        return f"{verb} {match.group('amount').strip()} oil in {pan}"

    return _POURED_OFF.sub(heat, text)


def swap_frying(
    steps: Sequence[AdaptedStep], method: str, fried: str
) -> tuple[AdaptedStep, ...] | None:
    """`steps` cooked by `method` instead of deep-frying: the frying sentences go, `method` takes
    the last one's place, every other sentence stays in order; "fried chicken" after it is
    `fried` ("oven-fried") chicken. Steps left empty go; renumbered. None when no sentence
    deep-fries."""
    sentences = [_SENTENCE.split(s.text.strip()) for s in steps]
    places = [(i, j) for i, step in enumerate(sentences) for j in range(len(step))]
    first = next((p for p in places if METHODS["deep-fry"].search(sentences[p[0]][p[1]])), None)
    if first is None:
        return None
    last = [p for p in places if METHODS["deep-fry"].search(sentences[p[0]][p[1]])][-1]
    dropped: list[tuple[int, int]] = []
    for i, j in places[places.index(first) :]:
        text = sentences[i][j]
        if _frying(text):
            dropped.append((i, j))
            if _split(text)[1] and (i, j) >= last:
                break  # "... then toss in the sauce": the frying is over
        elif _ends_frying(text) and (i, j) > last:
            break  # every deep-frying sentence goes, whatever comes between them
    span = places[places.index(dropped[0]) : places.index(dropped[-1])]
    dropped += [
        (i, j)
        for i, j in span
        if (i, j) not in dropped
        and not (_PREP.search(sentences[i][j]) or _ends_frying(sentences[i][j]))
    ]
    last_dropped = max(dropped)
    method_sentence = _sentence(method)
    kept: list[AdaptedStep] = []
    for i, step in enumerate(steps):
        out: list[str] = []
        for j, text in enumerate(sentences[i]):
            if (i, j) not in dropped:
                later = (i, j) > last_dropped
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
