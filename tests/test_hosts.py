"""The machine's own addresses: `make run` prints the one the phones open, and the Host check
trusts them."""
from __future__ import annotations

from chickenyard.web import hosts, serve


def test_the_interfaces_are_read_from_the_operating_system():
    # every machine has its loopback interface, with 127.0.0.1 on it
    assert "127.0.0.1" in hosts._interface_addresses()


def test_the_lan_addresses_leave_out_loopback_and_repeats(monkeypatch):
    monkeypatch.setattr(hosts, "_interface_addresses", lambda: ["127.0.0.1", "192.168.1.20", "192.168.1.20", "10.0.0.5"])
    monkeypatch.setattr(hosts.socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1", "192.168.1.20"]))
    assert hosts.lan_addresses() == ["192.168.1.20", "10.0.0.5"]


def test_make_run_prints_the_address_the_phones_open(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CHICKENYARD_INSTANCE", str(tmp_path))
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setattr(serve, "serve", lambda app, **options: None)
    serve.main(["--port", "5000"])
    printed = capsys.readouterr().out.splitlines()
    assert "Phones on the table's Wi-Fi: open http://192.168.1.20:5000" in printed
