"""Allergy language and negations: the parts of a message that take things away.

Decisions (safety first, because a missed exclusion costs a reaction and an extra one costs a
few options):
- Allergy language ("allergic to soy", "nut allergy", "can't eat dairy", "celiac") and
  constraints ("no peanuts please", "without shrimp", "avoid sesame") exclude the allergen for
  this turn. Umbrella words widen: "nut" is peanuts and tree nuts, "seafood" is fish, shellfish
  and molluscs, so "no seafood" excludes those allergens and the seafood category.
- Taste ("I don't like seafood", "not a fan of spicy") only avoids: categories are excluded,
  allergens are not, because the user did not ask for safety.
- "X-free" is a hard exclusion for the allergens whose reactions are often severe (nuts,
  sesame, fish, shellfish, molluscs, lupin); for gluten, dairy, eggs and soy it is a dietary
  wish ("gluten-free bakery" wants bakeries with gluten-free options, and excluding gluten would
  exclude every bakery).
- Negated vibes avoid the vibe and ask for its opposite ("not too loud" → avoid loud, quiet);
  negated cost words ask for cheaper tiers ("nothing fancy", "not too expensive").
"""

from __future__ import annotations

from collections.abc import Callable

from kairos.core.allergen_spelling import corrected_allergen_word
from kairos.core.allergens import is_umbrella
from kairos.core.allergy_warnings import display_name
from kairos.core.diets import HARD_FREE_ALLERGENS, SOFT_FREE_DIETS
from kairos.text.query.draft import Draft, add
from kairos.text.query.vocabulary import (
    AFFORDABLE,
    NEGATABLE_VIBES,
    STOPWORDS,
    phrases,
    word_set,
)
from kairos.text.query.words import Words, phrase_table

ResolveAllergens = Callable[[str], tuple[str, ...]]


def _said(allergens: tuple[str, ...]) -> str:
    names = [display_name(a) for a in allergens]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


ResolveCategory = Callable[[str], tuple[str, ...]]


def _triggers(text: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(p.split()) for p in phrases(text))


_ALLERGY_FORWARD = _triggers(
    "allergic to, allergy to, allergies to, intolerant to, intolerance to, sensitive to, "
    "anaphylactic to, reaction to, reactions to, can't have, cant have, cannot have, "
    "can not have, can't eat, cant eat, cannot eat, can not eat, don't eat, dont eat, "
    "do not eat, not allowed, allergic"
)
_ALLERGY_BACKWARD = word_set(
    "allergy allergies allergic intolerance intolerant sensitivity anaphylaxis anaphylactic"
)
_CELIAC = word_set("celiac coeliac celiacs coeliacs")
_CONSTRAINT = _triggers(
    "no, not, without, avoid, avoiding, except, anything but, anything except, other than, "
    "nothing, never, don't want, dont want, do not want, free of, hold the, skip the, "
    "no more, isn't, isnt, aren't, arent, shouldn't be, shouldnt be, mustn't be, not be"
)
_DISLIKE = _triggers(
    "don't like, dont like, do not like, not a fan of, not into, not big on, hate, dislike, "
    "sick of, tired of, can't stand, cant stand, had enough of, bored of, not keen on, "
    "don't love, dont love"
)
_ALLERGY_FORWARD_TABLE = phrase_table(_ALLERGY_FORWARD)
_TRIGGER_TABLE = phrase_table((*_CONSTRAINT, *_DISLIKE))
_DISLIKE_SET = frozenset(_DISLIKE)
# after "not" or "never" an unrecognised word is left alone ("not sure", "never mind")
_SOFT_TRIGGERS = frozenset(_triggers("not, never, nothing, except"))
_FILLERS = word_set(
    """too very so a an the any overly super really that more of much like my our severe
    mild bad serious all kinds kind types type some to eat have with containing life
    threatening extremely crazy insanely anything something stuff food foods dishes contains
    be being place places somewhere"""
)
_LIST_JOINERS = word_set("and or nor & , /")
# after "dairy," only an article may come before the next item, or "no seafood, something
# italian" would exclude italian too
_LIST_FILLERS = word_set("a an the any")
_POSSESSIVES = word_set("my our your his her their")
_SET_ASIDE = word_set("ignore ignoring forget disregard skip override bypass drop remove")
_COST_WORDS = frozenset(phrases("expensive, pricey, pricy, overpriced, costly, spendy"))


