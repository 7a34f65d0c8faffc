"""A user's allergy profile, normalised on validation so every later check sees canonical names.

The stored shape is the seed's `{confirmed, intolerances, severity}`. Whatever a client sends
("Ghee", "prawns", "nut allergy", "garlic") is rewritten on validation: synonyms become canonical
allergens, umbrella words widen ("nuts" -> tree_nuts and peanuts), unknown words stay as custom
ingredients, duplicates merge keeping the riskiest severity, and every entry gets a severity.
Validating the output again gives the same profile, so it is safe to store and re-read.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictBool,
    StringConstraints,
    model_serializer,
    model_validator,
)

from kairos.core.allergens import (
    SEVERITY_RISK,
    Severity,
    expand_allergen,
    is_canonical,
)
from kairos.core.stored_text import StoredText, storable_keys

__all__ = ["AllergyProfile", "anaphylactic_allergens", "coverage", "flags"]

DEFAULT_CONFIRMED_SEVERITY: Final[Severity] = "severe"
"""A confirmed allergy with no stated severity is treated as severe, never as mild."""
DEFAULT_INTOLERANCE_SEVERITY: Final[Severity] = "intolerance"

_Entry = Annotated[StoredText, StringConstraints(max_length=80)]


def _riskier(current: Severity | None, new: Severity) -> Severity:
    if current is None or SEVERITY_RISK[new] > SEVERITY_RISK[current]:
        return new
    return current


_CRUSTACEANS: Final = frozenset({"crustacean", "crustaceans", "crustacea"})
"""Words that narrow "shellfish" to crustaceans (shrimp, crab, lobster), leaving molluscs out."""


def _crustaceans_only(terms: list[str], stated: bool) -> bool:
    """Whether "shellfish" stays crustaceans for this person: they said "crustaceans" or named
    only crustaceans ("prawns"), or a stored profile says so; naming a mollusc ("squid",
    "seafood") widens it again, and so does "shellfish" itself in words they typed."""
    molluscs = crustaceans = umbrella = False
    for term in terms:
        names = expand_allergen(term)
        bare = " ".join(term.lower().replace("_", " ").split())
        if bare in ("shellfish", "shell fish"):
            umbrella = True
        elif "molluscs" in names:
            molluscs = True
        elif names == ("shellfish",) or bare in _CRUSTACEANS:
            crustaceans = True
    if molluscs:
        return False
    return stated or (crustaceans and not umbrella)


def _expand(term: str, crustaceans_only: bool) -> tuple[str, ...]:
    """`expand_allergen`, except that "shellfish" stays crustaceans for a person who said so."""
    names = expand_allergen(term)
    if crustaceans_only and names == ("shellfish", "molluscs"):
        return ("shellfish",)
    return names


def _resolved(
    confirmed: list[str],
    intolerances: list[str],
    severity: dict[str, Severity | None],
    crustaceans_only: bool = False,
) -> dict[str, Severity]:
    """One severity per canonical name, in first-named order (confirmed, then intolerances).

    Outside the validator so that mutation testing, which skips decorated functions, reaches it.
    """
    explicit: dict[str, Severity] = {}
    for term, stated in severity.items():
        if stated is None:
            continue
        for name in _expand(term, crustaceans_only):
            explicit[name] = _riskier(explicit.get(name), stated)
    resolved: dict[str, Severity] = {}
    for terms, default in (
        (confirmed, DEFAULT_CONFIRMED_SEVERITY),
        (intolerances, DEFAULT_INTOLERANCE_SEVERITY),
    ):
        for term in terms:
            for name in _expand(term, crustaceans_only):
                chosen = explicit.get(name, default)
                resolved[name] = _riskier(resolved.get(name), chosen)
    for term in severity:
        # A severity for an allergen listed nowhere else is still an allergy; None -> severe.
        for name in _expand(term, crustaceans_only):
            resolved.setdefault(name, explicit.get(name, DEFAULT_CONFIRMED_SEVERITY))
    return resolved


class AllergyProfile(BaseModel):
    """Confirmed allergies, intolerances and their severities, in canonical names.

    After validation: `severity` has exactly one entry per allergen or custom ingredient;
    `confirmed` lists those with a severity above `intolerance`, `intolerances` the rest, each in
    the order the user first named them.
    """

    model_config = ConfigDict(extra="forbid", json_schema_extra=storable_keys)

    confirmed: list[_Entry] = Field(default_factory=list, max_length=64)
    intolerances: list[_Entry] = Field(default_factory=list, max_length=64)
    severity: dict[_Entry, Severity | None] = Field(default_factory=dict, max_length=64)
    crustaceans_only: StrictBool = Field(
        default=False,
        description="'shellfish' means crustaceans only (shrimp, crab, lobster), not molluscs "
        "(clams, mussels, squid): set when the person says 'crustaceans'; otherwise a "
        "shellfish allergy covers both",
    )

    @model_serializer(mode="wrap")
    def _seed_shape(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The seed's `{confirmed, intolerances, severity}`; `crustaceans_only` only when set."""
        data: dict[str, Any] = handler(self)
        if not self.crustaceans_only:
            data.pop("crustaceans_only", None)
        return data

    @model_validator(mode="after")
    def _normalise(self) -> AllergyProfile:
        said = [*self.confirmed, *self.intolerances, *self.severity]
        self.crustaceans_only = _crustaceans_only(said, self.crustaceans_only)
        resolved = _resolved(
            self.confirmed, self.intolerances, self.severity, self.crustaceans_only
        )
        self.confirmed = [name for name, level in resolved.items() if level != "intolerance"]
        self.intolerances = [name for name, level in resolved.items() if level == "intolerance"]
        self.severity = dict(resolved)
        return self

    @classmethod
    def of_levels(cls, levels: dict[str, Severity]) -> AllergyProfile:
        """A profile from canonical names and severities (a group's union, a profile after a
        change): "shellfish" without "molluscs" there is a crustacean allergy, kept narrow."""
        narrowed = "shellfish" in levels and "molluscs" not in levels
        return cls(
            confirmed=[name for name, level in levels.items() if level != "intolerance"],
            intolerances=[name for name, level in levels.items() if level == "intolerance"],
            severity=dict(levels),
            crustaceans_only=narrowed,
        )

    def severity_of(self, allergen: str) -> Severity | None:
        """The severity recorded for a canonical allergen or custom ingredient, if any."""
        return self.severity.get(allergen)

    @property
    def allergens(self) -> list[str]:
        """Every allergen and custom ingredient in the profile, in first-named order."""
        return list(self.severity)

    @property
    def custom_ingredients(self) -> list[str]:
        """Entries that are not one of the 14 canonical allergens (garlic, kiwi, ...)."""
        return [name for name in self.severity if not is_canonical(name)]

    def resolved_severities(self) -> dict[str, Severity]:
        """`severity` with the guarantee, for type checkers, that no value is None."""
        return {name: level or DEFAULT_CONFIRMED_SEVERITY for name, level in self.severity.items()}


