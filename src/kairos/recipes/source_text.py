"""A source line as a cook reads it: the page's furniture taken out at ingest.

Scraped recipes keep what pointed elsewhere on their page ("(optional, learn more)", "*see
notes for sweetener swaps", "([See Note 1])", "see notes above"), links ("[Challah Bread |
https://…]") and the Wikibooks footnote marks ("<ref name="bbc" />", "<ref>http://…</ref>").
None of it is food or a way of preparing it, and the cook reads the recipe here, with no notes
below and no link to follow: it is taken out, and what the same brackets also said ("optional",
"or other plant milk", "plus more for serving") is kept. A footnote that says something about
the food ("<ref>Red peppers may also be used</ref>") is kept in brackets.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["clean_ingredient_text", "clean_step_text"]

_POINTED: Final = (
    r"(?:notes?|recipe|below|above|post|video|photos?|tips?|headnote|instructions|link|here)"
)
_POINTER: Final = re.compile(
    rf"^\W*(?:please\s+)?(?:see|check|read|refer\s+to)\b.*\b{_POINTED}\b"
    rf"|\b(?:see|check|read|refer\s+to)\s+(?:the\s+|my\s+|our\s+)?(?:recipe\s+)?{_POINTED}\b"
    r"|\blearn\s+more\b|\bclick\s+here\b|\bmore\s+info\b|\baffiliate\s+links?\b"
    r"|^\W*(?:below|above)\W*$",
    re.IGNORECASE,
)
"""A part of a bracket that only sends the reader elsewhere on the page."""
_OUTSIDE: Final = re.compile(
    rf"(?:\s*,\s*|\s+)\*?\s*(?:see|check|read|refer\s+to)\s+(?:the\s+|my\s+|our\s+)?"
    rf"(?:recipe\s+)?{_POINTED}\b[^,(\[]*|\s*,?\s*\(?\blearn\s+more\b\)?",
    re.IGNORECASE,
)
_REF_EMPTY: Final = re.compile(r"<ref\b[^>]*/>|<ref\b[^>]*>\s*</ref>", re.IGNORECASE)
_REF: Final = re.compile(r"<ref\b[^>]*>(?P<text>.*?)</ref>", re.IGNORECASE | re.DOTALL)
_TAG: Final = re.compile(r"</?[a-z][^>]*>", re.IGNORECASE)
_PIPE_LINK: Final = re.compile(r"\[\s*(?P<text>[^\[\]|]+?)\s*\|\s*(?:https?://|www\.)[^\]]*\]")
_MD_LINK: Final = re.compile(r"\[(?P<text>[^\[\]]+)\]\((?:https?://|www\.)[^)]*\)")
_WIKI_LINK: Final = re.compile(r"\[(?:https?://|www\.)[^\]]*\]")
"""A link and its label ("[https://youtube… see how]"): the label only names the page."""
_CITATION: Final = re.compile(
    r"https?://|www\.|\bretrieved\b|\bp\.\s*\d|\b(?:1[89]|20)\d\d\b|\bcook\s?book\b|"
    r"\bby\s+[A-Z]|''",
    re.IGNORECASE,
)
"""A footnote that names where the text came from, not something about the food."""
_URL: Final = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
_GROUP: Final = re.compile(r"\((?P<p>[^()\[\]]*)\)|\[(?P<b>[^()\[\]]*)\]")
_PART_SPLIT: Final = re.compile(r"(\s*[,;]\s*|\s+-\s+|\s*[–—]\s*|(?<=[.!?])\s+)")
_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+(?=[A-Z*])")
_JUNK_SENTENCE: Final = re.compile(
    r"\bclick\s+here\b|\baffiliate\s+links?\b|\blearn\s+more\b|\bsubscribe\b"
    rf"|^\W*(?:see|check|read|refer\s+to)\b[^.!?]*\b{_POINTED}\b",
    re.IGNORECASE,
)


def _footnote(match: re.Match[str]) -> str:
    if _CITATION.search(match["text"]):
        return ""
    text = " ".join(match["text"].split()).strip(" .")
    return f" ({text})" if text else ""


def _links(text: str) -> str:
    text = _REF_EMPTY.sub("", text)
    text = _REF.sub(_footnote, text)
    text = _TAG.sub("", text)
    text = _PIPE_LINK.sub(lambda m: m["text"], text)
    text = _MD_LINK.sub(lambda m: m["text"], text)
    return _URL.sub("", _WIKI_LINK.sub("", text))


def _group(match: re.Match[str]) -> str:
    """A bracket without its parts that point elsewhere (nothing when nothing else is left);
    a bracket without such a part as written."""
    inner = match["p"] if match["p"] is not None else match["b"]
    pieces = _PART_SPLIT.split(inner)
    parts = [pieces[index].strip() for index in range(0, len(pieces), 2)]
    if not any(part and _POINTER.search(part) for part in parts):
        return match.group()
    kept: list[str] = []
    dropped_after: str | None = None  # the separator before a run of parts taken out
    for index in range(0, len(pieces), 2):
        part = pieces[index].strip()
        before = pieces[index - 1] if index else ""
        if not part or _POINTER.search(part):
            dropped_after = before if dropped_after is None else dropped_after
            continue
        if kept:
            kept.append((before if dropped_after is None else dropped_after).strip() or " ")
        dropped_after = None
        kept.append(part)
    if not kept:
        return " "
    body = "".join(p if p in (",", ";") else f" {p} " if p in ("-", "–", "—") else p for p in kept)
    body = re.sub(r"\s*([,;])\s*", r"\1 ", body)
    return f"({body.strip()})" if match["p"] is not None else f"[{body.strip()}]"


def _balanced(text: str) -> str:
    """The closing brackets a source left without an opening one ("(…notes))") taken off."""
    while text.count(")") > text.count("(") and ")" in text:
        at = text.rfind(")")
        text = text[:at] + text[at + 1 :]
    return text


def _tidy(text: str) -> str:
    text = re.sub(r"\(\s*\)|\[\s*\]", " ", text)
    text = re.sub(r"\s+([,;.)\]])", r"\1", text)
    text = re.sub(r"([(\[])[\s,;–—-]+", r"\1", text)
    text = re.sub(r",\s*,", ",", text)
    return " ".join(text.split()).strip(" ,;*")


def clean_ingredient_text(line: str) -> str:
    """An ingredient line without links, footnote marks and pointers to the page's notes."""
    text = _links(line)
    for _ in range(3):  # innermost brackets first: "( [See Note 5] - plus more for serving)"
        cleaned = _GROUP.sub(_group, text)
        if cleaned == text:
            break
        text = cleaned
    text = _OUTSIDE.sub("", text)
    return line if text == line else _tidy(_balanced(text))


def clean_step_text(step: str) -> str:
    """A step without links, footnote marks, pointers to the page's notes and sentences that
    only sell or point elsewhere ("This is the set I use (affiliate link).", "See notes for
    other pan sizes."); "" when nothing of the step is left."""
    text = _links(step)
    sentences = _SENTENCE.split(text)
    kept = [s for s in sentences if not _JUNK_SENTENCE.search(s)]
    text = _GROUP.sub(_group, " ".join(kept))
    return step if text == step else _tidy(_balanced(text))
