"""Serve Chickenyard to the table: `make run` ends here.

Waitress is a production WSGI server in pure Python, so the same command
works on a laptop (Windows, macOS, Linux) and on a Raspberry Pi.
"""
from __future__ import annotations

import argparse
import socket

from waitress import serve

from app import create_app


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses that phones on the same Wi-Fi can reach.

    Asks only the machine itself (its host name and interfaces); nothing is
    sent on the network.
    """
    found: list[str] = []
    candidates = []
    try:
        candidates += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    candidates += _interface_addresses()
    for address in candidates:
        if not address.startswith("127.") and address not in found:
            found.append(address)
    return found


def _interface_addresses() -> list[str]:
    try:
        import fcntl
        import struct
    except ImportError:  # Windows: the host name lookup above is what there is
        return []
    addresses = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915,  # SIOCGIFADDR
                                     struct.pack("256s", name[:15].encode()))
                addresses.append(socket.inet_ntoa(packed[20:24]))
            except OSError:
                continue
    return addresses


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
    serve(app, host=args.host, port=args.port, threads=args.threads, ident="Chickenyard")


if __name__ == "__main__":
    main()
