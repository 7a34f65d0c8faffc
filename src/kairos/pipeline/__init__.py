"""Turn events, bounded steps, caches and observability shared by all products."""
