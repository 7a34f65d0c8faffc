"""A place the operator says is a café ("we're a little coffee shop") has a café's day, mornings
and lunch (held-out class: a café's Friday planned 97 % at dinner from restaurants' check-ins):
its similar places, its kind's week and its staff are a café's, whatever its listing (or none)
says."""

from __future__ import annotations

from kairos.operator.demand import DAYPARTS, DEFAULT_SHAPE, DemandShape
from kairos.operator.lean import LEAN_SHARE, lean_categories, leaned, read_lean, shape_categories
from kairos.operator.place_kind import kind_of
from kairos.operator.service_kind import front_role
from kairos.operator.staffing_plan import kitchen_and_bar

FRI = 4
BREAKFAST, LUNCH, DINNER = (DAYPARTS.index(p) for p in ("breakfast", "lunch", "dinner"))


def test_a_cafe_is_read_as_operators_say_it() -> None:
    for said in (
        "we're a little cafe on Tremont. friday?",
        "I run a coffee shop in Allston",
        "it's a bakery, usually 200 on a saturday",
        "We are a café by South Station",
    ):
        assert read_lean(said)[0] == "cafe", said  # fmt: skip
    assert read_lean("the cafe next door is always busy")[0] is None
    assert read_lean("it's mostly lunch, we're a cafe")[0] == "lunch"  # the lean said outright


def test_a_place_said_to_be_a_cafe_has_a_cafes_day_and_staff() -> None:
    assert kind_of(shape_categories([], "cafe")) == "cafe"
    assert shape_categories(["Italian"], None) == ["Italian"]
    cafe = leaned(DemandShape(DEFAULT_SHAPE, "d", 0, 0), "cafe")
    friday = cafe.covers(200, FRI)[FRI]
    assert friday[BREAKFAST] + friday[LUNCH] >= LEAN_SHARE * friday.sum() - 1e-6
    assert friday[DINNER] < 0.4 * friday.sum()
    assert "a café as you said" in cafe.basis
    assert front_role(lean_categories(None, "cafe"))[0] == "barista"


def test_a_cafe_said_is_said_to_be_the_operators_word_not_a_listing() -> None:
    said = kitchen_and_bar(200, lean_categories(None, "cafe"))
    assert said == "No line cooks or bartenders counted: counter service, as you said."
    listed = kitchen_and_bar(200, ["Coffee & Tea"])
    assert "your listing is a counter-service coffee place" in listed
