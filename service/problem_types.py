"""The problem+json media type, type URIs and titles: a leaf with no imports, so that the
gunicorn configuration (loaded by the master before its gevent workers monkey-patch)
can answer in problem+json without importing the service (and redis, and ssl) early."""

PROBLEM = "application/problem+json"
TYPE_BASE = "https://macau.dev/problems/"

TITLES = {
    400: "Bad request", 401: "Unauthorized", 403: "Forbidden", 404: "Not found", 405: "Method not allowed",
    406: "Not acceptable", 409: "Conflict", 412: "Precondition failed", 413: "Payload too large",
    415: "Unsupported media type", 422: "Move rejected", 429: "Too many requests",
    500: "Internal server error", 503: "Service unavailable",
}
