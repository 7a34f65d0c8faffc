"""Whether a review sentence may stand as evidence for a claim about one aspect ("Vegans and
vegetarians (vegan options 8.2/10)", a radar axis, a highlight).

A sentence can carry the aspect's words and still argue against the claim:

- it concedes it in an opening clause and asserts something else: "While there are some
  vegetarian and vegan options, most of the food is all the best of yummy, indulgent American
  faves" says the place is not one for vegans;
- it rations it: "they have a small selection of gluten-free items", "only a few vegan dishes";
- it names something else than the claim: a sentence about gluten-free entrees, or "really nice
  choices for beer", says nothing a vegan can use (`[quote_naming]` of the lexicon).

The aspect reader (`text/aspects`) still counts such sentences towards the score; this module
decides only what may be shown as the reason for it.
"""

from __future__ import annotations

import re
from typing import Final

from kairos.text import aspect_lexicon as lex
from kairos.text.aspect_reading import analyse_sentence, tokenize
from kairos.text.aspects import AspectScore

__all__ = ["argues_against", "names_aspect", "supporting_review_ids", "supports"]

_CONCESSION: Final = re.compile(
    r"^\W*(?:while|whilst|although|though|even though|even if|despite|granted)\b"
    r"(?P<conceded>[^,;:]+)[,;:](?P<main>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_RATIONING: Final = (
    "a few", "few", "very few", "a couple of", "a handful of", "limited", "small selection of",
    "small number of", "not many", "not much", "only one", "only a few", "only two", "one or two",
    "hardly any", "barely any", "not a lot of", "little in the way of",
)  # fmt: skip
"""Quantities that ration what follows them, a few words later at most (`RATION_REACH`)."""
RATION_REACH: Final = 3


_DISCLAIMER: Final = re.compile(
    r"\b(?:don'?t|do not|never|wouldn'?t|would not|won'?t)\s+(?:\w+\s+)?"
    r"(?:think|expect|count on|plan on|hope for|come (?:here )?for|go (?:there |here )?for)\b",
    re.IGNORECASE,
)


def names_aspect(aspect: str, text: str) -> bool:
    """Whether `text` names what the aspect is about: its `[quote_naming]` words where the
    lexicon lists them (vegan options), else any reading of the aspect."""
    naming = lex.QUOTE_NAMING.get(aspect)
    if naming is not None:
        padded = f" {' '.join(tokenize(text))} "
        return any(f" {phrase} " in padded for phrase in naming)
    return any(m.aspect == aspect for m in analyse_sentence(text))


def _conceded(aspect: str, sentence: str) -> bool:
    match = _CONCESSION.match(" ".join(sentence.split()))
    if match is None:
        return False
    return names_aspect(aspect, match["conceded"]) and not names_aspect(aspect, match["main"])


def _rationed(aspect: str, sentence: str) -> bool:
    """Every mention of the aspect's subject comes after a ration ("only a few vegan dishes")."""
    naming = lex.QUOTE_NAMING.get(aspect)
    if naming is None:
        return False
    tokens = tokenize(sentence)
    mentions = [
        start
        for start in range(len(tokens))
        if any(" ".join(tokens[start : start + len(p.split())]) == p for p in naming)
    ]
    return bool(mentions) and all(_after_ration(tokens, start) for start in mentions)


def _after_ration(tokens: list[str], start: int) -> bool:
    for limit in _RATIONING:
        size = len(limit.split())
        for gap in range(RATION_REACH + 1):
            first = start - gap - size
            if first >= 0 and " ".join(tokens[first : first + size]) == limit:
                return True
    return False


def _disclaimed(aspect: str, sentence: str) -> bool:
    """ "Don't think you're going to have intimate conversation here": what the warning says not
    to expect is the aspect at its best ("don't expect it to be loud" is no warning on quiet)."""
    flat = " ".join(sentence.split())
    match = _DISCLAIMER.search(flat)
    if match is None:
        return False
    expected = re.split(r"[,;:.!?]| but ", flat[match.end() :], maxsplit=1)[0]
    said = sum(m.weight for m in analyse_sentence(expected) if m.aspect == aspect)
    return said > 0


def _net_opinion(sentence: str) -> float:
    return sum(m.weight for m in analyse_sentence(sentence) if m.kind == "opinion")


def argues_against(aspect: str, sentence: str, sign: int) -> bool:
    """Whether the sentence argues against the claim that the aspect is good (`sign` +1) or bad
    (-1) at the place, although it mentions it: a concession either way; against praise, a
    ration, a warning not to expect it, or opinion words that lean against ("if you're a
    vegetarian ..., I wouldn't recommend getting this")."""
    if _conceded(aspect, sentence):
        return True
    if sign < 0:
        return False
    return (
        _rationed(aspect, sentence) or _disclaimed(aspect, sentence) or _net_opinion(sentence) < 0
    )


def supports(aspect: str, sentence: str, weight: float, sign: int) -> bool:
    """A piece of evidence backs a claim in direction `sign` when its weight agrees, it names
    the aspect's subject and it does not argue against the claim."""
    return (
        weight * sign > 0
        and (aspect not in lex.QUOTE_NAMING or names_aspect(aspect, sentence))
        and not argues_against(aspect, sentence, sign)
    )


def supporting_review_ids(aspect: str, score: AspectScore, middle: float = 5.0) -> list[str]:
    """The reviews whose sentences back the score's side of the middle (praise above it,
    complaints below), topic proxies included; at the middle, every review that names it."""
    side = score.value - middle
    if side == 0:
        chosen = [
            e
            for e in score.evidence
            if aspect not in lex.QUOTE_NAMING or names_aspect(aspect, e.sentence)
        ]
    else:
        sign = 1 if side > 0 else -1
        chosen = [e for e in score.evidence if supports(aspect, e.sentence, e.weight, sign)]
    return list(dict.fromkeys(e.review_id for e in chosen))
