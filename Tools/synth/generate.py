#!/usr/bin/env python3
"""Generate synthetic phone photos of documents with exact ground-truth corners.

Usage:
  generate.py --seed S --count N --out DIR [--negatives K] [--families a,b,...] [--long-side PX]
              [--save-flat] [--workers W]
  generate.py --preset benchmark|tests|samples --out DIR [overrides...]

Writes DIR/<family>/images/<family>_<index>.jpg and DIR/truth.json, a JSON list of
  {"image": "<family>/images/<name>.jpg", "corners": [[x, y] * 4] or null, "page_size": [w, h]}
with paths relative to DIR. Corners follow the project contract: continuous pixel coordinates with
the origin at the top-left pixel's outer corner, clockwise on screen from the corner with the smallest
x + y. page_size is the page's physical size in 0.1 mm measured along corners 0->1 and 1->2 (so a
sideways A4 reads [2970, 2100]); negatives have no page_size. DIR/scenes.json adds per-image details
(page kind, surface, tilt, roll, coverage, JPEG quality, and first_corner: which corner of the page
as printed - 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left - is truth corner 0).

--count N spreads N document photos evenly over the families; --negatives K adds K photos with no
document (family "negative"). Photo k of family F is drawn from a generator seeded with
(seed, crc32(F), k) only, so the output is byte-identical for the same arguments whatever the worker
scheduling, and growing --count keeps the photos that were already there.
"""
import argparse
import json
import os
import sys
import time
import zlib
from multiprocessing import get_context

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

import scene as S  # noqa: E402

PRESETS = {
    # The fixed benchmark: 35 photos per family (350) + 64 negatives = 414 photos.
    "benchmark": {"seed": 2026, "count": 35 * len(S.FAMILIES), "negatives": 64, "families": list(S.FAMILIES),
                  "long_side": 1600},
    # Tiny fixtures for the Swift tests: 2 photos per hard-case family + 3 negatives, 640 px.
    "tests": {"seed": 2026, "count": 2 * len(S.HARD_FAMILIES), "negatives": 3, "families": list(S.HARD_FAMILIES),
              "long_side": 640},
}

# README demo photos: (file name, family, scene index, options). Indices were picked by eye once.
SAMPLES = [
    ("letter-on-wood", "wood", 1, S.Options(kind="letter", size="a4", surface="wood", paper="white", coverage=(0.42, 0.55),
                                            tilt_deg=(10, 20), roll_deg=(-7, 7), strength=0.55, shadow_prob=0.0,
                                            clutter=True, centred=True, quality=(85, 85))),
    ("receipt", "wood", 5, S.Options(kind="receipt", surface="desk", coverage=(0.3, 0.4), tilt_deg=(8, 18),
                                     roll_deg=(-12, 12), strength=0.55, shadow_prob=0.0, clutter=False,
                                     centred=True, quality=(85, 85))),
    ("report-on-fabric", "fabric", 2, S.Options(kind="report", size="a4", surface="fabric", paper="white", coverage=(0.5, 0.62),
                                                tilt_deg=(12, 22), roll_deg=(-6, 6), strength=0.55, shadow_prob=0.0,
                                                clutter=False, centred=True, quality=(85, 85))),
]
SAMPLES_SEED = 7


def scene_rng(seed, family, k):
    return np.random.default_rng([int(seed), zlib.crc32(family.encode()), int(k)])


def plan(count, negatives, families):
    """(family, index) jobs: count spread evenly over families, then the negatives."""
    jobs = []
    base, extra = divmod(count, len(families)) if families else (0, 0)
    for i, fam in enumerate(families):
        for k in range(base + (1 if i < extra else 0)):
            jobs.append((fam, k))
    jobs += [(S.NEGATIVE, k) for k in range(negatives)]
    return jobs


def save_jpeg(img, path, quality):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    Image.fromarray(img).save(path, format="JPEG", quality=int(quality), subsampling=2, optimize=False)


def save_flat(page, out, name):
    d = os.path.join(out, "flat")
    os.makedirs(d, exist_ok=True)
    if page.alpha is not None:
        Image.fromarray(np.dstack([page.rgb, page.alpha]), "RGBA").save(os.path.join(d, name + ".png"))
    else:
        Image.fromarray(page.rgb).save(os.path.join(d, name + ".png"))
    with open(os.path.join(d, name + ".txt"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(page.lines) + "\n")


def _init_worker():
    cv2.setNumThreads(1)
    # Keep freed memory in the process: each photo allocates and drops many frame-sized arrays, and
    # handing them back to the kernel every time costs ~20% of the run in page faults (glibc only).
    try:
        import ctypes
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-3, 512 << 20)   # M_MMAP_THRESHOLD
        libc.mallopt(-1, 1024 << 20)  # M_TRIM_THRESHOLD
    except (OSError, AttributeError):
        pass


