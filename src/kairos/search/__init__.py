"""Hybrid retrieval: structured filters + full text + vectors, fused."""
