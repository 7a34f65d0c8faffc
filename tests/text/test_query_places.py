"""Places in a message that the catalog does not hold: said, never bent into another town or a
cuisine ("steakhouse in nashville" read Ashville; "gluten-free in tampa" read tapas)."""

from __future__ import annotations

from kairos.restaurants.decomposition import QueryParser
from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.query.index import ProductWords
from kairos.text.query.understanding import QueryReader

VOCABULARY = CatalogVocabulary(
    frozenset({"steakhouses", "tapas bars", "tapas", "thai", "vegan"}),
    frozenset({"boston", "ashville", "austin"}),
    {"back bay": "boston"},
)
READER = QueryReader(VOCABULARY, ProductWords())


def test_a_place_typo_keeps_its_first_letter() -> None:
    assert READER.read("thai in bostn").cities == ["boston"]
    nashville = READER.read("steakhouse in nashville")
    assert nashville.cities == [] and nashville.unknown_place == "nashville"


def test_a_short_words_typo_keeps_its_first_letter() -> None:
    """ "quiet coffee catch-up for 3 in cambridge" filtered on Yelp's "Watches" and found
    nothing."""
    vocabulary = CatalogVocabulary(frozenset({"watches", "thai", "cakes"}), frozenset({"boston"}))
    reader = QueryReader(vocabulary, ProductWords())
    assert reader.read("coffee catch-up in boston").categories == []
    assert reader.read("somewhere to bake in boston").categories == []
    assert reader.read("cakse in boston").categories == ["cakes"], "a typo inside a word still is"
    assert reader.read("watchs in boston").categories == ["watches"]


def test_a_word_after_in_is_a_place_not_a_cuisine_typo() -> None:
    tampa = READER.read("gluten-free options in tampa")
    assert tampa.categories == [] and tampa.unknown_place == "tampa"
    assert READER.read("tampa in austin").categories, "a typo elsewhere is still a typo"


def test_words_after_in_that_name_no_place_are_left_alone() -> None:
    for message in ("vegan options in style", "thai in town", "dinner in the back bay"):
        assert READER.read(message).unknown_place is None, message
    assert READER.read("thai in new orleans").unknown_place == "new orleans"


def test_the_request_carries_the_place_it_does_not_know() -> None:
    """The chat then asks which of the cities it holds (tests/restaurants/test_where.py)."""
    parser = QueryParser(VOCABULARY)
    assert parser.decompose("vegan restaurant in philadelphia").unknown_place == "philadelphia"
    assert parser.decompose("thai in boston").unknown_place is None
    assert (
        parser.decompose("boston", previous=parser.decompose("brunch in nashville")).unknown_place
        is None
    )
    after = parser.decompose("what about tacos?", previous=parser.decompose("brunch in nashville"))
    assert after.unknown_place == "nashville", "a follow-up stays in the city it named"


def test_a_category_the_source_qualifies_is_read_as_people_say_it() -> None:
    """ "new american" is Yelp's "American (New)", not "american" with a stray "new" (a
    follow-up then kept plain American and answered with Greek and brewery places)."""
    vocabulary = CatalogVocabulary(
        frozenset({"american", "american (new)", "american (traditional)"}),
        frozenset({"cambridge", "new york"}),
    )
    reader = QueryReader(vocabulary, ProductWords())
    new = reader.read("new american in cambridge")
    assert (new.categories, new.cities, new.leftover) == (["american (new)"], ["cambridge"], [])
    assert reader.read("traditional american food").categories == ["american (traditional)"]
    assert reader.read("american diner in new york").cities == ["new york"]


def test_the_base_of_a_qualified_category_reaches_every_kind_of_it() -> None:
    """A catalogue of Yelp places files "American (New)" and "American (Traditional)" and no
    plain "American": "american food, ideally" read nothing, and the follow-up kept Japanese."""
    vocabulary = CatalogVocabulary(
        frozenset({"american (new)", "american (traditional)", "japanese"}), frozenset({"austin"})
    )
    reader = QueryReader(vocabulary, ProductWords())
    follow = reader.read("american food, ideally")
    assert follow.categories == ["american (new)", "american (traditional)"]
    assert follow.follow_up and follow.leftover == []
    assert reader.read("new american in austin").categories == ["american (new)"]


def test_asking_for_more_is_the_whole_message() -> None:
    from kairos.text.query.conversation import asks_for_more

    for message in (
        "show me more",
        "Any others?",
        "what else?",
        "more please",
        "next",
        "show me 5 more",
        "other options?",
        "anything else",
        "give me some more",
    ):
        assert asks_for_more(message), message
    for message in (
        "more romantic",
        "show me more in cambridge",
        "more expensive ones",
        "italian in boston",
        "what about thai?",
        "others in cambridge",
    ):
        assert not asks_for_more(message), message
