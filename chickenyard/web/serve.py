"""Serve Chickenyard to the table: `make run` ends here.

Waitress is a production WSGI server in pure Python, so the same command
works on a laptop (Windows, macOS, Linux) and on a Raspberry Pi.
"""
from __future__ import annotations

import argparse

from waitress import serve

from app import create_app

from .hosts import lan_addresses


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve Chickenyard to the table.")
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)
    app = create_app()
    print(f"Chickenyard is serving on http://127.0.0.1:{args.port}", flush=True)
    for address in lan_addresses():
        print(f"Phones on the table's Wi-Fi: open http://{address}:{args.port}", flush=True)
    print("Stop with Ctrl+C.", flush=True)
    # a body past the app's own limit (a photo) is refused by waitress before it is taken in
    serve(app, host=args.host, port=args.port, threads=args.threads, ident="Chickenyard",
          max_request_body_size=app.config["MAX_CONTENT_LENGTH"] + 1024 * 1024)


if __name__ == "__main__":
    main()
