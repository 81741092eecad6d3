#!/usr/bin/env python3
"""The speed benchmark's large set: every photo of a labelled set (run.sh uses the SmartDoc
sample, 1920 x 1080 video frames) enlarged to a phone camera's 12 megapixels (4032 pixels on the
long side), corners scaled with it. The page is the same; the work of reading that many pixels is
not, which is what this set measures.

    phone_size.py TRUTH OUT   writes OUT/images/*.jpg and OUT/truth.json (once; skipped when
                              OUT/truth.json exists)"""
import json
import os
import sys

from PIL import Image

LONG_SIDE = 4032


def main(truth_path, out):
    if os.path.exists(os.path.join(out, "truth.json")):
        return
    root = os.path.dirname(truth_path)
    os.makedirs(os.path.join(out, "images"), exist_ok=True)
    rows = []
    for t in json.load(open(truth_path)):
        image = Image.open(os.path.join(root, t["image"])).convert("RGB")
        factor = LONG_SIDE / max(image.size)
        size = (round(image.width * factor), round(image.height * factor))
        name = os.path.join("images", os.path.basename(t["image"]))
        image.resize(size, Image.Resampling.LANCZOS).save(os.path.join(out, name), quality=92)
        corners = None if t["corners"] is None else [[x * size[0] / image.width, y * size[1] / image.height]
                                                     for x, y in t["corners"]]
        rows.append(dict(t, image=name, corners=corners))
    json.dump(rows, open(os.path.join(out, "truth.json"), "w"), indent=1)
    print(f"{len(rows)} photos at {LONG_SIDE} pixels on the long side", file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:3])
