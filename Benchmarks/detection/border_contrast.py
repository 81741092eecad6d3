#!/usr/bin/env python3
"""How visible each labelled page's border is: for every document photo of a truth file, the step
across each side of the true outline, at the detector's working size (the photo shrunk by block
means to about 480 pixels on the long side, as ColorPlanes does). A side's step is the median,
over 15 points spread along its middle 70 %, of the largest channel difference (R, G or B, grey
levels) between the points 3 working pixels inside and outside it; points whose probes leave the
frame are skipped, and a side with fewer than 3 points left is off the frame.

A page none of whose sides in the frame steps by more than LIMIT is invisible to an edge-based
detector (a white page on a white table, both overexposed to 255): it bounds what any outline
search can score on that family.

    border_contrast.py TRUTH [--limit LEVELS]   prints per folder: pages, invisible pages (and
                                                their names), and every page's four steps with -v
"""
import argparse
import json
import os

import numpy as np
from PIL import Image

WORKING_LONG_SIDE = 480
PROBE_OFFSET = 3.0


def working(path):
    """The photo shrunk by whole-block means, as the detector's ColorPlanes, and the factor."""
    pixels = np.asarray(Image.open(path).convert("RGB"), dtype=np.float32)
    height, width, _ = pixels.shape
    f = max(1, -(-max(width, height) // WORKING_LONG_SIDE))
    h, w = height // f, width // f
    return pixels[:h * f, :w * f].reshape(h, f, w, f, 3).mean(axis=(1, 3)), f


def side_steps(image, corners):
    """The step across each side (None for a side off the frame)."""
    h, w, _ = image.shape
    centre = corners.mean(axis=0)
    steps = []
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        d = b - a
        normal = np.array([-d[1], d[0]]) / np.linalg.norm(d)
        if np.dot(centre - a, normal) < 0:
            normal = -normal
        values = []
        for s in np.linspace(0.15, 0.85, 15):
            p = a + d * s
            inside, outside = p + normal * PROBE_OFFSET, p - normal * PROBE_OFFSET
            if all(0 <= q[0] < w and 0 <= q[1] < h for q in (inside, outside)):
                i = image[int(inside[1]), int(inside[0])]
                o = image[int(outside[1]), int(outside[0])]
                values.append(float(np.abs(i - o).max()))
        steps.append(float(np.median(values)) if len(values) >= 3 else None)
    return steps


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("truth")
    parser.add_argument("--limit", type=float, default=3.0, help="largest step of an invisible border (grey levels)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every page's four steps")
    args = parser.parse_args()
    root = os.path.dirname(os.path.abspath(args.truth))
    folders = {}
    for t in json.load(open(args.truth)):
        if t["corners"] is None:
            continue
        image, f = working(os.path.join(root, t["image"]))
        steps = side_steps(image, np.array(t["corners"], dtype=float) / f)
        seen = [s for s in steps if s is not None]
        invisible = not seen or max(seen) <= args.limit
        name = os.path.basename(t["image"])
        folders.setdefault(t["image"].split("/")[0], []).append((name, invisible))
        if args.verbose:
            print(name, " ".join("  off" if s is None else f"{s:5.1f}" for s in steps), "invisible" if invisible else "")
    for folder, pages in sorted(folders.items()):
        hidden = [name for name, invisible in pages if invisible]
        print(f"{folder}: {len(pages)} pages, {len(hidden)} with no side stepping more than {args.limit:g} levels"
              + (": " + " ".join(hidden) if hidden else ""))


if __name__ == "__main__":
    main()
