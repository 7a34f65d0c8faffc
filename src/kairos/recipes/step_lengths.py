"""Lengths in recipe text, in the cook's units: "a 9x13-inch dish", "1” cubes", "roll to ⅛
inch (3 mm)", "cover by an inch of water", "10 minutes per inch of thickness".

Inches are written as a word ("inch", "in."), as marks after a figure (", ”, ″) or in words
("an inch", "two inches", "a few inches"). A length the source already gives in both systems
("9″ (23 cm)", "10 cm/4"") is read once, in the cook's units. Words that are not a measure are
left alone: "pinch", "inch the pan forward", a quotation closed after a figure ("“Gas 4”").
"""

from __future__ import annotations

import re
from typing import Final

from kairos.recipes.models import Units

__all__ = ["GLYPHS", "NUMBER", "lengths", "number_value"]

GLYPHS: Final = {
    "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125, "⅜": 0.375,
    "⅝": 0.625, "⅞": 0.875,
}  # fmt: skip
_G: Final = "".join(GLYPHS)
NUMBER: Final = (
    rf"(?:\d+(?:\s+|-)\d+/\d+|\d+\s*[{_G}]|\d+/\d+(?:th|rd|nd)?|\d+(?:\.\d+)?|\.\d+|[{_G}])"
)
_MARK: Final = r"(?:[\"”″]|'')"
"""Inch marks: straight, curly and double-prime quotes, written right after the figure."""
_INCH: Final = rf"(?:\s*-?\s*(?:inch(?:es)?\b|in\.(?!\w))|{_MARK}(?!\w))"
_SIDE: Final = rf"(?:\d+(?:\.\d+)?|\d+/\d+|\d*[{_G}])"
_BY: Final = r"-?\s*(?:x|by|×)\s*-?\s*"
_DIMENSIONS: Final = re.compile(
    rf"(?<![\w/])(?P<a>{_SIDE}){_MARK}?{_BY}(?P<b>{_SIDE}){_MARK}?"
    rf"(?:{_BY}(?P<c>{_SIDE}))?{_INCH}",
    re.IGNORECASE,
)
_BARE_PAN: Final = re.compile(
    r"(?<![\w/.])(?P<a>[5-9]|1[0-9]|20)\s*(?:x|×|by)\s*(?P<b>[5-9]|1[0-9]|20)(?![\w.,/])"
    r"(?=\s*(?:[\w-]+\s+){0,2}?(?:pans?|dish(?:es)?|tins?|casserole|baking|sheet|tray|skillet)\b)",
    re.IGNORECASE,
)
"""A US pan by its sides in inches with no unit said ("a 9x13 pan", "an 8 x 8 baking dish")."""
_LENGTH: Final = re.compile(
    rf"(?<![\w/])(?P<q>{NUMBER})(?:-?\s*(?:-|–|to)\s*(?P<top>{NUMBER}))?{_INCH}", re.IGNORECASE
)
_METRIC: Final = r"(?P<m>\d+(?:[.,]\d+)?\s*(?:cm|mm)\b)"
_IMPERIAL_LENGTH: Final = rf"(?:{NUMBER})(?:-?\s*(?:-|–|to)\s*{NUMBER})?{_INCH}"
_BOTH: Final = re.compile(
    rf"(?<![\w/]){_IMPERIAL_LENGTH}\s*\(\s*(?:about\s+)?{_METRIC}\s*\)"
    rf"|(?<![\w/.]){_METRIC.replace('?P<m>', '?P<m2>')}\s*(?:/\s*{_IMPERIAL_LENGTH}|"
    r"\((?=[^()]*(?:inch|[\"”″]))[^()]{1,30}\))",
    re.IGNORECASE,
)
"""A length the source gives in both systems: inches then centimetres in brackets, or
centimetres then inches (after a slash or in brackets)."""
_ARTICLE: Final = re.compile(
    r"\b(?P<a>[Aa])n?(?= (?P<n>\d[\d.]*)(?:(?: x |–)\d[\d.]*)* (?:cm|mm)\b)"
)
_TWICE: Final = re.compile(
    r"(?P<ours>\d[\d.]*(?: x \d[\d.]*)+ cm)\s*\((?:about\s+)?\d[\d.,]*\s*(?:x|by|×)[^()]*cm\)"
    r"|(?P<theirs>\d[\d.]*\s*(?:x|×)\s*\d[\d.]*\s*cm)\s*/\s*\d[\d.]*\s*(?:x|×)\s*\d[\d.]*\s*"
    r"(?:in\b\.?|inch(?:es)?\b|[\"”″])"
)
"""A pan's sides converted, then the source's own centimetres in brackets: said once."""
_WORDS: Final = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_IN_WORDS: Final = re.compile(
    r"\b(?:(?P<half>half(?:\s+an)?)|(?P<n>an|one|two|three|four|five|six)"
    r"(?P<and>\s+and\s+a\s+half)?)[\s-]+inch(?:es)?\b(?P<after>\s+and\s+a\s+half)?"
    r"|\b(?P<vague>a\s+couple\s+(?:of\s+)?|a\s+few\s+|several\s+)inches\b"
    r"|\b(?P<per>per|each|every)\s+inch\b",
    re.IGNORECASE,
)
_VAGUE: Final = {"couple": "5 cm", "few": "5–8 cm", "several": "8–10 cm"}
_CM: Final = re.compile(r"(?<![\w/.])(?P<q>\d+(?:\.\d+)?)\s*(?P<u>cm|mm)\b")


