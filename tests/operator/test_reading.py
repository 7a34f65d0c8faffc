"""The operator's message reader: cards, locations, baselines, windows, turn kinds."""

from __future__ import annotations

from datetime import date

import pytest

from kairos.operator.reading import read_message, redact

TUESDAY = date(2026, 11, 24)


def test_the_seeds_example() -> None:
    r = read_message(
        "we're on Atlantic Ave in Brooklyn, usually 180 covers on a Friday — what should I do "
        "about staffing this weekend?",
        TUESDAY,
    )
    assert r.card == "staffing"
    assert [m.text for m in r.locations] == ["Atlantic Ave, Brooklyn"]
    assert r.baseline is not None and (r.baseline.covers, r.baseline.weekday) == (180, 4)
    assert r.window == (date(2026, 11, 27), date(2026, 11, 29))  # a restaurant's weekend


def test_a_baselines_weekday_is_not_the_window() -> None:
    r = read_message("Fridays we do 220 covers at 350 Atlantic Ave, Brooklyn", TUESDAY)
    assert r.baseline is not None and r.baseline.weekday == 4
    assert r.window is None


def test_two_locations_in_order_with_their_cities() -> None:
    r = read_message(
        "We have two places: 350 Atlantic Ave, Brooklyn and 123 Newbury St in Boston.", TUESDAY
    )
    assert [(m.address, m.city) for m in r.locations] == [
        ("350 Atlantic Ave", "Brooklyn"),
        ("123 Newbury St", "Boston"),
    ]


def test_a_named_place_with_its_street_is_one_location() -> None:
    r = read_message("We are Legal Sea Foods on Boylston St. Any opportunities?", TUESDAY)
    assert len(r.locations) == 1
    assert (r.locations[0].name, r.locations[0].address) == ("Legal Sea Foods", "Boylston St")
    assert r.card == "opportunity"


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("why?", "why", True),
        ("actually more like 150 covers", "correction", True),
        ("all locations", "scope", "all"),
        ("just the first one", "scope", "first"),
        ("refresh the data", "refresh", True),
        ("show me the reviews", "expand", True),
        ("any risks next week?", "card", "risk"),
    ],
)
def test_turn_kinds(text: str, field: str, value: object) -> None:
    assert getattr(read_message(text, TUESDAY), field) == value


def test_what_if_scenarios() -> None:
    rain = read_message("what if it rains?", TUESDAY).what_if
    covers = read_message("what if we get 250 covers", TUESDAY).what_if
    assert rain is not None and rain.kind == "rain"
    assert covers is not None and (covers.kind, covers.covers) == ("covers", 250)
    assert read_message("it rains a lot here", TUESDAY).what_if is None


def test_competitor_names_keep_their_capitals() -> None:
    assert read_message("how do we compare to Joe's Pizza?", TUESDAY).competitor == "Joe's Pizza"
    assert read_message("compare us to them", TUESDAY).competitor is None


def test_the_transcript_keeps_no_address_email_phone_or_zip() -> None:
    said = redact("we're at 350 Atlantic Ave, Brooklyn 11217; call 718-555-1234 or a@b.com")
    for secret in ("350", "Atlantic", "11217", "555", "a@b.com"):
        assert secret not in said


def test_say_is_a_supposition_only_before_a_scenario() -> None:
    game = read_message("say there's a Bruins game saturday, then what?", TUESDAY).what_if
    assert game is not None and game.kind == "event"
    shown = read_message("show me what people say", TUESDAY)
    assert shown.what_if is None and shown.expand
    assert read_message("guests say the service is slow on game nights", TUESDAY).what_if is None
    asked = read_message("what are guests complaining about most?", TUESDAY)
    assert asked.what_if is None and asked.expand


@pytest.mark.parametrize("said", ["tomorow night", "tommorow nite", "tmrw dinner"])
def test_tomorrow_as_operators_type_it(said: str) -> None:
    r = read_message(f"staff for {said}?", TUESDAY)
    assert r.window == (date(2026, 11, 25), date(2026, 11, 25))


def test_a_baseline_said_without_covers_and_a_correction() -> None:
    r = read_message("sorry, we're usually at 160 on fridays, my bad", TUESDAY)
    assert r.baseline is not None and (r.baseline.covers, r.baseline.weekday) == (160, 4)
    assert r.correction
    assert read_message("we're at 350 Columbus Ave", TUESDAY).baseline is None  # an address


def test_a_street_opening_the_message_is_a_location_in_the_city_said() -> None:
    r = read_message("Columbus Ave, Boston - small bistro, 90 covers on Fridays", TUESDAY)
    assert [(m.address, m.city) for m in r.locations] == [("Columbus Ave", "Boston")]
    r = read_message("Different place today - what does Friday look like", TUESDAY)
    assert r.locations == [] and r.window == (date(2026, 11, 27), date(2026, 11, 27))


