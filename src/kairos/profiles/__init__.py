"""User profiles shared by every product: taste preferences and the allergy profile."""
