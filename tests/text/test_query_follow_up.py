"""A follow-up read against the request before it (the shared engine's rule, used by the
planner's `chat_history`): what it names changes, the rest is kept, and safety only grows."""

from __future__ import annotations

from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.query.conversation import follows_up
from kairos.text.query.index import ProductWords
from kairos.text.query.understanding import QueryReader, keep_earlier

READER = QueryReader(
    CatalogVocabulary(frozenset({"italian", "thai"}), frozenset({"boston", "cambridge"})),
    ProductWords(),
)


def test_a_follow_up_changes_what_it_names_and_keeps_the_rest() -> None:
    earlier = READER.read("cozy vegan italian in boston for 4, no shellfish")
    thai = keep_earlier(READER.read("what about thai?"), earlier)
    assert (thai.categories, thai.cities, thai.party_size) == (["thai"], ["boston"], 4)
    assert (thai.dietary, thai.allergens, thai.vibes) == (
        ["vegan"],
        ["shellfish", "molluscs"],
        ["cozy"],
    )
    moved = keep_earlier(READER.read("in cambridge, with no peanuts"), earlier)
    assert (moved.categories, moved.cities) == (["italian"], ["cambridge"])
    assert moved.allergens == ["shellfish", "molluscs", "peanuts"], "allergens only ever add up"
    lively = keep_earlier(READER.read("something lively instead"), earlier)
    assert lively.vibes == ["lively"], "'instead' replaces the earlier vibe"


def test_what_follows_up() -> None:
    assert follows_up("make it cheaper", names_what=False, names_where=False)
    assert follows_up("what about thai in cambridge?", names_what=True, names_where=True)
    assert not follows_up("thai in cambridge for 4", names_what=True, names_where=True)


def test_what_comes_before_or_after_the_outing_is_no_filter() -> None:
    """ "late night food for 4 in boston after a concert" filtered on Yelp's "Concerts" and
    found nothing."""
    reader = QueryReader(
        CatalogVocabulary(frozenset({"concerts", "pizza"}), frozenset({"boston"})), ProductWords()
    )
    after = reader.read("pizza in boston after a concert")
    assert (after.categories, after.cities) == (["pizza"], ["boston"])
    assert "concert" not in after.leftover
    assert reader.read("concerts in boston").categories == ["concerts"], "asked for, a filter"
