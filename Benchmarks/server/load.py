#!/usr/bin/env python3
"""Load test for `flatbed serve`: N clients post camera frames (960x720 JPEG, the web scanner's
live detection size for a 4:3 camera) to /api/detect for D seconds.

Starts its own server (temporary --data folder, free port), gives each client its own session so
every request also drives that session's stabiliser, and prints requests/s, latency percentiles and
errors. Standard library only (threads + http.client); the frame is a sample photo resized to --size
with Pillow when available, else --frame must name a JPEG.

    swift build -c release --product flatbed
    python3 Benchmarks/server/load.py --binary .build/release/flatbed --clients 20 --duration 30
"""
import argparse
import http.client
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def make_frame(path, size):
    if path:
        with open(path, "rb") as f:
            return f.read()
    from PIL import Image  # only to make the frame
    image = Image.open(os.path.join(ROOT, "Samples", "letter-on-wood.jpg")).convert("RGB").resize(size)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "flatbed"))
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--frame", help="a JPEG frame to post (default: a sample photo resized to --size)")
    parser.add_argument("--size", default="960x720", help="WxH of the default frame (default 960x720)")
    args = parser.parse_args()

    width, height = (int(v) for v in args.size.lower().split("x"))
    frame = make_frame(args.frame, (width, height))
    data = tempfile.mkdtemp(prefix="flatbed-load-")
    server = subprocess.Popen([args.binary, "serve", "--port", "0", "--data", data],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip()
        port = int(url.rsplit(":", 1)[1].strip("/"))
        host = "127.0.0.1"

        def request(connection, method, path, body=None, headers=None):
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()

        sessions = []
        setup = http.client.HTTPConnection(host, port, timeout=60)
        for _ in range(args.clients):
            status, body = request(setup, "POST", "/api/sessions")
            sessions.append(json.loads(body)["id"])
        setup.close()

        latencies, errors, steady = [], [0], [0]
        lock = threading.Lock()
        start = time.monotonic()
        deadline = start + args.duration

        def client(session):
            connection = http.client.HTTPConnection(host, port, timeout=60)
            mine, my_errors, my_steady = [], 0, 0
            while time.monotonic() < deadline:
                began = time.monotonic()
                try:
                    status, body = request(connection, "POST", f"/api/detect?session={session}", frame,
                                           {"Content-Type": "image/jpeg"})
                    if status != 200:
                        my_errors += 1
                    elif json.loads(body).get("steady"):
                        my_steady += 1
                except (OSError, http.client.HTTPException):
                    my_errors += 1
                    connection.close()
                    connection = http.client.HTTPConnection(host, port, timeout=60)
                    continue
                mine.append(time.monotonic() - began)
            connection.close()
            with lock:
                latencies.extend(mine)
                errors[0] += my_errors
                steady[0] += my_steady

        threads = [threading.Thread(target=client, args=(s,)) for s in sessions]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - start
        latencies.sort()
        ms = lambda s: f"{s * 1000:.1f} ms"
        print(f"flatbed serve /api/detect: {args.clients} clients, {elapsed:.1f} s, frame {len(frame)} bytes (640x480 JPEG)")
        print(f"  requests:   {len(latencies)}  ({len(latencies) / elapsed:.1f} req/s)")
        print(f"  latency:    p50 {ms(percentile(latencies, 0.50))}  p95 {ms(percentile(latencies, 0.95))}  "
              f"p99 {ms(percentile(latencies, 0.99))}  max {ms(latencies[-1] if latencies else float('nan'))}  "
              f"mean {ms(statistics.fmean(latencies) if latencies else float('nan'))}")
        print(f"  errors:     {errors[0]}")
        print(f"  steady frames (stabiliser captures): {steady[0]}")
    finally:
        server.terminate()
        server.wait(timeout=10)
        subprocess.run(["rm", "-rf", data])
    return 0 if errors[0] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
