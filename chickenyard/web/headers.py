"""Security headers on every response.

The policy allows only the app's own files: no inline script, no outside
source (the table is offline anyway, and a hostile player name can never run).
"""
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    # "Keep this screen on" over plain http: NoSleep.js plays a tiny video held in a data: URI
    # (the Screen Wake Lock API is not offered outside https); media from nowhere else
    "media-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


def register_headers(app) -> None:
    @app.after_request
    def security_headers(response):
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response