def _take_list(
    words: Words,
    start: int,
    classify: Callable[[int, int, str], str],
    *,
    backward: bool = False,
) -> int:
    """Reads "dairy, eggs or soy" from `start`; returns how many items `classify` accepted.

    `classify` names the kind of an item ("allergen", "category", …) or returns "". A list
    goes on only with items of the first one's kind: "no peanuts please, thai food" excludes
    peanuts, not thai food.
    """
    step = -1 if backward else 1
    k = start
    found = 0
    first_kind = ""
    while True:
        fillers = _FILLERS if found == 0 else _LIST_FILLERS
        while 0 <= k < len(words) and words.words[k] in fillers and not words.used[k]:
            k += step
        if not 0 <= k < len(words):
            break
        hit = False
        for n in (3, 2, 1):
            lo, hi = (k - n + 1, k + 1) if backward else (k, k + n)
            if lo < 0 or hi > len(words) or not words.free(lo, hi):
                continue
            kind = classify(lo, hi, first_kind)
            if kind:
                first_kind = first_kind or kind
                words.claim(lo, hi)
                found += 1
                k = lo - 1 if backward else hi
                hit = True
                break
        if not hit:
            break
        j = k
        while 0 <= j < len(words) and words.words[j] in _LIST_JOINERS:
            j += step
        if j == k:
            break
        k = j
    return found


def extract_allergies(words: Words, draft: Draft, resolve: ResolveAllergens) -> None:
    def allergen(lo: int, hi: int, _: str) -> str:
        phrase = words.phrase(lo, hi)
        found = resolve(phrase)
        if found:
            add(draft.allergens, *found)
            draft.note(phrase, "turn_allergens=" + ",".join(found))
            if is_umbrella(phrase):
                draft.assumptions.append(
                    f"'{phrase}' read as {_said(found)}; all are excluded for this search."
                )
            elif (spelt := corrected_allergen_word(phrase)) is not None:
                draft.assumptions.append(f"'{phrase}' read as '{spelt}' ({_said(found)}).")
        return "allergen" if found else ""

    i = 0
    while i < len(words):
        word = words.words[i]
        if words.used[i]:
            i += 1
            continue
        if word in _CELIAC:
            words.claim(i, i + 1)
            add(draft.allergens, "gluten")
            add(draft.dietary, "gluten_free")
            draft.note(word, "turn_allergens=gluten; dietary=gluten_free")
        elif n := words.match(i, _ALLERGY_FORWARD_TABLE):
            if _take_list(words, i + n, allergen) or _unknown_allergen(words, draft, i + n, 1):
                words.claim(i, i + n)
            i += n
            continue
        elif word in _ALLERGY_BACKWARD:
            if _take_list(words, i - 1, allergen, backward=True) or _unknown_allergen(
                words, draft, i - 1, -1
            ):
                words.claim(i, i + 1)
        elif word == "free" and i > 0 and words.free(i - 1, i):
            _free_of(words, draft, i, resolve)
        i += 1


def _unknown_allergen(words: Words, draft: Draft, k: int, step: int) -> bool:
    """ "allergic to kiwi": not one of the canonical allergens, so it cannot be excluded in
    SQL; it is avoided, and kept out of the vector query, which would otherwise look for it.
    Read backwards, a word before "my" is not the allergy's ("ignore my allergies")."""
    owned = False
    while 0 <= k < len(words) and words.words[k] in _FILLERS and not words.used[k]:
        owned = owned or words.words[k] in _POSSESSIVES
        k += step
    if step < 0 and owned:
        return _set_aside(words, draft, k)
    if not words.free(k, k + 1) or words.words[k] in STOPWORDS or not words.words[k].isalpha():
        return False
    word = words.words[k]
    words.claim(k, k + 1)
    add(draft.avoid, word)
    draft.note(word, f"avoid={word} (allergy, not a tracked allergen)")
    draft.assumptions.append(
        f"'{word}' is not one of the allergens I can filter on; I'll avoid it where I can, "
        "but please check with the restaurant."
    )
    return True


def _set_aside(words: Words, draft: Draft, k: int) -> bool:
    """ "ignore my allergies", "forget about our allergies": allergies stay, and the reply
    says so; any other word before "my" is left to the rest of the reader."""
    start = k - 1 if 0 < k < len(words) and words.words[k] == "about" else k
    if not 0 <= start < len(words) or not words.free(start, k + 1):
        return False
    if words.words[start] not in _SET_ASIDE:
        return False
    words.claim(start, k + 1)
    draft.note(" ".join(words.words[start : k + 1]), "allergies kept (asked to set them aside)")
    draft.assumptions.append(
        "I keep your allergies in every search, even when asked not to; if they have "
        "changed, change them in your profile."
    )
    return True


