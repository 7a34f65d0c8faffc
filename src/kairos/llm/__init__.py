"""Model providers behind one small interface, with JSON output gating and an offline path."""
