"""Issue 38, item 1: the city named after "in" wins over another place name of the prompt
(an occasion word or a name that is also a town the catalogue holds)."""

from __future__ import annotations

from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.query.index import ProductWords
from kairos.text.query.understanding import QueryReader

VOCABULARY = CatalogVocabulary(
    frozenset({"italian", "bars"}),
    frozenset({"boston", "golden", "harmony", "decatur", "atlanta", "salem", "austin", "london"}),
    {"back bay": "boston", "soho": "london"},
)
READER = QueryReader(VOCABULARY, ProductWords())


def where(prompt: str) -> tuple[list[str], str | None]:
    reading = READER.read(prompt)
    return reading.cities, reading.area


def test_the_city_named_after_in_wins() -> None:
    """Read on the full restaurant data: "golden anniversary dinner in boston for 6" planned in
    Golden, Colorado; "harmony team lunch in boston for 12" in Harmony, Florida."""
    assert where("golden anniversary dinner in boston for 6")[0] == ["boston"]
    assert where("harmony team lunch in boston for 12")[0] == ["boston"]
    assert where("golden girls night out drinks in austin for 6")[0] == ["austin"]
    assert where("decatur reunion dinner in atlanta for 8")[0] == ["atlanta"]
    assert where("friends from salem, lunch near boston")[0] == ["boston"]
    assert where("soho farewell dinner in boston")[1] is None, "an area of another city"


def test_other_places_stay_places() -> None:
    assert where("dinner in golden for 4")[0] == ["golden"], "a town after 'in' is the town"
    assert where("back bay brunch in boston") == (["boston"], "back bay"), "an area of the city"
    assert where("decatur dinner for 4")[0] == ["decatur"], "no city after 'in'"
    assert where("dinner in boston for 6, golden hour vibes")[0][0] == "boston"
