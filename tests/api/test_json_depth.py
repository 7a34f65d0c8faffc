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


def _longest(*chunks: bytes) -> int:
    scanner = JsonDepthScanner()
    for chunk in chunks:
        scanner.feed(chunk)
    return scanner.longest


def test_the_longest_string_is_counted_in_bytes_as_sent_across_chunks() -> None:
    assert _longest(b'{"ab": "xyz", "c": ""}') == 3
    assert _longest(b'{"a": "\\"q\\""}') == 5  # escapes count as sent
    assert _longest(b'{"a": "12', b"345", b'67"}') == 7
    assert _longest(b'["', b"x" * 100) == 100  # a string still open counts as it grows
    assert _longest(b'["\\', b'"", "[[["]') == 3  # an escaped quote split between chunks