def number_value(text: str) -> float:
    """A recipe's figure: "1 1/2", "1-1/2", "1½", "⅜", "1/8th", "2.5"."""
    text = text.strip().removesuffix("th").removesuffix("rd").removesuffix("nd")
    if text in GLYPHS:
        return GLYPHS[text]
    glyph = re.fullmatch(rf"(\d+)\s*([{_G}])", text)
    if glyph:
        return int(glyph.group(1)) + GLYPHS[glyph.group(2)]
    mixed = re.fullmatch(r"(\d+)(?:\s+|-)(\d+)/(\d+)", text)
    if mixed:
        whole, top, bottom = (int(g) for g in mixed.groups())
        return whole + top / bottom if bottom else float(whole)
    fraction = re.fullmatch(r"(\d+)/(\d+)", text)
    if fraction:
        top, bottom = (int(g) for g in fraction.groups())
        return top / bottom if bottom else 0.0
    return float(text)


def _cm(inches: float) -> str:
    cm = inches * 2.54
    if cm < 1:
        return f"{max(1, round(cm * 10))} mm"
    if cm < 5:
        return f"{round(cm * 2) / 2:g} cm"
    return f"{round(cm):g} cm"


def _inches(value: float, unit: str) -> str:
    inches = value / (25.4 if unit == "mm" else 2.54)
    return f"{_fraction(inches)} inch" if inches <= 1 else f"{_fraction(inches)} inches"


def _fraction(value: float) -> str:
    whole = int(value)
    rest = value - whole
    glyphs = ((0.0, ""), (0.25, "¼"), (0.5, "½"), (0.75, "¾"), (1.0, ""))
    near, glyph = min(glyphs, key=lambda g: abs(g[0] - rest))
    whole += int(near == 1.0)
    if not whole:
        return glyph or "¼"
    return f"{whole}{glyph}"


def _in_words(m: re.Match[str]) -> str:
    if m["per"]:
        return f"{m['per']} 2.5 cm"
    if m["vague"]:
        return _VAGUE[m["vague"].split()[1] if m["vague"].lower().startswith("a ") else "several"]
    if m["half"]:
        return _cm(0.5)
    inches = _WORDS[m["n"].lower()] + (0.5 if m["and"] or m["after"] else 0.0)
    return _cm(inches)


def _quoted(m: re.Match[str]) -> bool:
    """The mark after the figure closes a quotation ("Day 1", “Gas 4”): not inches."""
    mark, before = m.group()[-1], m.string[: m.start()]
    if mark == '"':  # quotes opened and not closed before it, inch marks not counted
        return len(re.findall(r'(?<![\d½¼¾⅓⅔⅛⅜⅝⅞])"', before)) % 2 == 1
    return mark == "”" and before.count("“") > before.count("”")


def _length(m: re.Match[str]) -> str:
    if _quoted(m):
        return m.group()
    first = _cm(number_value(m["q"]))
    if not m["top"]:
        return first
    return f"{first.split()[0]}–{_cm(number_value(m['top']))}"


def _side(text: str) -> float:
    return number_value(text) * 2.54


def _dimensions(m: re.Match[str]) -> str:
    sides = [_side(d) for d in m.groupdict().values() if d]
    return (
        " x ".join(f"{round(cm * 2) / 2:g}" if cm < 5 else f"{round(cm)}" for cm in sides) + " cm"
    )


def _article(m: re.Match[str]) -> str:
    """ "an 8-inch pan" is "a 20 cm pan"; "a 3-inch piece" is "an 8 cm piece"."""
    spoken = m["n"].split(".")[0]
    vowel = spoken.startswith("8") or (len(spoken) in (2, 5) and spoken.startswith(("11", "18")))
    return m["a"] + ("n" if vowel else "")


def lengths(text: str, units: Units) -> str:
    """`text` with its lengths in `units`: centimetres (millimetres under 1 cm) for a metric
    cook, inches for an imperial one; a pan's sides rounded to whole centimetres."""
    if units != "metric":
        return _CM.sub(lambda m: _inches(float(m["q"]), m["u"].lower()), text)
    converted = _BOTH.sub(lambda m: " ".join((m["m"] or m["m2"]).replace(",", ".").split()), text)
    converted = _BARE_PAN.sub(_dimensions, _DIMENSIONS.sub(_dimensions, converted))
    converted = _TWICE.sub(lambda m: m["ours"] or m["theirs"], converted)
    converted = _LENGTH.sub(_length, converted)
    converted = _IN_WORDS.sub(_in_words, converted)
    return converted if converted == text else _ARTICLE.sub(_article, converted)
