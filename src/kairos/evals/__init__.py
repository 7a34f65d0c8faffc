"""Offline evaluations: measured quality of the deterministic paths, shared by tests and the CLI."""
