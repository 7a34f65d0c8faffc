"""Trip itineraries (seed 003): the planner, the verifier and their models (pure, no I/O)."""
