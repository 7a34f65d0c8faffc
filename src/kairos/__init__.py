"""Kairos: a self-hostable, personalised, allergy-safe recommendation agent."""

__version__ = "0.1.0"
