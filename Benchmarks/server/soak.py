#!/usr/bin/env python3
"""Soak test for `flatbed serve`: N browser-like clients do live detection plus page uploads for D seconds.

Each client behaves like the web app's scanner screen: one /api/detect request in flight at a time,
the next started no sooner than 66 ms after the last one (the app's LIVE.minimumFrameMs), each a
640-px JPEG frame at quality 0.7 (LIVE.detectLongSide/detectQuality); every --upload-every seconds it
captures a page (POST .../pages with a full-size photo) and, keeping at most --keep pages, deletes
its oldest (the review screen). The server's resident memory (VmRSS from /proc/<pid>/status) is
sampled every second. Prints request counts, errors, latency percentiles per kind, RSS at start,
after warm-up and at the end, and the least-squares RSS slope after warm-up; "flat" means the growth
that slope predicts over the measured window is under 5% of the warmed-up RSS (and under 16 MB).
Exits 1 on any error or growth. Standard library plus Pillow (to make the frames).

    swift build -c release --product flatbed
    python3 Benchmarks/server/soak.py --binary .build/release/flatbed --clients 20 --duration 60
"""
import argparse
import http.client
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FRAME_INTERVAL = 0.066  # s, the app's LIVE.minimumFrameMs


def make_images(photo_path):
    from PIL import Image  # only to make the frame
    photo = Image.open(photo_path).convert("RGB")
    scale = 640 / max(photo.size)
    frame = photo.resize((round(photo.width * scale), round(photo.height * scale)))
    out = io.BytesIO()
    frame.save(out, "JPEG", quality=70)
    with open(photo_path, "rb") as f:
        return out.getvalue(), f.read()


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def slope_per_second(samples):
    """Least-squares slope of (t, value) pairs."""
    n = len(samples)
    if n < 2:
        return 0.0
    mean_t = sum(t for t, _ in samples) / n
    mean_v = sum(v for _, v in samples) / n
    num = sum((t - mean_t) * (v - mean_v) for t, v in samples)
    den = sum((t - mean_t) ** 2 for t, _ in samples)
    return num / den if den else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "flatbed"))
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before the RSS baseline")
    parser.add_argument("--upload-every", type=float, default=5.0, help="seconds between a client's captures")
    parser.add_argument("--keep", type=int, default=3, help="pages a client keeps before deleting its oldest")
    parser.add_argument("--photo", default=os.path.join(ROOT, "Samples", "letter-on-wood.jpg"))
    args = parser.parse_args()

    frame, photo = make_images(args.photo)
    data = tempfile.mkdtemp(prefix="flatbed-soak-")
    server = subprocess.Popen([args.binary, "serve", "--port", "0", "--data", data],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env={**os.environ, "SWIFT_BACKTRACE": "enable=no"})
    try:
        url = server.stdout.readline().strip()
        port = int(url.rsplit(":", 1)[1].strip("/"))
        host = "127.0.0.1"
        headers = {"Origin": f"http://{host}:{port}", "Sec-Fetch-Site": "same-origin"}

        def request(connection, method, path, body=None, extra=None):
            connection.request(method, path, body=body, headers={**headers, **(extra or {})})
            response = connection.getresponse()
            return response.status, response.read()

        setup = http.client.HTTPConnection(host, port, timeout=120)
        sessions = []
        for _ in range(args.clients):
            status, body = request(setup, "POST", "/api/sessions")
            sessions.append(json.loads(body)["id"])
        setup.close()

        lock = threading.Lock()
        latencies = {"detect": [], "upload": [], "delete": []}
        errors = []
        start = time.monotonic()
        deadline = start + args.duration

        def client(index, session):
            connection = http.client.HTTPConnection(host, port, timeout=120)
            mine = {kind: [] for kind in latencies}
            my_errors = []
            pages = []
            # Stagger the captures so they do not all land in the same second.
            next_upload = start + args.upload_every * (index + 1) / args.clients

            def timed(kind, method, path, body=None, extra=None, expected=200):
                nonlocal connection
                began = time.monotonic()
                try:
                    status, reply = request(connection, method, path, body, extra)
                except (OSError, http.client.HTTPException) as error:
                    my_errors.append(f"{kind}: {error!r}")
                    connection.close()
                    connection = http.client.HTTPConnection(host, port, timeout=120)
                    return None
                mine[kind].append(time.monotonic() - began)
                if status != expected:
                    my_errors.append(f"{kind}: HTTP {status} {reply[:120]!r}")
                    return None
                return reply

            while time.monotonic() < deadline:
                began = time.monotonic()
                if began >= next_upload:
                    next_upload += args.upload_every
                    reply = timed("upload", "POST", f"/api/sessions/{session}/pages", photo,
                                  {"Content-Type": "image/jpeg"}, expected=201)
                    if reply is not None:
                        pages.append(json.loads(reply)["id"])
                    if len(pages) > args.keep:
                        timed("delete", "DELETE", f"/api/sessions/{session}/pages/{pages.pop(0)}", expected=204)
                else:
                    timed("detect", "POST", f"/api/detect?session={session}", frame, {"Content-Type": "image/jpeg"})
                elapsed = time.monotonic() - began
                if elapsed < FRAME_INTERVAL:
                    time.sleep(FRAME_INTERVAL - elapsed)
            connection.close()
            with lock:
                for kind in latencies:
                    latencies[kind].extend(mine[kind])
                errors.extend(my_errors)

        samples = []
        sampling = threading.Event()

        def sampler():
            while not sampling.wait(1.0):
                samples.append((time.monotonic() - start, rss_kib(server.pid)))

        samples.append((0.0, rss_kib(server.pid)))
        watcher = threading.Thread(target=sampler)
        watcher.start()
        threads = [threading.Thread(target=client, args=(i, s)) for i, s in enumerate(sessions)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        sampling.set()
        watcher.join()
        elapsed = time.monotonic() - start

        mib = lambda kib: kib / 1024
        ms = lambda s: f"{s * 1000:.0f} ms"
        print(f"flatbed serve soak: {args.clients} clients, {elapsed:.1f} s, detection frames {len(frame)} bytes "
              f"(640 px JPEG q70, >= {FRAME_INTERVAL * 1000:.0f} ms apart), a {len(photo)}-byte photo captured "
              f"every {args.upload_every:g} s per client, {args.keep} pages kept")
        for kind, values in latencies.items():
            values.sort()
            if not values:
                continue
            print(f"  {kind:7s} {len(values):6d} requests ({len(values) / elapsed:6.1f}/s)  p50 {ms(percentile(values, .5))}"
                  f"  p95 {ms(percentile(values, .95))}  p99 {ms(percentile(values, .99))}  max {ms(values[-1])}")
        print(f"  errors:  {len(errors)}")
        for line in errors[:10]:
            print(f"    {line}")
        warm = [(t, v) for t, v in samples if t >= args.warmup]
        baseline = warm[0][1] if warm else samples[-1][1]
        slope = slope_per_second(warm)  # KiB/s
        window = (warm[-1][0] - warm[0][0]) if len(warm) > 1 else 0.0
        growth = slope * window
        peak = max(v for _, v in samples)
        flat = growth < 0.05 * baseline and growth < 16 * 1024
        print(f"  RSS:     start {mib(samples[0][1]):.1f} MiB, after {args.warmup:g} s warm-up {mib(baseline):.1f} MiB, "
              f"end {mib(samples[-1][1]):.1f} MiB, peak {mib(peak):.1f} MiB ({len(samples)} samples)")
        print(f"  slope after warm-up: {slope * 60 / 1024:+.2f} MiB/min ({mib(growth):+.1f} MiB over {window:.0f} s): "
              f"{'flat' if flat else 'GROWING'}")
        return 0 if not errors and flat else 1
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
