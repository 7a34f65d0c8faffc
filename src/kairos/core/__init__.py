"""Pure allergy-safety and scoring rules: no I/O, only the standard library and pydantic."""