def anaphylactic_allergens(profile: AllergyProfile) -> frozenset[str]:
    """Allergens whose severity is anaphylactic: the ones SQL must always exclude."""
    return frozenset(
        name for name, level in profile.resolved_severities().items() if level == "anaphylactic"
    )


def flags(profile: AllergyProfile) -> list[str]:
    """Flat, ordered list of every allergen and custom ingredient (users.allergy_flags)."""
    return profile.allergens


_COVERS: Final[dict[str, str]] = {
    "peanuts": "Peanuts: peanuts, groundnuts, peanut butter and oil, satay sauce",
    "tree_nuts": "Tree nuts: almonds, cashews, hazelnuts, walnuts, pecans, pistachios, "
    "macadamias, Brazil nuts, pine nuts (peanuts are a separate allergy)",
    "shellfish": "Shellfish: crustaceans (shrimp, prawns, crab, lobster, crayfish)",
    "molluscs": "Molluscs: clams, mussels, oysters, scallops, squid, octopus, snails",
    "fish": "Fish: every fish, fish sauce, anchovies in sauces and dressings",
    "dairy": "Milk: butter, cream, cheese, yogurt, ghee, whey, casein",
    "eggs": "Eggs: eggs, mayonnaise, meringue, fresh pasta, egg washes",
    "gluten": "Gluten: wheat (spelt, semolina, durum), rye, barley (malt), oats",
    "soy": "Soy: soybeans, tofu, soy sauce, miso, edamame, soy lecithin",
    "sesame": "Sesame: seeds, tahini, hummus, sesame oil",
    "mustard": "Mustard: seeds, mustard, mustard oil, most dressings and curry powders",
    "celery": "Celery: celery, celeriac, celery salt, most stocks and stock cubes",
    "lupin": "Lupin: lupin flour and seeds",
    "sulphites": "Sulphites: wine, sherry, cider, wine vinegars, most dried fruit",
}
_BOTH_SHELLFISH: Final = (
    "Shellfish: crustaceans and molluscs (shrimp, crab, lobster, clams, mussels, oysters, "
    "squid…); say 'crustaceans' to keep molluscs in"
)


_BOTH_NUTS: Final = (
    "Nuts: tree nuts (almonds, cashews, hazelnuts, walnuts, pecans, pistachios, macadamias, "
    "Brazil nuts, pine nuts) and peanuts"
)


def coverage(profile: AllergyProfile) -> list[str]:
    """What each allergy in the profile keeps out, in words a person checks against their own
    ("Shellfish: crustaceans and molluscs (…)"); a custom entry covers the word itself."""
    lines: list[str] = []
    names = profile.allergens
    for name in names:
        if name == "molluscs" and "shellfish" in names and not profile.crustaceans_only:
            continue
        if name == "peanuts" and "tree_nuts" in names:
            continue
        if name == "tree_nuts" and "peanuts" in names:
            lines.append(_BOTH_NUTS)
            continue
        if name == "shellfish" and "molluscs" in names and not profile.crustaceans_only:
            lines.append(_BOTH_SHELLFISH)
        elif name == "shellfish" and profile.crustaceans_only:
            lines.append(_COVERS["shellfish"] + " only; molluscs are not kept out")
        else:
            lines.append(_COVERS.get(name, f"{name.capitalize()}: the word itself, as written"))
    return lines
