#!/usr/bin/env python3
"""Draw ground-truth quads (and optionally predictions) on photos, for checking by eye.

Usage:
  draw_truth.py TRUTH.json [--root DIR] [--out DIR] [--pred PREDICTIONS.jsonl] [--only SUBSTRING]

For every image writes OUT/<name>.png: the photo with the truth quad in green (corner 0 marked by a
larger dot, all numbered) and predictions in magenta; and OUT/<name>-corners.png: four 8x magnified
crops centred on the truth corners, where a red cross marks the exact corner position. Corners
outside the frame get a black crop.
"""
import argparse
import json
import os

import cv2
import numpy as np

ZOOM = 8
CROP = 24  # px of the photo on each side of a corner in the magnified strip
SHIFT = 4  # cv2 drawing with 4 fractional bits: 1/16 px precision


def fixed(p, scale=1.0, offset=(0.0, 0.0)):
    # Contract coordinates have the origin at the pixel corner; OpenCV drawing at pixel centres.
    return (int(round(((p[0] - offset[0]) * scale - 0.5) * (1 << SHIFT))),
            int(round(((p[1] - offset[1]) * scale - 0.5) * (1 << SHIFT))))


def draw_quad(img, q, colour, scale=1.0, offset=(0.0, 0.0), thickness=1):
    pts = np.array([fixed(p, scale, offset) for p in q], np.int32)
    cv2.polylines(img, [pts], True, colour, thickness, cv2.LINE_AA, shift=SHIFT)


def corner_crops(img, q, pred):
    h, w = img.shape[:2]
    tiles = []
    for i, (x, y) in enumerate(q):
        x0, y0 = int(np.floor(x)) - CROP, int(np.floor(y)) - CROP
        tile = np.zeros((2 * CROP, 2 * CROP, 3), np.uint8)
        sx0, sy0, sx1, sy1 = max(0, x0), max(0, y0), min(w, x0 + 2 * CROP), min(h, y0 + 2 * CROP)
        if sx1 > sx0 and sy1 > sy0:
            tile[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = img[sy0:sy1, sx0:sx1]
        big = cv2.resize(tile, None, fx=ZOOM, fy=ZOOM, interpolation=cv2.INTER_NEAREST)
        draw_quad(big, q, (0, 255, 0), ZOOM, (x0, y0))
        if pred:
            draw_quad(big, pred, (255, 0, 255), ZOOM, (x0, y0))
        cx, cy = fixed((x, y), ZOOM, (x0, y0))
        r = 6 << SHIFT
        cv2.line(big, (cx - r, cy), (cx + r, cy), (0, 0, 255), 1, cv2.LINE_AA, SHIFT)
        cv2.line(big, (cx, cy - r), (cx, cy + r), (0, 0, 255), 1, cv2.LINE_AA, SHIFT)
        cv2.putText(big, str(i), (6, 22), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 255, 255), 2)
        tiles.append(big)
    return np.hstack(tiles)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("truth")
    ap.add_argument("--root", help="directory the truth paths are relative to (default: the truth file's)")
    ap.add_argument("--out", default="truth-overlays")
    ap.add_argument("--pred", help="predictions (JSON lines) to draw as well, matched by file name")
    ap.add_argument("--only", help="only images whose path contains this")
    a = ap.parse_args()
    root = a.root or os.path.dirname(os.path.abspath(a.truth))
    preds = {}
    if a.pred:
        for line in open(a.pred):
            if line.strip():
                r = json.loads(line)
                preds[os.path.basename(r["image"])] = r.get("corners")
    os.makedirs(a.out, exist_ok=True)
    for t in json.load(open(a.truth)):
        if a.only and a.only not in t["image"]:
            continue
        img = cv2.imread(os.path.join(root, t["image"]), cv2.IMREAD_COLOR)
        name = os.path.splitext(os.path.basename(t["image"]))[0]
        pred = preds.get(os.path.basename(t["image"]))
        view = img.copy()
        s = max(1, round(max(img.shape[:2]) / 800))
        if t["corners"]:
            q = t["corners"]
            draw_quad(view, q, (0, 255, 0), thickness=s)
            for i, p in enumerate(q):
                c = fixed(p)
                cv2.circle(view, c, (5 if i == 0 else 3) * s << SHIFT, (0, 255, 0), -1, cv2.LINE_AA, SHIFT)
                cv2.putText(view, str(i), (int(p[0]) + 6 * s, int(p[1]) - 6 * s), cv2.FONT_HERSHEY_SIMPLEX, 0.6 * s, (0, 255, 255), 2 * s)
        if pred:
            draw_quad(view, pred, (255, 0, 255), thickness=s)
        label = "NEGATIVE" if t["corners"] is None else f"page_size={t.get('page_size')}"
        cv2.putText(view, label, (10, 30 * s), cv2.FONT_HERSHEY_SIMPLEX, 0.8 * s, (0, 0, 255), 2 * s)
        cv2.imwrite(os.path.join(a.out, name + ".png"), view)
        if t["corners"]:
            cv2.imwrite(os.path.join(a.out, name + "-corners.png"), corner_crops(img, t["corners"], pred))


if __name__ == "__main__":
    main()
