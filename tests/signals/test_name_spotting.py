"""Catalog names as operators shorten them (`signals/geocoding/spotting.py`): "Ghazal, Centre St
JP" names Ghazal Indian Cuisine (operators panel o41: "couldn't find 'Centre St'"), while a
cuisine word alone, or a cuisine name in a sentence, names no place."""

from __future__ import annotations

from dataclasses import dataclass

from kairos.signals.geocoding.spotting import NameIndex, spot_names


@dataclass(frozen=True)
class _Place:
    name: str

    @property
    def name_key(self) -> str:
        return " ".join(self.name.lower().replace("'", "").split())


PLACES = [_Place("Ghazal Indian Cuisine"), _Place("Mei Sum Cuisine"), _Place("Bon Savor")]


def _names(text: str) -> list[str]:
    index = NameIndex(PLACES)
    found = spot_names(text, index, lambda w: w.lower().replace("'", ""))
    return [PLACES[s.candidates[0]].name for s in found]


def test_a_cuisine_tail_is_left_out_as_operators_leave_it_out() -> None:
    assert _names("Ghazal, Centre St JP. sunday lunch buffet, how many servers?") == [
        "Ghazal Indian Cuisine"
    ]
    assert _names("ghazal indian cuisine here, how busy this weekend?") == ["Ghazal Indian Cuisine"]
    assert _names("we run Ghazal Indian in JP") == ["Ghazal Indian Cuisine"]
    assert _names("Mei Sum in Chinatown, covers for friday?") == ["Mei Sum Cuisine"]


def test_the_cuisine_words_alone_name_no_place() -> None:
    assert _names("how busy are indian cuisine places on fridays?") == []
    assert _names("we serve Indian food, how many covers?") == []
    assert _names("compare us with Bon Savor") == ["Bon Savor"]
