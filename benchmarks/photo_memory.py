"""Peak memory of the serving process while photos arrive: four 12 MP photos analysed at once,
then a burst of hostile files (decompression bombs, lying headers, broken files).

Each scenario runs on a fresh server (`make run`'s command on a throwaway database) and
reports the process's peak resident memory (VmHWM). Only 127.0.0.1 is contacted.
`python benchmarks/photo_memory.py`
"""
from __future__ import annotations

import http.client
import re
import sys
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.server import serving  # noqa: E402
from tests.hostile_images import bomb_hiding_its_size, jpeg_claiming, png  # noqa: E402
from tests.vision.synthetic import photo_of, scattered  # noqa: E402


class Phone:
    def __init__(self, port: int):
        self.port, self.cookie, self.token = port, "", ""

    def request(self, method, path, body=b"", headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
        headers = {**(headers or {}), **({"Cookie": self.cookie} if self.cookie else {})}
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read().decode("utf-8", "replace")
        if response.getheader("Set-Cookie"):
            self.cookie = response.getheader("Set-Cookie").split(";", 1)[0]
        conn.close()
        return response, data

    def form(self, path, fields):
        body = urllib.parse.urlencode({"csrf_token": self.token, **fields}, doseq=True).encode()
        return self.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})

    def upload(self, path, field, data, name="photo.jpg"):
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{self.token}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{name}\"\r\n"
                "Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        response, _ = self.request("POST", path, body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
        return response.status

    def start(self):
        _, page = self.request("GET", "/")
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
        response, _ = self.form("/games/new", {"game": "chickenfoot", "preset": "classic", "set": "15",
                                               "double_blank": "50", "player": ["Ann", "Bo", "Cy", "Di"]})
        game_id = int(response.getheader("Location").rsplit("/", 1)[1])
        _, hand = self.request("GET", f"/games/{game_id}/hands/1")
        return game_id, [int(i) for i in re.findall(r'name="points-(\d+)"', hand)]


def at_once(jobs) -> list:
    results = [None] * len(jobs)
    threads = [threading.Thread(target=lambda i=i, job=job: results.__setitem__(i, job())) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def twelve_megapixel_photo(seed: int) -> bytes:
    tiles = [((a, b), centre, angle) for (a, b), centre, angle in
             scattered([(i % 16, (i * 7) % 16) for i in range(12)], seed, tile_width=300, width=4000, height=3000)]
    return photo_of(tiles, seed=seed, width=4000, height=3000, tile_width=300)


def four_photos() -> None:
    photos = [twelve_megapixel_photo(seed) for seed in range(4)]
    with serving(threads=8) as server:
        phone = Phone(server.port)
        game_id, ids = phone.start()
        idle = server.peak_rss_mb()
        small = photo_of([((3, 4), (400, 300), 10)], seed=1)
        phone.upload(f"/games/{game_id}/hands/1/players/{ids[0]}/photo", "photo", small)   # OpenCV loaded
        warm = server.peak_rss_mb()
        start = time.perf_counter()
        statuses = at_once([lambda p=p, pid=pid: phone.upload(f"/games/{game_id}/hands/1/players/{pid}/photo",
                                                               "photo", p) for p, pid in zip(photos, ids)])
        seconds = time.perf_counter() - start
        print(f"four 12 MP photos at once ({', '.join(f'{len(p) / 2**20:.1f}' for p in photos)} MB JPEG): "
              f"answers {statuses} in {seconds:.1f} s")
        print(f"  peak RSS: {idle:.0f} MB after start, {warm:.0f} MB after one small photo, "
              f"{server.peak_rss_mb():.0f} MB after the four")


HOSTILE = {
    "PNG bomb, header unreadable, 30000x30000": bomb_hiding_its_size,
    "PNG 9000x6000 (54 MP)": lambda: png(9000, 6000),
    "PNG bomb 60000x60000": lambda: png(60000, 60000),
    "JPEG claiming 65000x65000": lambda: jpeg_claiming(65000, 65000),
    "PNG 6000x6000 cut short": lambda: png(6000, 6000, rows=100),
    "empty file": lambda: b"",
}


def hostile_files() -> None:
    files = {name: make() for name, make in HOSTILE.items()}
    with serving(threads=8) as server:
        phone = Phone(server.port)
        game_id, ids = phone.start()
        phone.upload(f"/games/{game_id}/hands/1/players/{ids[0]}/photo", "photo",
                     photo_of([((3, 4), (400, 300), 10)], seed=1))
        warm = server.peak_rss_mb()
        created, _ = phone.form("/castle-rock/new", {"mode": "table", "set": "15"})
        castle = urllib.parse.urlparse(created.getheader("Location")).path + "/photo"
        jobs = []
        for name, data in files.items():    # each file twice at once by each route: with a game link and without
            for _ in range(2):
                jobs.append(lambda d=data: phone.upload(f"/games/{game_id}/hands/1/players/{ids[1]}/photo", "photo", d))
                jobs.append(lambda d=data: phone.upload(castle, "photo", d))
        statuses = at_once(jobs)
        print(f"hostile files, each twice at once on both photo routes ({len(jobs)} uploads at once):")
        for i, (name, data) in enumerate(files.items()):
            print(f"  {name:<42} {len(data) / 1024:8.0f} KB   answers {sorted(set(statuses[4 * i:4 * i + 4]))}")
        print(f"  peak RSS: {warm:.0f} MB before, {server.peak_rss_mb():.0f} MB after")


if __name__ == "__main__":
    four_photos()
    hostile_files()
