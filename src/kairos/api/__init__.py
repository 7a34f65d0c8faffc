"""HTTP transport: app factory, auth, problem details, SSE."""