def _free_of(words: Words, draft: Draft, i: int, resolve: ResolveAllergens) -> None:
    phrase = words.words[i - 1]
    found = resolve(phrase)
    if not found:
        return
    hard = tuple(a for a in found if a in HARD_FREE_ALLERGENS)
    soft = [SOFT_FREE_DIETS[a] for a in found if a in SOFT_FREE_DIETS]
    add(draft.allergens, *hard)
    add(draft.dietary, *soft)
    words.claim(i - 1, i + 1)
    draft.note(
        f"{phrase} free",
        f"turn_allergens={','.join(hard)}" if hard else f"dietary={','.join(soft)}",
    )


def extract_negations(
    words: Words,
    draft: Draft,
    resolve_allergens: ResolveAllergens,
    resolve_category: ResolveCategory,
    is_dietary: Callable[[str], bool],
) -> None:
    i = 0
    while i < len(words):
        if words.used[i] or words.is_sep[i]:
            i += 1
            continue
        n = words.match(i, _TRIGGER_TABLE)
        if not n:
            i += 1
            continue
        trigger_words = tuple(words.words[i : i + n])
        kind = "dislike" if trigger_words in _DISLIKE_SET else "constraint"

        def item(lo: int, hi: int, only: str, trigger: str = kind) -> str:
            phrase = words.phrase(lo, hi)
            allergens = resolve_allergens(phrase)
            categories = resolve_category(phrase)
            found = _negated_kind(phrase, allergens, categories, is_dietary)
            if not found or (only and found != only):
                return ""
            _apply_negated(phrase, trigger, allergens, categories, draft)
            return found

        if _take_list(words, i + n, item):
            words.claim(i, i + n)
        elif trigger_words not in _SOFT_TRIGGERS:
            j = i + n
            while j < len(words) and words.words[j] in _FILLERS:
                j += 1
            if j < len(words) and words.free(j, j + 1) and words.words[j] not in STOPWORDS:
                add(draft.avoid, words.words[j])
                draft.note(words.phrase(i, j + 1), f"avoid={words.words[j]}")
                words.claim(i, j + 1)
        i += n


def _negated_kind(
    phrase: str,
    allergens: tuple[str, ...],
    categories: tuple[str, ...],
    is_dietary: Callable[[str], bool],
) -> str:
    if phrase in NEGATABLE_VIBES:
        return "vibe"
    if phrase in _COST_WORDS:
        return "cost"
    if allergens:
        return "allergen"
    if categories:
        return "category"
    return "diet" if is_dietary(phrase) else ""


def _apply_negated(
    phrase: str,
    trigger: str,
    allergens: tuple[str, ...],
    categories: tuple[str, ...],
    draft: Draft,
) -> None:
    if phrase in NEGATABLE_VIBES:
        avoid, opposite = NEGATABLE_VIBES[phrase]
        add(draft.avoid, avoid)
        if opposite:
            add(draft.vibes, opposite)
        if avoid == "upscale":  # "nothing fancy" is also a price
            draft.set_tiers(AFFORDABLE, f"not {phrase}")
        draft.note(f"not {phrase}", f"avoid={avoid}" + (f"; vibes={opposite}" if opposite else ""))
        return
    if phrase in _COST_WORDS:
        draft.set_tiers(AFFORDABLE, f"not {phrase}")
        return
    if allergens and trigger == "constraint":
        add(draft.allergens, *allergens)
        draft.note(f"no {phrase}", "turn_allergens=" + ",".join(allergens))
        spelt = corrected_allergen_word(phrase)
        if spelt is not None:
            draft.assumptions.append(
                f"'no {phrase}' read as 'no {spelt}': {_said(allergens)} excluded for this search."
            )
        elif len(allergens) > 1:
            draft.assumptions.append(
                f"'no {phrase}' read as excluding {_said(allergens)} for this search."
            )
    if categories:
        add(draft.exclude_categories, *categories)
        draft.note(f"no {phrase}", "exclude_categories=" + ",".join(categories))
    elif allergens and trigger == "dislike":
        add(draft.avoid, phrase)
        draft.note(f"not {phrase}", f"avoid={phrase}")
