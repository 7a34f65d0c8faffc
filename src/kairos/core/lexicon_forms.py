"""The surface forms of lexicon entries: lookup keys, English plurals and singulars, and one
regular expression for many forms, shaped like a character trie (a flat alternation of ~1,500
words makes the regex engine try every word at every position; a trie fails after one or two
characters almost everywhere)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

WORD = re.compile(r"[^\W_]+")
# Between the words of an entry: nothing, spaces, hyphens, apostrophes or an ampersand
# ("soy-bean", "za'atar", "half & half" for an entry written "half & half").
_SEP = r"[\s\-'’&]*"
# Word boundaries that treat "_" as a separator: Open Food Facts marks allergens as "_milk_".
LEFT = r"(?<![^\W_])"
RIGHT = r"(?![^\W_])"


def term_key(text: str) -> str:
    """The lookup key of a surface form: lowercase words joined without separators."""
    return "".join(WORD.findall(text.lower()))


def _plural_forms(word: str) -> list[str]:
    """English plurals of the last word; harmless for words that have none ("misos")."""
    if not word.isalpha() or len(word) < 3:
        return []
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return [word + "es"]
    if word.endswith("y") and word[-2] not in "aeiou":
        return [word[:-1] + "ies", word + "s"]
    if word.endswith("o"):
        return [word + "s", word + "es"]
    return [word + "s"]


def singular_of(word: str) -> str | None:
    """The singular of an English plural ("buns", "cookies", "tomatoes"), or None."""
    if len(word) < 4 or not word.isalpha() or word.endswith(("ss", "us", "is")):
        return None
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("oes", "ches", "shes", "xes", "ses", "zes")):
        return word[:-2]
    if word.endswith("s"):
        return word[:-1]
    return None


def inflections(term: str, *, singular: bool = False) -> list[str]:
    """The entry itself plus plurals of its last word, each as a list of words; with
    `singular`, also the singular of an entry written in the plural ("hamburger buns")."""
    words = WORD.findall(term.lower())
    if not words:
        return []
    forms = [" ".join(words)]
    forms += [" ".join([*words[:-1], plural]) for plural in _plural_forms(words[-1])]
    one = singular_of(words[-1]) if singular else None
    if one is not None:
        forms.append(" ".join([*words[:-1], one]))
    return forms


def trie_regex(forms: Iterable[str]) -> str:
    """One regex alternation for `forms` (words separated by single spaces), shaped as a trie.

    Spaces become optional separators; at each node longer continuations are tried first.
    """
    trie: dict[str, Any] = {}
    for form in forms:
        node = trie
        for index, word in enumerate(form.split(" ")):
            if index:
                node = node.setdefault(" ", {})
            for char in word:
                node = node.setdefault(char, {})
        node[""] = {}
    return _node_regex(trie)


def _node_regex(node: dict[str, Any]) -> str:
    alternatives = []
    for char in sorted(key for key in node if key):
        head = _SEP if char == " " else re.escape(char)
        alternatives.append(head + _node_regex(node[char]))
    if not alternatives:
        return ""
    body = alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"
    if "" in node:
        return ("(?:" + body + ")?") if len(alternatives) == 1 else body + "?"
    return body
