"""A diet read from a condition ("im coeliac") is welcome, not asked: the reply does not call
the request "gluten-free Italian places" unless "gluten free" was said."""

from __future__ import annotations

from kairos.restaurants.chat_search import said_as_diet, strict_diets
from kairos.restaurants.schemas_decomposition import Decomposition


def test_a_condition_is_not_a_diet_asked() -> None:
    coeliac = Decomposition(
        dietary=["gluten_free"], matched={"coeliac": "turn_allergens=gluten; dietary=gluten_free"}
    )
    assert not said_as_diet(coeliac, "gluten_free")
    assert strict_diets(coeliac, ["gluten_free"]) == []
    asked = Decomposition(dietary=["gluten_free"], matched={"gluten free": "dietary=gluten_free"})
    assert said_as_diet(asked, "gluten_free")
    assert strict_diets(asked, ["gluten_free"]) == ["gluten_free"]
