#!/usr/bin/env python3
"""How visible each labelled page's border is: for every document photo of a truth file, the
evidence across each side of the true outline at the detector's working size (the photo shrunk by
block means to about 480 pixels on the long side, as ColorPlanes does). Over 15 points spread
along the side's middle 70 %, two readings, each the median over the points of the largest
channel difference (R, G or B, grey levels):

  step  between the points 3 working pixels inside and outside the side (page against table);
  line  between the point on the side and the mean of those two, the largest of the lines centred
        0, 1 or 2 pixels off the side (a contact shadow or a highlight along a border with no step).

Points whose probes leave the frame are skipped; a side with fewer than 3 points left is off the
frame. A side is unseen when neither reading exceeds LIMIT: no edge-based detector can place it
from what the photo shows (a white page on a white table, both overexposed to 255).

Pages that bow (`--bowed` folders, by default curled and folded) are measured along the straight
side between their corners, which need not lie on the visible border: each reading is taken at
the best of the offsets up to 8 pixels either way, so that their sides count as seen where the
bowed border runs near them.

    border_contrast.py TRUTH [--limit LEVELS] [--predictions P] [-v]
        prints per folder: pages, pages with no side seen, pages with an unseen side (and their
        names); with P (`flatbed detect --json` output), also the folder's mean JI by
        ../shared/eval/score_quads.py and its bound if every page with all sides seen scored 1
        (the unseen pages keeping their JI); with -v, every page's steps and lines
"""
import argparse
import json
import os
import sys

import numpy as np
from PIL import Image

SCORER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared/eval")

WORKING_LONG_SIDE = 480
PROBE_OFFSET = 3
LINE_OFFSETS = (-2, -1, 0, 1, 2)
BOW = 8


def working(path):
    """The photo shrunk by whole-block means, as the detector's ColorPlanes, and the factor."""
    pixels = np.asarray(Image.open(path).convert("RGB"), dtype=np.float32)
    height, width, _ = pixels.shape
    f = max(1, -(-max(width, height) // WORKING_LONG_SIDE))
    h, w = height // f, width // f
    return pixels[:h * f, :w * f].reshape(h, f, w, f, 3).mean(axis=(1, 3)), f


def jaccard_scorer():
    """The scorer's JI (`score_quads.jaccard`), loaded only when asked for: it needs shapely."""
    sys.path.insert(0, SCORER)
    import score_quads
    return score_quads.jaccard


def side_readings(image, corners, offsets):
    """(step, line) across each side, the best over `offsets` from the side (None for a side off
    the frame)."""
    h, w, _ = image.shape
    centre = corners.mean(axis=0)
    reach = max(abs(o) for o in offsets) + max(abs(c) for c in LINE_OFFSETS) + PROBE_OFFSET
    readings = []
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        d = b - a
        normal = np.array([-d[1], d[0]]) / np.linalg.norm(d)
        if np.dot(centre - a, normal) < 0:
            normal = -normal
        points = [a + d * s for s in np.linspace(0.15, 0.85, 15)]
        points = [p for p in points if all(0 <= q[0] < w and 0 <= q[1] < h
                                           for q in (p + normal * reach, p - normal * reach))]
        if len(points) < 3:
            readings.append(None)
            continue

        def colour(p, o):
            q = p + normal * o
            return image[int(q[1]), int(q[0])]

        def step(o):
            return np.median([np.abs(colour(p, o + PROBE_OFFSET) - colour(p, o - PROBE_OFFSET)).max()
                              for p in points])

        def line(o):
            return max(np.median([np.abs(colour(p, o + c) - (colour(p, o + c + PROBE_OFFSET)
                                                              + colour(p, o + c - PROBE_OFFSET)) / 2).max()
                                  for p in points]) for c in LINE_OFFSETS)

        readings.append((float(max(step(o) for o in offsets)), float(max(line(o) for o in offsets))))
    return readings


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("truth")
    parser.add_argument("--limit", type=float, default=3.0, help="largest reading of an unseen side (grey levels)")
    parser.add_argument("--bowed", default="curled,folded", help="folders of pages that bow (comma-separated)")
    parser.add_argument("--predictions", help="flatbed detect --json output, to score and bound each folder")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every page's readings")
    args = parser.parse_args()
    root = os.path.dirname(os.path.abspath(args.truth))
    bowed = set(args.bowed.split(",")) if args.bowed else set()
    predictions = {}
    jaccard = jaccard_scorer() if args.predictions else None
    if args.predictions:
        for row in map(json.loads, filter(str.strip, open(args.predictions))):
            predictions[os.path.basename(row["image"])] = row.get("corners")
    folders = {}
    for t in json.load(open(args.truth)):
        if t["corners"] is None:
            continue
        folder, name = t["image"].split("/")[0], os.path.basename(t["image"])
        image, f = working(os.path.join(root, t["image"]))
        offsets = range(-BOW, BOW + 1) if folder in bowed else (0,)
        readings = side_readings(image, np.array(t["corners"], dtype=float) / f, offsets)
        seen = [max(r) > args.limit for r in readings if r is not None]
        ji = None
        if args.predictions:
            corners = predictions.get(name)
            ji = 0.0 if corners is None else jaccard(t["corners"], corners, t.get("page_size"))
        folders.setdefault(folder, []).append((name, not any(seen), not all(seen), ji))
        if args.verbose:
            print(name, " ".join("      off" if r is None else f"{r[0]:4.0f}/{r[1]:<4.0f}" for r in readings),
                  "unseen side" if not all(seen) else "")
    for folder, pages in sorted(folders.items()):
        blind = [name for name, none, _, _ in pages if none]
        unseen = [name for name, _, some, _ in pages if some]
        line = (f"{folder}: {len(pages)} pages, {len(blind)} with no side seen, {len(unseen)} with an unseen side"
                + (": " + " ".join(unseen) if unseen else ""))
        print(line + (scores(pages) if args.predictions else ""))
    if args.predictions:
        everything = [page for pages in folders.values() for page in pages]
        print(f"all: {len(everything)} pages" + scores(everything))


def scores(pages):
    """The pages' mean JI, and the mean if every page with all sides seen scored 1."""
    mean = sum(ji for *_, ji in pages) / len(pages)
    bound = sum(ji if some else 1.0 for _, _, some, ji in pages) / len(pages)
    return f"; mean JI {mean:.3f}, bound {bound:.3f}"


if __name__ == "__main__":
    main()
