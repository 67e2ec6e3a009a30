"""Which names this machine answers to: the Host a phone's browser sends must be one of them.

A web page open on a phone at the table could otherwise reach Chickenyard through DNS
rebinding (its own name, re-pointed at the table's machine). Trusted: localhost, the
machine's own addresses and host name, and the names listed as HOST_NAMES in the
instance's config.py. Flask refuses any other Host with a 400 (TRUSTED_HOSTS).
"""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Collection, Iterator

import ifaddr

REFRESH_SECONDS = 10     # a laptop that changes Wi-Fi gets a new address: looked up again, at most this often


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
    """Every network interface's IPv4 addresses, as the operating system lists them (ifaddr asks
    getifaddrs on Linux, macOS and a Raspberry Pi, GetAdaptersAddresses on Windows)."""
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return []
    return [ip.ip for adapter in adapters for ip in adapter.ips if ip.is_IPv4]


def machine_names() -> list[str]:
    host = socket.gethostname().lower()
    names = ["localhost", "127.0.0.1", host, f"{host}.local"]     # .local: the name mDNS gives it
    try:
        names.append(socket.getfqdn().lower())
    except OSError:
        pass
    return list(dict.fromkeys(n for n in names if n))


class TrustedHosts(Collection):
    """Flask's TRUSTED_HOSTS for this machine. Werkzeug walks it in order and stops at the first
    match, so the addresses are looked up again only for a Host that matched nothing so far."""

    def __init__(self, extra_names=()):
        self.fixed = machine_names() + [str(n).lower() for n in extra_names]
        self.addresses = lan_addresses()
        self.checked = time.monotonic()
        self.lock = threading.Lock()

    def __iter__(self) -> Iterator[str]:
        yield from self.fixed
        known = list(self.addresses)
        yield from known
        with self.lock:
            if time.monotonic() - self.checked < REFRESH_SECONDS:
                return
            self.addresses, self.checked = lan_addresses(), time.monotonic()
        yield from (a for a in self.addresses if a not in known)

    def __len__(self) -> int:
        return len(self.fixed) + len(self.addresses)

    def __contains__(self, host) -> bool:
        return isinstance(host, str) and host.lower() in iter(self)

    def __repr__(self) -> str:
        return f"TrustedHosts({self.fixed + self.addresses})"
