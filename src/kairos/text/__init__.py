"""Text intelligence: embeddings, query understanding, aspect scoring, extractive summaries."""
