"""The browser UI: static files served by the API."""
