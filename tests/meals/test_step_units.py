"""A metric cook reads every measure of the steps in °C and cm (issue 37: "metric everywhere, in
the steps too"), whichever way the source wrote it: inch marks, inches in words, pans with
hyphens, ranges, a measure given twice, an oven in bare degrees. What is not a measure stays.

The lines are real steps of ../shared/data/recipes_wikibooks (CC BY-SA 4.0, Wikibooks Cookbook
contributors; titles named) and ../shared/data/recipes; the checker below is the test's own
reading of a non-metric measure, not the rewriter's."""

from __future__ import annotations

import re

import pytest

from kairos.recipes.step_amounts import adapt_step

_NOT_METRIC = re.compile(
    r"\d\s*(?:°|º|˚|degrees?)?\s*F(?:ahrenheit)?\b|\b[3-5]\d\d\s*(?:°|º|˚|degrees?\b)(?!\s*C)|"
    r"\binch(?:es)?\b|\d\s*[\"”″]|\d\s*in\b",
    re.IGNORECASE,
)

REAL_STEPS = [
    # Wikibooks: Cake Brownies — a pan given in both systems is said once
    ("Preheat oven to 350°F (175°C). Grease a 9 x 9 inch (23 x 23 cm) square cake pan.",
     "Preheat oven to 175°C. Grease a 23 x 23 cm square cake pan."),
    # Wikibooks: Hamburger Skillet Dinner
    ("While pasta is cooking, sprinkle a 10-inch (25 cm) skillet with garlic salt and minced "
     "onion, and brown beef.",
     "While pasta is cooking, sprinkle a 25 cm skillet with garlic salt and minced onion, and "
     "brown beef."),
    # Wikibooks: Nutty Brownie Bars — a pan's sides joined by hyphens
    ("Pour into lightly greased 9-by-3-inch pan.", "Pour into lightly greased 23 x 8 cm pan."),
    # Wikibooks: Pollo Del Fungo — a side under an inch
    ("Cut chicken into sixteen 3x½-inch strips.", "Cut chicken into sixteen 8 x 1.5 cm strips."),
    # Wikibooks: Maple Butter Tart — HTML spaces, both systems
    ("Roll the dough to ⅛&nbsp;inch (3&nbsp;mm) thick. Cut into 4&nbsp;inch (10&nbsp;cm) rounds.",
     "Roll the dough to 3 mm thick. Cut into 10 cm rounds."),
    # Wikibooks: Kik Alicha — an inch in words
    ("Add enough water to cover the split peas by about an inch.",
     "Add enough water to cover the split peas by about 2.5 cm."),
    # Wikibooks: Rice and Lentils (Mejadra) — centimetres, then the same in inches
    ("Cut the onion into thin strips (about 0.5x4 cm / 0.2x1.6 in).",
     "Cut the onion into thin strips (about 0.5x4 cm)."),
    # recipes: Pumpkin Cheesecake Roll — a bare oven and curly inch marks
    ("Preheat oven to 350°. Line a 15” x 10” jelly roll pan with parchment and grease with "
     "cooking spray.",
     "Preheat oven to 175°C. Line a 38 x 25 cm jelly roll pan with parchment and grease with "
     "cooking spray."),
    # recipes: Smoked Bread Pudding
    ("Slice the bread with a sharp serrated knife into 1” cubes.",
     "Slice the bread with a sharp serrated knife into 2.5 cm cubes."),
    # recipes: Creamy Mustard Chicken — a range whose first end has its hyphen
    ("Using the flat side of a meat mallet, lightly pound chicken to 1/4- to 1/8-inch thickness.",
     "Using the flat side of a meat mallet, lightly pound chicken to 6–3 mm thickness."),
    # recipes: Firecracker Grilled Alaska Salmon — "per inch of thickness"
    ("Grill the fillets 5 inches from coals for 10 minutes per inch of thickness.",
     "Grill the fillets 13 cm from coals for 10 minutes per 2.5 cm of thickness."),
    # recipes: Traditional Layered French Croissants
    ("To shape the croissants, roll the dough into a 10- by 38-inch rectangle.",
     "To shape the croissants, roll the dough into a 25 x 97 cm rectangle."),
    # recipes: Kimbop — a half-inch strip, and "an 8-inch" becomes "a 20 cm"
    ("Leave only a half-inch strip of seaweed; oil an 8-inch skillet.",
     "Leave only a 1.5 cm strip of seaweed; oil a 20 cm skillet."),
]  # fmt: skip

NOT_MEASURES = [
    # Wikibooks: Quick Sourdough Starter — a quotation closed after a figure
    'Proceed as directed for "Day 1" of your sourdough recipe.',
    # Wikibooks: Apple Glazed Pork Chops — an angle
    "Brush with cider mixture, rotate 90°, and cook for 2 minutes.",
    "Turn the pan 180 degrees halfway through.",
    "Inch the tray forward and add a pinch of salt.",
    'Add 1 "sandwich" to pan and cook until golden.',
]


@pytest.mark.parametrize(("written", "metric"), REAL_STEPS)
def test_a_metric_cook_reads_each_measure_of_a_real_step_in_metric(
    written: str, metric: str
) -> None:
    assert _NOT_METRIC.search(written)
    rewritten = adapt_step(written, 1.0, "metric")
    assert rewritten == metric
    assert _NOT_METRIC.search(rewritten) is None


@pytest.mark.parametrize("written", NOT_MEASURES)
def test_what_is_not_a_measure_stays_as_written(written: str) -> None:
    assert adapt_step(written, 1.0, "metric") == written


def test_an_imperial_cook_keeps_inches() -> None:
    step = "Slice the bread with a sharp serrated knife into 1” cubes."
    assert adapt_step(step, 1.0, "imperial") == step
