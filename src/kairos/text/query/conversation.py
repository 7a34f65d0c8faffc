"""Turn-level reading: small talk, and whether a message follows up the previous one.

What a product does with them (the reply to a greeting, which earlier words a follow-up
keeps) is the product's; recognising them is the same everywhere."""

from __future__ import annotations

import re
from typing import Literal

from kairos.text.query.vocabulary import word_set
from kairos.text.query.words import Words

SmallTalk = Literal["greeting", "thanks"]

_GREETING_OPENERS = word_set("hi hello hey heya hiya yo namaste hola howdy")
_GREETINGS = _GREETING_OPENERS | word_set(
    "sup morning evening afternoon good there kairos guys all everyone folks"
)
_THANKS = word_set(
    """thanks thank you thx ty cheers bye goodbye ok okay cool great awesome perfect nice got
    it so much a lot that's thats helpful see ya later k kk"""
)
_FOLLOW_UP = re.compile(
    r"^(?:what|how) about\b|^(?:and|also|ok|okay|now|but|instead|same|only|just|in|near|around)\b"
    r"|\b(?:cheaper|pricier|fancier|closer|quieter|nicer|other|more) (?:ones?|options?|places?)\b"
    r"|^any (?:cheaper|other|more|closer|quieter|better|nicer)\b|\binstead\b|\bsame but\b"
    r"|^(?:which|what) (?:ones?|of (?:them|those|these))\b|^(?:any|anything|something|somewhere)"
    r"(?: (?:with|that|good|open|for|less|a bit|cheaper|closer|quieter|nicer|fancier|else|more))\b"
    r"|^(?:is|are) (?:it|they|any|there)\b|^(?:and|but) \w+\b"
    r"|^which (?:are|have|has|would|of|serve|do|does)\b"
    r"|\bideally\b|^(?:cheaper|closer|quieter|fancier|smaller|bigger)\b"
    r"|^(?:with|without|for|near|in|around|on)\b"
)


def small_talk(words: Words) -> SmallTalk | None:
    """ "greeting" or "thanks" for a message that is only that; otherwise claims a leading
    "hey," so the rest reads as a request."""
    content = [w for w, sep in zip(words.words, words.is_sep, strict=True) if not sep]
    if content and all(w in _GREETINGS for w in content):
        return "greeting"
    if content and all(w in _THANKS for w in content):
        return "thanks"
    i = 0
    while i < len(words) and (words.words[i] in _GREETING_OPENERS or words.is_sep[i]):
        words.claim(i, i + 1)
        i += 1
    return None


def is_follow_up(message: str) -> bool:
    return bool(_FOLLOW_UP.search(message.strip().lower()))


_CONTINUES = re.compile(
    r"^(?:what|how) about\b|^(?:and|also|but|now|same|instead)\b|\binstead\b|\bsame but\b"
    r"|\bideally\b|\b(?:too|as well)\W*$"
)


def continues_earlier(message: str) -> bool:
    """Said to build on the last request even when the message names what and where ("what
    about thai in cambridge?", "and in boston, vegan ones"); "somewhere for brunch in boston"
    is a new request, though "somewhere for …" alone follows one up."""
    return bool(_CONTINUES.search(message.strip().lower()))


_MORE = re.compile(
    r"^(?:(?:please |can you |could you )?(?:show|give|find|get|list)(?: me| us)? "
    r"|(?:any|got any|are there(?: any)?|are there) )?(?:some |a few |\d+ |five |ten )?"
    r"(?:more|others?|other (?:ones?|options?|places?|suggestions?|results?)|else)"
    r"(?: (?:ones?|options?|places?|suggestions?|results?|please|like (?:that|these|this)))*"
    r"|(?:what|anything|anywhere|somewhere|something|who) else|something different"
    r"|(?:some )?different (?:ones?|options?|places?)|next(?: (?:ones?|page|five|5))?"
)


def asks_for_more(message: str) -> bool:
    """ "show me more", "any others?", "what else?", "something else", "next": the same
    request, other places.
    The whole message only: "more romantic" or "show me more in cambridge" change the request."""
    return bool(_MORE.fullmatch(message.strip().lower().rstrip("?!. ")))


_SAFE_ELSEWHERE = re.compile(
    r"\b(?:somewhere|some ?place|anywhere|a place|places?|restaurants?|where)\b[^.?!]*"
    r"\b(?:can|could)(?: \w+)? (?:safely )?eat\b"
    r"|\b(?:somewhere|anywhere|a place|places?|restaurants?|options?) (?:that is |that's )?safe"
    r" for\b"
)


def seeks_somewhere_safe(message: str) -> bool:
    """ "my daughter has the allergy, somewhere she can eat too?": the earlier request's food
    was the problem, so the follow-up keeps where and who, and lets the food go."""
    return bool(_SAFE_ELSEWHERE.search(message.lower()))


_REPLACING = re.compile(r"\b(?:instead|rather)\b")


def replaces_earlier(message: str) -> bool:
    """ "something with a view instead": what the message names of a kind (a vibe, a diet)
    takes the place of the earlier message's, not its company."""
    return bool(_REPLACING.search(message.lower()))


def follows_up(message: str, names_what: bool, names_where: bool) -> bool:
    """Whether a message builds on the one before: it says so ("what about …", "instead"), or
    it does not name both what and where ("make it cheaper", "somewhere quieter", "drinks")."""
    return continues_earlier(message) or is_follow_up(message) or not (names_what and names_where)
