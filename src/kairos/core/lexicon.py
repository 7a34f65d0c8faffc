"""The allergen lexicon: surface forms loaded from data, compiled into one fast matcher.

Coverage grows in `data/allergen_lexicon.toml`; this module only turns that data into lookups.
All surface forms are compiled into a single regular expression shaped like a character trie,
because a flat alternation of ~1,500 words makes the regex engine try every word at every
position, while a trie fails after one or two characters almost everywhere.
"""

from __future__ import annotations

import gzip
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Final

from kairos.core.lexicon_forms import (
    LEFT,
    RIGHT,
    WORD,
    inflections,
    singular_of,
    term_key,
    trie_regex,
)
from kairos.core.lexicon_layers import merge, with_parts
from kairos.core.word_parts import WordParts, build_word_parts

__all__ = [
    "CANONICAL_ALLERGENS",
    "CANONICAL_SET",
    "Lexicon",
    "TableRow",
    "build_lexicon",
    "custom_lexicon",
    "default_lexicon",
    "food_lexicon",
    "inflections",
    "load_toml",
    "read_table",
    "term_key",
    "trie_regex",
]

CANONICAL_ALLERGENS: Final[tuple[str, ...]] = (
    "peanuts",
    "tree_nuts",
    "shellfish",
    "molluscs",
    "fish",
    "dairy",
    "eggs",
    "gluten",
    "soy",
    "sesame",
    "mustard",
    "celery",
    "lupin",
    "sulphites",
)
CANONICAL_SET: Final[frozenset[str]] = frozenset(CANONICAL_ALLERGENS)


_any_case = lru_cache(maxsize=64)(lambda regex: re.compile(regex, re.IGNORECASE))


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Everything the matchers need, derived once from the data files."""

    text_terms: Mapping[str, tuple[str, ...]]
    """key -> allergens, for free text (menus, reviews, ingredient lists)."""
    class_keys: Mapping[str, str]
    """key -> allergen, for words naming a whole class ("gluten", "nut", "milk")."""
    profile_only: Mapping[str, tuple[str, ...]]
    """key -> allergens, for words read only in profiles and labels ("til"), not in free text."""
    umbrellas: Mapping[str, tuple[str, ...]]
    """key -> allergens, for profile words naming a family ("nuts", "seafood")."""
    uncertain: Mapping[str, frozenset[str]]
    """key -> the allergens it only usually brings ("lecithin": soy, "ravioli": eggs), reported
    as may-contain; the key's other allergens ("ravioli": gluten) stay contains."""
    despite_class_negation: Mapping[str, frozenset[str]]
    """key -> the allergens it still may bring after its class is negated ("gluten-free oats")."""
    regex: str
    """The source of `pattern` and `lower_pattern`: any text term, longest first, whole words."""
    lower_pattern: re.Pattern[str]
    """The same, case-sensitive, for text already lowercased (2-3x faster than `pattern`)."""
    word_parts: WordParts
    """Allergen parts inside longer words ("Hartweizengrieß", "owsiane"); see `word_parts`."""
    reasons: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """key -> allergen -> why a product brings it ("most curry pastes hold shrimp paste"), for
    the derived and taxonomy knowledge; hand-listed words need none."""
    known_foods: frozenset[str] = frozenset()
    """Keys of every food the knowledge names, allergen or not: a line naming none of them is
    one the core cannot read ("unknown", never "safe")."""

    @property
    def pattern(self) -> re.Pattern[str]:
        """`regex` in any case, compiled on first use: almost all text is matched lowercased
        (`lower_pattern`), and compiling the large trie case-insensitively costs a second."""
        return _any_case(self.regex)


def _add(table: dict[str, tuple[str, ...]], term: str, allergens: tuple[str, ...]) -> None:
    for form in inflections(term):
        table[term_key(form)] = allergens


def _validate(allergens: Iterable[str], where: str) -> tuple[str, ...]:
    values = tuple(allergens)
    unknown = [value for value in values if value not in CANONICAL_SET]
    if unknown:
        raise ValueError(
            f"{where}: unknown allergen(s) {unknown}; use one of {CANONICAL_ALLERGENS}"
        )
    return values


