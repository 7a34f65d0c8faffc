"""Ingestion of real data sets into the shared tables."""