def run_job(job):
    seed, family, k, long_side, out, flat, opts, name, rel = job
    t0 = time.perf_counter()
    sc = S.make_scene(family, scene_rng(seed, family, k), long_side, opts)
    rel = rel or f"{family}/images/{name}.jpg"
    save_jpeg(sc.image, os.path.join(out, rel), sc.quality)
    if flat and sc.flat is not None:
        save_flat(sc.flat, out, name)
    entry = {"image": rel, "corners": sc.corners}
    if sc.page_size is not None:
        entry["page_size"] = sc.page_size
    info = dict(sc.info, image=rel, family=family, quality=sc.quality, height=int(sc.image.shape[0]),
                width=int(sc.image.shape[1]))
    return entry, info, time.perf_counter() - t0


def run(jobs, out, workers, quiet):
    os.makedirs(out, exist_ok=True)
    truth, infos = [], []
    t0 = time.perf_counter()
    show = not quiet and sys.stderr.isatty()
    if workers <= 1:
        _init_worker()
        results = map(run_job, jobs)
        pool = None
    else:
        pool = get_context("fork").Pool(workers, initializer=_init_worker)
        results = pool.imap(run_job, jobs, chunksize=1)
    try:
        for i, (entry, info, _) in enumerate(results):
            truth.append(entry)
            infos.append(info)
            if show:
                print(f"\r{i + 1}/{len(jobs)} {entry['image']}", end="", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if show:
        print(file=sys.stderr)
    for name, rows in (("truth.json", truth), ("scenes.json", infos)):
        with open(os.path.join(out, name), "w") as fh:
            fh.write("[\n" + ",\n".join(" " + json.dumps(r) for r in rows) + "\n]\n")
    return truth, time.perf_counter() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", choices=["benchmark", "tests", "samples"])
    ap.add_argument("--seed", type=int)
    ap.add_argument("--count", type=int, help="document photos, spread evenly over the families")
    ap.add_argument("--negatives", type=int, help="photos with no document (default 0)")
    ap.add_argument("--families", help="comma-separated subset of: " + ",".join(S.FAMILIES))
    ap.add_argument("--long-side", type=int, help="image long side in px (default 1600)")
    ap.add_argument("--out", required=True, help="output directory")
    ap.add_argument("--save-flat", action="store_true", help="also write flat/<name>.png and flat/<name>.txt")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)

    if a.preset == "samples":
        jobs = [(SAMPLES_SEED, fam, k, a.long_side or 1600, a.out, a.save_flat, opts, name, name + ".jpg")
                for name, fam, k, opts in SAMPLES]
        truth, secs = run(jobs, a.out, a.workers, a.quiet)
        print(f"wrote {len(truth)} sample photos to {a.out} in {secs:.1f} s", file=sys.stderr)
        return 0

    cfg = dict(PRESETS.get(a.preset, {"seed": None, "count": None, "negatives": 0, "families": list(S.FAMILIES),
                                      "long_side": 1600}))
    for key in ("seed", "count", "negatives", "long_side"):
        if getattr(a, key) is not None:
            cfg[key] = getattr(a, key)
    if a.families:
        cfg["families"] = [f.strip() for f in a.families.split(",") if f.strip()]
    if cfg["seed"] is None or cfg["count"] is None:
        ap.error("--seed and --count are required without --preset")
    bad = [f for f in cfg["families"] if f not in S.FAMILIES]
    if bad:
        ap.error(f"unknown families {', '.join(bad)}; choose from {', '.join(S.FAMILIES)}")
    if not 320 <= cfg["long_side"] <= 6000:
        ap.error("--long-side must be within 320..6000")
    if cfg["count"] < 0 or cfg["negatives"] < 0:
        ap.error("--count and --negatives must not be negative")
    jobs = [(cfg["seed"], fam, k, cfg["long_side"], a.out, a.save_flat, None, f"{fam}_{k:04d}", None)
            for fam, k in plan(cfg["count"], cfg["negatives"], cfg["families"])]
    truth, secs = run(jobs, a.out, a.workers, a.quiet)
    neg = sum(1 for t in truth if t["corners"] is None)
    print(f"wrote {len(truth)} photos ({neg} negatives) to {a.out} in {secs:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
