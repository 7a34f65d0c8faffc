"""The evidence a card or a plan cites for a trait asked."""

from __future__ import annotations

from kairos.core.traits import REVIEW_SPAN_CHARS
from kairos.pipeline.trait_notes import trait_notes
from kairos.search.models import PlaceSummary


def _place(span: str) -> PlaceSummary:
    evidence = [
        {"trait": "rooftop", "source": "review", "ref": "7", "span": span, "holds": True},
        {"trait": "rooftop", "source": "attribute", "ref": "x", "span": "x: no", "holds": False},
    ]
    return PlaceSummary(
        id=1, name="Top", kind="bar", categories=[], price_tier=None, rating=None, votes=0,
        city=None, area=None, address=None, lat=None, lng=None, url=None, known_allergens=[],
        contains_allergens=[], allergen_confidence="low", traits=["rooftop"],
        trait_evidence=evidence,
    )  # fmt: skip


def test_a_clipped_review_sentence_ends_at_a_word_with_an_ellipsis() -> None:
    """A sentence kept to its first 160 characters was cited as "…fun for everyone (i"."""
    sentence = ("The live music on the roof deck is a good blend of rock covers " * 4)[
        :REVIEW_SPAN_CHARS
    ]
    (note,) = trait_notes(_place(sentence), ["rooftop", "view"])
    assert note.says.endswith("…") and len(note.says) < REVIEW_SPAN_CHARS
    assert sentence.startswith(note.says.removesuffix("…"))
    assert sentence[len(note.says) - 1] == " ", "cut at a word boundary"
    assert (note.source, note.ref, note.label) == ("review", "7", "rooftop")


def test_a_whole_sentence_is_cited_whole() -> None:
    (note,) = trait_notes(_place("Great rooftop ."), ["rooftop"])
    assert note.says == "Great rooftop."
    assert trait_notes(_place("Great rooftop."), ["view"]) == []
    (after_brackets,) = trait_notes(_place("), great rooftop as well."), ["rooftop"])
    assert after_brackets.says == "great rooftop as well."


def test_the_evidence_cited_is_the_review_the_card_quotes() -> None:
    """Nobu Hotel Barcelona's card cited one diner's view sentence as evidence and quoted
    another's as its summary: the evidence is now the quoted review when it is one of them."""
    place = _place("Pretty expensive but one of the best views.")
    place.trait_evidence.append(
        {
            "trait": "rooftop",
            "source": "review",
            "ref": "9",
            "span": "Lovely roof deck.",
            "holds": True,
        }
    )
    (first,) = trait_notes(place, ["rooftop"])
    assert first.ref == "7"
    (quoted,) = trait_notes(place, ["rooftop"], quoted="9")
    assert (quoted.ref, quoted.says) == ("9", "Lovely roof deck.")
    (elsewhere,) = trait_notes(place, ["rooftop"], quoted="42")
    assert elsewhere.ref == "7"


def test_a_lone_mention_is_one_review_for_and_none_against() -> None:
    from kairos.pipeline.trait_notes import lone_mentions

    place = _place("They have a roof deck.")
    place.traits = []
    place.trait_evidence = [e for e in place.trait_evidence if e["source"] == "review"]
    (note,) = lone_mentions(place, ["rooftop"])
    assert (note.ref, note.says) == ("7", "They have a roof deck.")
    place.trait_evidence.append(
        {
            "trait": "rooftop",
            "source": "review",
            "ref": "8",
            "span": "No roof deck.",
            "holds": False,
        }
    )
    assert lone_mentions(place, ["rooftop"]) == [], "a diner says there is none"
    place.trait_evidence[-1] = {"trait": "rooftop", "source": "review", "ref": "8",
                                "span": "Nice roof deck.", "holds": True}  # fmt: skip
    assert lone_mentions(place, ["rooftop"]) == [], "two diners are not one"
