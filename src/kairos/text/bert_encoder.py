"""A float32 numpy forward pass of a BERT encoder with mean pooling (all-MiniLM-L6-v2's shape).

Why it is written this way (each point was measured on the 2-core target machine):
- Weights are transposed, fused (one QKV matrix) and pre-scaled once at load, so each layer is
  four plain GEMMs. The attention scale goes into Q; GELU's 1/sqrt(2) and 1/2 go into the two
  feed-forward matrices, leaving `h * (1 + erf(h))` to compute per element.
- Tokens are kept packed (no padding rows) for every dense layer; only the attention itself sees a
  padded (batch, heads, length, length) block. Padding therefore costs nothing in the GEMMs that
  dominate the run time.
- Everything stays float32: NumPy 2 promotes a float32 array combined with a float64 *array* or a
  `np.float64` scalar, so every constant here is `np.float32`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from safetensors.numpy import load_file

from kairos.text.gelu import gelu_scaled_inplace

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]

FFN_ROWS = 256  # rows of the feed-forward block: its 1536-wide activations stay in cache


@dataclass(frozen=True, slots=True)
class BertConfig:
    hidden: int
    heads: int
    layers: int
    intermediate: int
    max_positions: int
    layer_norm_eps: float

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads

    @classmethod
    def from_file(cls, path: Path) -> BertConfig:
        raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("hidden_act", "gelu") != "gelu":
            raise ValueError(f"{path}: only exact GELU is implemented, got {raw['hidden_act']!r}")
        if raw.get("position_embedding_type", "absolute") != "absolute":
            raise ValueError(f"{path}: only absolute position embeddings are implemented")
        return cls(
            hidden=int(raw["hidden_size"]),
            heads=int(raw["num_attention_heads"]),
            layers=int(raw["num_hidden_layers"]),
            intermediate=int(raw["intermediate_size"]),
            max_positions=int(raw["max_position_embeddings"]),
            layer_norm_eps=float(raw["layer_norm_eps"]),
        )


@dataclass(frozen=True, slots=True)
class BertLayer:
    qkv_w: F32  # (hidden, 3 * hidden), Q columns pre-scaled by 1/sqrt(head_dim)
    qkv_b: F32
    attn_out_w: F32  # (hidden, hidden)
    attn_out_b: F32
    attn_ln_g: F32
    attn_ln_b: F32
    ff_in_w: F32  # (hidden, intermediate), pre-scaled by 1/sqrt(2) for erf
    ff_in_b: F32
    ff_out_w: F32  # (intermediate, hidden), pre-scaled by 1/sqrt(2) (= sqrt(2) * 1/2)
    ff_out_b: F32
    ff_ln_g: F32
    ff_ln_b: F32


@dataclass(frozen=True, slots=True)
class BertWeights:
    config: BertConfig
    word: F32
    position: F32
    token_type0: F32
    emb_ln_g: F32
    emb_ln_b: F32
    layers: tuple[BertLayer, ...]


def _f32(a: npt.NDArray[Any]) -> F32:
    return np.ascontiguousarray(a, dtype=np.float32)


def load_bert_weights(model_dir: Path) -> BertWeights:
    """Read `config.json` + `model.safetensors` and lay the weights out for `encode_mean_pooled`."""
    config = BertConfig.from_file(model_dir / "config.json")
    raw = load_file(str(model_dir / "model.safetensors"))

    def get(name: str) -> npt.NDArray[Any]:
        # Checkpoints saved from BertModel have no "bert." prefix; from BertFor* they do.
        for key in (name, f"bert.{name}"):
            if key in raw:
                return np.asarray(raw[key])
        raise KeyError(f"{model_dir / 'model.safetensors'} has no tensor {name!r}")

    q_scale = np.float32(1.0 / math.sqrt(config.head_dim))
    inv_sqrt2 = np.float32(1.0 / math.sqrt(2.0))
    layers = []
    for i in range(config.layers):
        p = f"encoder.layer.{i}."
        a = p + "attention."
        qkv_w = np.concatenate(
            [
                get(a + "self.query.weight").T * q_scale,
                get(a + "self.key.weight").T,
                get(a + "self.value.weight").T,
            ],
            axis=1,
        )
        qkv_b = np.concatenate(
            [
                get(a + "self.query.bias") * q_scale,
                get(a + "self.key.bias"),
                get(a + "self.value.bias"),
            ]
        )
        layers.append(
            BertLayer(
                qkv_w=_f32(qkv_w),
                qkv_b=_f32(qkv_b),
                attn_out_w=_f32(get(a + "output.dense.weight").T),
                attn_out_b=_f32(get(a + "output.dense.bias")),
                attn_ln_g=_f32(get(a + "output.LayerNorm.weight")),
                attn_ln_b=_f32(get(a + "output.LayerNorm.bias")),
                ff_in_w=_f32(get(p + "intermediate.dense.weight").T * inv_sqrt2),
                ff_in_b=_f32(get(p + "intermediate.dense.bias") * inv_sqrt2),
                ff_out_w=_f32(get(p + "output.dense.weight").T * inv_sqrt2),
                ff_out_b=_f32(get(p + "output.dense.bias")),
                ff_ln_g=_f32(get(p + "output.LayerNorm.weight")),
                ff_ln_b=_f32(get(p + "output.LayerNorm.bias")),
            )
        )
    return BertWeights(
        config=config,
        word=_f32(get("embeddings.word_embeddings.weight")),
        position=_f32(get("embeddings.position_embeddings.weight")),
        token_type0=_f32(get("embeddings.token_type_embeddings.weight")[0]),
        emb_ln_g=_f32(get("embeddings.LayerNorm.weight")),
        emb_ln_b=_f32(get("embeddings.LayerNorm.bias")),
        layers=tuple(layers),
    )


class Workspace:
    """Reusable float32 buffers for one thread's forward passes.

    Allocating a multi-megabyte temporary per operation costs more in page faults than the
    arithmetic on it (measured: ~0.8 ms per fresh 1.5 MB array), so every large intermediate
    lives here and is overwritten in place. About 25 MB at the default 1024-token batch.
    Not thread-safe: one per concurrent forward pass.
    """

    def __init__(self, config: BertConfig, ffn_rows: int = FFN_ROWS) -> None:
        self.config = config
        self.tokens = 0
        self.longest = 0
        self._grow(tokens=1024, longest=64)
        rows, width = ffn_rows, config.intermediate
        self.ffn = np.empty((rows, width), dtype=np.float32)
        self.ffn_out = np.empty((rows, width), dtype=np.float32)
        self.ffn_scratch = tuple(np.empty((rows, width), dtype=np.float32) for _ in range(3))

    def _grow(self, tokens: int, longest: int) -> None:
        c = self.config
        if tokens > self.tokens:
            self.tokens = tokens
            self.x = np.empty((tokens, c.hidden), dtype=np.float32)
            self.alt = np.empty((tokens, c.hidden), dtype=np.float32)
            self.ctx = np.empty((tokens, c.hidden), dtype=np.float32)
            self.qkv = np.empty((tokens, 3 * c.hidden), dtype=np.float32)
        if longest > self.longest:
            self.longest = longest
            self.scores = np.empty(c.heads * longest * longest, dtype=np.float32)

    def ensure(self, tokens: int, longest: int) -> None:
        if tokens > self.tokens or longest > self.longest:
            self._grow(max(tokens, self.tokens), max(longest, self.longest))


def _layer_norm_(x: F32, gamma: F32, beta: F32, eps: np.float32) -> F32:
    """LayerNorm over the last axis, in place on `x`."""
    x -= x.mean(axis=-1, keepdims=True)
    var = np.einsum("ij,ij->i", x, x)
    var *= np.float32(1.0 / x.shape[-1])
    var += eps
    np.sqrt(var, out=var)
    np.reciprocal(var, out=var)
    x *= var[:, None]
    x *= gamma
    x += beta
    return x


def _attention_packed(qkv: F32, starts: I64, lengths: I64, out: F32, ws: Workspace) -> None:
    """Self-attention per sequence, straight from packed rows into packed rows.

    Sequences are never padded, so there is no mask to apply: each sequence only ever sees its
    own keys. The softmax is normalised after the value product, on (heads, n, d) instead of
    (heads, n, n).
    """
    c = ws.config
    h, d = c.heads, c.head_dim
    for start, n in zip(starts.tolist(), lengths.tolist(), strict=True):
        block = qkv[start : start + n].reshape(n, 3, h, d)
        q_t = block[:, 0].transpose(1, 2, 0)
        k = block[:, 1].transpose(1, 0, 2)
        v = block[:, 2].transpose(1, 0, 2)
        # Keys on axis 1: NumPy reduces a middle axis with vector loops, the last axis row by row.
        scores_t = ws.scores[: h * n * n].reshape(h, n, n)
        np.matmul(k, q_t, out=scores_t)
        scores_t -= scores_t.max(axis=1, keepdims=True)
        np.exp(scores_t, out=scores_t)
        denom = scores_t.sum(axis=1, keepdims=True).transpose(0, 2, 1)
        ctx = out[start : start + n].reshape(n, h, d).transpose(1, 0, 2)
        np.matmul(scores_t.transpose(0, 2, 1), v, out=ctx)
        ctx /= denom


def _feed_forward(x: F32, layer: BertLayer, out: F32, ws: Workspace) -> None:
    """out ← GELU(x W1 + b1) W2 + b2, a cache-sized block of rows at a time."""
    rows = ws.ffn.shape[0]
    for s in range(0, x.shape[0], rows):
        e = min(s + rows, x.shape[0])
        hidden = ws.ffn[: e - s]
        np.matmul(x[s:e], layer.ff_in_w, out=hidden)
        hidden += layer.ff_in_b
        scratch = ws.ffn_scratch
        gelu_scaled_inplace(
            hidden,
            ws.ffn_out[: e - s],
            (scratch[0][: e - s], scratch[1][: e - s], scratch[2][: e - s]),
        )
        np.matmul(hidden, layer.ff_out_w, out=out[s:e])
    out += layer.ff_out_b


def encode_mean_pooled(
    weights: BertWeights, sequences: Sequence[I64], workspace: Workspace | None = None
) -> F32:
    """Mean-pooled last hidden states, shape (len(sequences), hidden), not normalised.

    Each sequence is a 1-D array of token ids, already truncated and wrapped in [CLS] ... [SEP].
    Lengths may differ freely: tokens are packed end to end, so no padding is ever computed.
    """
    config = weights.config
    if not sequences:
        return np.zeros((0, config.hidden), dtype=np.float32)
    lengths = np.fromiter((len(s) for s in sequences), dtype=np.int64, count=len(sequences))
    if lengths.min() < 1 or lengths.max() > config.max_positions:
        raise ValueError(f"sequence lengths must be within 1..{config.max_positions}")
    ids = np.concatenate(sequences)
    total = ids.shape[0]
    starts = np.zeros(len(lengths), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    positions = np.arange(total, dtype=np.int64) - np.repeat(starts, lengths)

    ws = workspace or Workspace(config)
    ws.ensure(total, int(lengths.max()))
    x, alt, ctx, qkv = ws.x[:total], ws.alt[:total], ws.ctx[:total], ws.qkv[:total]
    eps = np.float32(config.layer_norm_eps)

    np.take(weights.word, ids, axis=0, out=x)
    np.take(weights.position, positions, axis=0, out=alt)
    x += alt
    x += weights.token_type0
    _layer_norm_(x, weights.emb_ln_g, weights.emb_ln_b, eps)
    for layer in weights.layers:
        np.matmul(x, layer.qkv_w, out=qkv)
        qkv += layer.qkv_b
        _attention_packed(qkv, starts, lengths, ctx, ws)
        np.matmul(ctx, layer.attn_out_w, out=alt)
        alt += layer.attn_out_b
        alt += x
        x, alt = _layer_norm_(alt, layer.attn_ln_g, layer.attn_ln_b, eps), x
        _feed_forward(x, layer, alt, ws)
        alt += x
        x, alt = _layer_norm_(alt, layer.ff_ln_g, layer.ff_ln_b, eps), x
    pooled: F32 = np.add.reduceat(x, starts, axis=0)
    pooled /= lengths[:, None].astype(np.float32)
    return pooled