def build_lexicon(
    data: Mapping[str, Any],
    derived: Mapping[str, Any] | None = None,
    table: Iterable[TableRow] = (),
) -> Lexicon:
    """Compile a lexicon from parsed TOML data (see `data/allergen_lexicon.toml`), then the
    derived rules' words (`data/derived_allergens.toml`) and the taxonomy table's names, each
    only where the layers before it say nothing of that word."""
    text_terms: dict[str, tuple[str, ...]] = {}
    class_keys: dict[str, str] = {}
    profile_only: dict[str, tuple[str, ...]] = {}
    forms: set[str] = set()
    for allergen, spec in data["allergens"].items():
        (canonical,) = _validate([allergen], "allergens")
        for term in [*spec.get("class_terms", ()), *spec.get("terms", ())]:
            _add(text_terms, term, (canonical,))
            forms.update(inflections(term))
        for term in spec.get("class_terms", ()):
            for form in inflections(term):
                class_keys[term_key(form)] = canonical
        for term in spec.get("profile_only", ()):
            _add(profile_only, term, (canonical,))
        _add(text_terms, canonical.replace("_", " "), (canonical,))
        forms.update(inflections(canonical.replace("_", " ")))
    for term, allergens in data.get("compounds", {}).items():
        _add(text_terms, term, _validate(allergens, f"compounds.{term}"))
        forms.update(inflections(term))
    forms.update(_plant_based(data.get("plant_based", {}), text_terms))
    usually: dict[str, tuple[str, ...]] = {}
    for term, allergens in data.get("uncertain", {}).items():
        _add(usually, term, _validate(allergens, f"uncertain.{term}"))
        forms.update(inflections(term))
    for key, allergens in usually.items():
        known = text_terms.get(key, ())
        text_terms[key] = known + tuple(a for a in allergens if a not in known)
    reasons: dict[str, dict[str, str]] = {}
    known_foods = set(text_terms)
    hand = frozenset(text_terms)
    added: dict[str, str] = {}  # key -> a surface form, for every word the later layers add
    exact: set[str] = set()
    heads: set[str] = set()  # derived words that can end a longer word and lend it theirs
    for rule in (derived or {}).get("words", ()):
        allergens = _validate(rule["allergens"], f"derived words {rule['terms'][:2]}")
        likely = rule["status"] == "likely"
        for term in rule["terms"]:
            forms.update(inflections(term, singular=True))
            for form in inflections(term, singular=True):
                key = term_key(form)
                heads.add(key)
                merge(text_terms, usually, reasons, key, allergens, likely, rule["reason"])
                if key not in hand:
                    added[key] = form
                if rule.get("exact") or not allergens:
                    exact.add(key)
    for word in (derived or {}).get("known", ()):
        known_foods.update(term_key(form) for form in inflections(word, singular=True))
    for row in table:
        if not row.contains and not row.likely:
            known_foods.update(term_key(form) for form in inflections(row.name))
            continue
        new = [f for f in inflections(row.name) if term_key(f) not in hand]
        for form in new:
            key = term_key(form)
            if key in text_terms and key not in reasons:
                continue  # the derived words said it first
            forms.add(form)
            added[key] = form
            merge(text_terms, usually, reasons, key, row.contains, False, row.reason)
            merge(text_terms, usually, reasons, key, row.likely, True, row.reason)
    for key in exact:
        added.pop(key, None)
    with_parts(text_terms, usually, hand, added, frozenset(heads))
    known_foods.update(text_terms)
    umbrellas: dict[str, tuple[str, ...]] = {}
    for term, allergens in data.get("profile_umbrellas", {}).items():
        _add(umbrellas, term, _validate(allergens, f"profile_umbrellas.{term}"))
    regex = LEFT + "(?:" + trie_regex(sorted(forms)) + ")" + RIGHT
    return Lexicon(
        text_terms=text_terms,
        class_keys=class_keys,
        profile_only=profile_only,
        umbrellas=umbrellas,
        uncertain={key: frozenset(allergens) for key, allergens in usually.items()},
        despite_class_negation=_despite_class_negation(data, text_terms),
        regex=regex,
        lower_pattern=re.compile(regex),
        word_parts=_word_parts(data),
        reasons=reasons,
        known_foods=frozenset(known_foods),
    )


def _plant_based(spec: Mapping[str, Any], text_terms: dict[str, tuple[str, ...]]) -> set[str]:
    """Plant-based forms of dairy foods ("coconut yogurt", "oat milk", "cashew cheese"): made
    from the plant, not from milk, so they carry the plant's allergens only. Entries the hand
    lexicon lists itself keep what it says."""
    forms: set[str] = set()
    for base in spec.get("bases", ()):
        allergens = text_terms.get(term_key(base), ())
        for dairy_form in spec.get("forms", ()):
            term = f"{base} {dairy_form}"
            if term_key(term) in text_terms:
                continue
            _add(text_terms, term, allergens)
            forms.update(inflections(term))
    return forms


@dataclass(frozen=True, slots=True)
class TableRow:
    """One name of the taxonomy table (`data/ingredient_allergens.tsv.gz`)."""

    name: str
    contains: tuple[str, ...]
    likely: tuple[str, ...]
    reason: str


def _despite_class_negation(
    data: Mapping[str, Any], text_terms: Mapping[str, tuple[str, ...]]
) -> dict[str, frozenset[str]]:
    kept: dict[str, tuple[str, ...]] = {}
    for term, allergens in data.get("usual_despite_class_negation", {}).items():
        _add(kept, term, _validate(allergens, f"usual_despite_class_negation.{term}"))
    for key, allergens in kept.items():
        if not set(allergens) <= set(text_terms.get(key, ())):
            raise ValueError(f"usual_despite_class_negation: {key!r} must name {allergens} itself")
    return {key: frozenset(allergens) for key, allergens in kept.items()}


