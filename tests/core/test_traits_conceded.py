"""A diet a review only concedes is no evidence of it (issue 34, item 3): "While there are some
vegetarian and vegan options, most of the food is … American faves" made a tavern a "vegan
place" on the chat's card, with that sentence as the claim's evidence."""

from __future__ import annotations

from kairos.core.traits import derive_traits, held_traits


def test_a_conceded_diet_is_no_evidence_of_it() -> None:
    sentence = (
        "Although they do have a few vegan options, the menu is mostly ribs, wings and "
        "brisket, all excellent."
    )
    evidence = derive_traits([], reviews=[("r1", sentence)])
    assert not [e for e in evidence if e.trait == "vegan"], evidence
    assert "vegan" not in held_traits(evidence)


def test_a_diet_the_sentence_goes_on_to_affirm_is_evidence() -> None:
    sentence = "Although it looks like a steakhouse, the vegan options are the best in town."
    evidence = derive_traits([], reviews=[("r1", sentence)])
    assert "vegan" in held_traits(evidence)
