"""The stylesheet carries no declaration the cascade always throws away (issue 41: every view
parses all 57 KB of it before its first paint). A declaration is dead when a later rule with the
same selector sets the same property (or its shorthand) in the same media, or with no media at
all, and neither is `!important`. Read from the file, no browser."""

from __future__ import annotations

import re

from tests.conftest import REPO

_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def _rules(css: str) -> list[tuple[str, str, dict[str, str]]]:
    """(media, selector, {property: value}) of each style rule, in the file's order."""
    found: list[tuple[str, str, dict[str, str]]] = []
    media: list[str] = []
    start = 0
    i = 0
    while i < len(css):
        if css[i] == "{":
            prelude = " ".join(css[start:i].split())
            if prelude.startswith("@media"):
                media.append(prelude)
                start = i = i + 1
                continue
            end = css.index("}", i)
            if not prelude.startswith("@"):
                body = css[i + 1 : end]
                decls = dict(
                    (p.strip(), v.strip())
                    for p, _, v in (d.partition(":") for d in body.split(";") if ":" in d)
                )
                found.append((" ".join(media), prelude, decls))
            elif "{" in css[i + 1 : end]:  # @keyframes, @font-face with blocks inside
                depth, j = 1, i + 1
                while depth:
                    depth += {"{": 1, "}": -1}.get(css[j], 0)
                    j += 1
                end = j - 1
            start = i = end + 1
            continue
        if css[i] == "}":
            media.pop()
            start = i + 1
        i += 1
    return found


def _covers(later: str, earlier: str) -> bool:
    return later == earlier or (
        later in ("padding", "margin", "border", "inset") and earlier.startswith(f"{later}-")
    )


def dead_declarations(css: str) -> list[str]:
    rules = _rules(_COMMENT.sub("", css))
    dead = []
    for n, (media, selector, decls) in enumerate(rules):
        for prop, value in decls.items():
            if "!important" in value or prop.startswith("--"):
                continue
            for later_media, later_selector, later_decls in rules[n + 1 :]:
                if later_selector != selector or later_media not in ("", media):
                    continue
                if any(_covers(p, prop) for p in later_decls):
                    dead.append(f"{media} {selector} {{ {prop}: {value} }}".strip())
                    break
    return dead


def test_the_guard_finds_a_declaration_a_later_rule_overrides() -> None:
    css = (
        "@media (max-width: 600px) { .tab { padding: 6px 7px; } }\n"
        ".tab { padding: 6px 12px; }\n.x { margin: 0; padding-left: 18px; }\n.x { padding: 0; }\n"
        ".y { color: red; }\n@media (max-width: 600px) { .y { color: blue; } }"
    )
    assert dead_declarations(css) == [
        "@media (max-width: 600px) .tab { padding: 6px 7px }",
        ".x { padding-left: 18px }",
    ]


def test_the_stylesheet_has_no_declaration_the_cascade_always_overrides() -> None:
    assert dead_declarations((REPO / "src/kairos/web/app.css").read_text()) == []
