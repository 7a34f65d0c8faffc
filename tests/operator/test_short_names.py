"""A catalog name said without its own kind's words (`short_names.py`) is a name only when a
word of it is more than a function word. On the shared data's resolution set (run at 09e32da),
"This is Wings" (a chicken-wings place in Decatur, GA) left "this is", and every opener written
"This is <restaurant>. ..." resolved to Decatur: 12 of 240 in another city."""

from __future__ import annotations

from kairos.operator.short_names import ShortNames
from kairos.signals.geocoding.catalog import CatalogGeocoder

ROWS = [
    ("This is Wings", None, "Decatur", 33.77, -84.29),
    ("Smoken Joe's Bbq", "351 Washington St, Brighton, MA 02135", "Brighton", 42.3497, -71.1537),
]


def test_a_short_name_of_function_words_only_is_never_spotted() -> None:
    catalog = CatalogGeocoder(ROWS)
    kinds = [("This is Wings", 33.77, -84.29, ["Chicken Wings"]),
             ("Smoken Joe's Bbq", 42.3497, -71.1537, ["Barbeque"])]  # fmt: skip
    shorts = ShortNames(catalog, kinds)
    assert shorts.spot("This is Salsa's. Should i add a server this weekend?") == []
    found = shorts.spot("just Smoken Joe's, staffing friday?")
    assert [s.text for s in found] == ["Smoken Joe's"], found
