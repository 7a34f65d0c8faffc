"""The JSON depth scanner counts brackets outside strings across chunk boundaries."""

from __future__ import annotations

import json

from kairos.api.json_depth import JsonDepthScanner


def _deepest(*chunks: bytes) -> int:
    scanner = JsonDepthScanner()
    for chunk in chunks:
        scanner.feed(chunk)
    return scanner.deepest


def test_depth_is_counted_outside_strings_only() -> None:
    assert _deepest(b'{"a": [1, {"b": []}]}') == 4
    assert _deepest(json.dumps({"text": 'a "[[[{{" b \\ ]]'}).encode()) == 1
    assert _deepest(b'{"a": "x\\\\"', b', "b": [[]]}') == 3  # an escaped backslash ends nothing


def test_a_string_split_between_chunks_stays_a_string() -> None:
    assert _deepest(b'{"a": "[[[', b'[[["}') == 1
    assert _deepest(b'{"a": "\\', b'"[[["}') == 1  # the escape and its quote in two chunks