def _word_parts(data: Mapping[str, Any]) -> WordParts:
    parts: dict[str, tuple[str, ...]] = {}
    start_only: set[str] = set()
    for allergen, spec in data.get("word_parts", {}).items():
        (canonical,) = _validate([allergen], "word_parts")
        for kind in ("inside", "start"):
            for part in spec.get(kind, ()):
                key = part.lower()
                if not key.isalpha():
                    raise ValueError(f"word_parts.{allergen}: {part!r} is not one word")
                parts[key] = (*parts.get(key, ()), canonical)
                if kind == "start":
                    start_only.add(key)
    for part, allergens in data.get("word_part_exceptions", {}).items():
        parts[part.lower()] = _validate(allergens, f"word_part_exceptions.{part}")
    return build_word_parts(parts, start_only, trie_regex)


def custom_lexicon(terms: tuple[str, ...]) -> Lexicon:
    """A lexicon for a user's custom ingredients ("garlic", "kiwi"), read as foods: each term
    with its plurals, its other names and what is made from it under another name (garlic →
    aioli, toum, tzatziki), as `food_lexicon` reads dislikes; a review praising the tzatziki
    names garlic for a garlic allergy. Negating a term clears it ("garlic-free")."""
    return food_lexicon(terms)


@lru_cache(maxsize=256)
def food_lexicon(terms: tuple[str, ...]) -> Lexicon:
    """A person's foods (their dislikes) read as foods, not spellings: each term's singular
    and plural, spaced and joined forms ("lemongrass" / "lemon grass"), its other names
    ("aubergine" for eggplant) and what is made from it under another name (tomato →
    ketchup, passata; avocado → guacamole). A match reports the term as the person wrote it;
    negating it clears it ("onion-free"), as for a custom ingredient."""
    foods = load_toml("derived_allergens.toml").get("foods", {})
    known = default_lexicon().known_foods
    text_terms: dict[str, tuple[str, ...]] = {}
    class_keys: dict[str, str] = {}
    forms: set[str] = set()
    for term in terms:
        for name in _food_names(term, foods, known):
            for form in inflections(name, singular=True):
                text_terms[term_key(form)] = (term,)
                class_keys[term_key(form)] = term
                forms.add(form)
    return _single_use_lexicon(text_terms, class_keys, forms)


def _food_names(term: str, foods: Mapping[str, Any], known: frozenset[str]) -> set[str]:
    words = WORD.findall(term.lower())
    if not words:
        return set()
    base = " ".join([*words[:-1], singular_of(words[-1]) or words[-1]])
    names = {" ".join(words), base}
    if len(words) == 1 and len(words[0]) >= 7:  # "lemongrass": also "lemon grass"
        word = words[0]
        for cut in range(3, len(word) - 2):
            head, tail = word[:cut], word[cut:]
            if head in known and len(tail) >= 3:
                names.add(f"{head} {tail}")
    keys = {term_key(n) for n in names}
    for group in foods.get("same", ()):
        if keys & {term_key(n) for n in group}:
            names.update(group)
    made = foods.get("made_from", {})
    for name in list(names):
        names.update(made.get(name, ()))
    return names


def _single_use_lexicon(
    text_terms: dict[str, tuple[str, ...]], class_keys: dict[str, str], forms: set[str]
) -> Lexicon:
    regex = LEFT + "(?:" + trie_regex(sorted(forms)) + ")" + RIGHT if forms else r"(?!)"
    return Lexicon(
        text_terms=text_terms,
        class_keys=class_keys,
        profile_only={},
        umbrellas={},
        uncertain={},
        despite_class_negation={},
        regex=regex,
        lower_pattern=re.compile(regex),
        word_parts=build_word_parts({}, (), trie_regex),
    )


def load_toml(name: str) -> dict[str, Any]:
    """Read one of the data files shipped inside this package."""
    with resources.files("kairos.core").joinpath("data").joinpath(name).open("rb") as handle:
        return tomllib.load(handle)


def read_table(name: str = "ingredient_allergens.tsv.gz") -> list[TableRow]:
    """The taxonomy table shipped inside this package (see `kairos allergens build-table`)."""
    raw = resources.files("kairos.core").joinpath("data").joinpath(name).read_bytes()
    rows = []
    for line in gzip.decompress(raw).decode().splitlines():
        if line.startswith("#") or not line:
            continue
        name_, contains, likely, reason, _entry = line.split("\t")
        rows.append(
            TableRow(
                name_,
                _validate([a for a in contains.split(",") if a], f"table {name_}"),
                _validate([a for a in likely.split(",") if a], f"table {name_}"),
                reason,
            )
        )
    return rows


@cache
def default_lexicon() -> Lexicon:
    """The lexicon shipped with Kairos (hand lexicon, derived rules, the Open Food Facts
    taxonomy table), built once per process."""
    return build_lexicon(
        load_toml("allergen_lexicon.toml"), load_toml("derived_allergens.toml"), read_table()
    )