def test_a_competitor_named_is_not_the_operators_location() -> None:
    message = "how do we compare with Coppa?"
    coppa = (message.index("Coppa"), message.index("Coppa") + 5)
    r = read_message(message, TUESDAY, names=[coppa])
    assert r.competitor == "Coppa" and r.locations == []
    ours = "We're Grezzo on Prince St, how do we compare with Coppa?"
    spans = [(ours.index("Grezzo"), ours.index("Grezzo") + 6), (ours.index("Coppa"), len(ours) - 1)]
    r = read_message(ours, TUESDAY, names=spans)
    assert [m.name for m in r.locations] == ["Grezzo"] and r.competitor == "Coppa"


@pytest.mark.parametrize(
    "text",
    [
        "what's our best night to push a promo this week?",
        "ok what kind of promo?",
        "any offer you'd suggest?",
        "which night is our quietest?",
        "where are the quiet spots this week?",
        "how do we fill our slow nights?",
        "what's our slowest time?",
    ],
)
def test_asking_for_a_promo_or_the_quiet_times_is_the_opportunity_card(text: str) -> None:
    assert read_message(text, TUESDAY).card == "opportunity"


@pytest.mark.parametrize("text", ["how many servers friday?", "staffing for the weekend?"])
def test_staffing_words_stay_staffing(text: str) -> None:
    assert read_message(text, TUESDAY).card == "staffing"


@pytest.mark.parametrize(
    ("text", "covers"),
    [
        ("actually it's 130, sorry, the 160 was new years", 130),
        ("sorry, more like 230, my bad", 230),
        ("sorry I meant 150, 200 was mother's day", 150),
        ("no, make it 90", 90),
        ("actually it's 1704 Washington St", None),  # a street number, not covers
        ("actually it's 11:30 when we open", None),
        ("it's 130 minutes from here", None),  # not a correction: no bare number read
    ],
)
def test_a_correction_puts_right_the_covers_without_saying_covers(
    text: str, covers: int | None
) -> None:
    baseline = read_message(text, TUESDAY).baseline
    assert (baseline.covers if baseline else None) == covers


def test_a_zip_said_beside_the_one_restaurant_named_is_where_it_is() -> None:
    text = "02128 - East Boston. Rincon Limeño on Chelsea St. opportunities this weekend?"
    at = text.index("Rincon")
    found = read_message(text, TUESDAY, names=[(at, at + len("Rincon Limeño"))]).locations
    assert [(m.name, m.address, m.zip) for m in found] == [("Rincon Limeño", "Chelsea St", "02128")]
    street = read_message("02128, on Chelsea St. weekend?", TUESDAY).locations
    assert [(m.address, m.zip) for m in street] == [("Chelsea St", "02128")]
    two = read_message("02118 and 02139, how do both look?", TUESDAY).locations
    assert [m.zip for m in two] == ["02118", "02139"]  # two ZIPs stay two places


@pytest.mark.parametrize(
    ("said", "part", "lean"),
    [
        ("mostly brunch, about 120 covers on a Saturday", None, "lunch"),
        ("we're mainly a dinner place, usually 200 covers on fridays", None, "dinner"),
        ("we do 90 covers on a Sunday, mostly breakfast", None, "breakfast"),
        ("usually 300 customers on a friday, mostly lunch", None, "lunch"),
        ("usually 250 on a saturday night, it's mostly bar", "dinner", "bar"),
        ("we do 150 covers on a friday", None, None),
        ("mostly regulars, about 120 covers on a Saturday", None, None),
        ("about 120 covers at lunch on a Saturday, mostly bar", None, "bar"),
        ("we do 140 covers friday lunch, mostly takeout", "lunch", None),
    ],
)
def test_a_day_said_mostly_one_part_keeps_its_covers_the_days(
    said: str, part: str | None, lean: str | None
) -> None:
    """A number said with a day is the day's total ("300 on a Friday, mostly lunch" is the
    Friday's 300, most at lunch: it was read as 300 at lunch, so a food-court counter got ≈500
    covers over the day); "mostly lunch" / "mostly bar" is the day's shape (`Reading.lean`), and
    covers are a daypart's only when the daypart is attached to them ("Friday lunch"). This
    replaces 05f5034's reading of o17 ("mostly brunch, 120 on a Saturday" as 120 at brunch):
    its 120 is the Saturday's, with at least 60 % of it at brunch (test_lean)."""
    r = read_message(said, TUESDAY)
    assert r.baseline is not None and r.baseline.daypart == part
    assert r.lean == lean
    if lean is not None and part is None:
        assert r.daypart is None  # "mostly lunch" does not ask about lunch
