#!/usr/bin/env python3
"""The robustness set for the detection benchmark: every photo of a labelled set (invariance.sh
uses the SmartDoc sample) again as a phone could have taken it — turned, mirrored, smaller, darker,
lighter, flatter, blurred, noisier, more compressed, held askew, too close (the page cut by the
frame) — each with its corners carried over exactly.
A detector fitted to the sample's own conditions scores well on the originals and falls on the
variants; one that reads the page itself scores the same on all of them.

    invariance.py make TRUTH OUT   writes OUT/<variant>/images/*.jpg and OUT/truth.json
    invariance.py table WORK       prints mean JI per variant for flatbed and OpenCV side by side
                                   from WORK/{flatbed,opencv}.score.json (score_quads.py --json
                                   --by-folder)

Deterministic: the noise comes from a fixed seed, so the set is the same on every machine."""
import json
import math
import os
import shutil
import sys

import numpy as np
from PIL import Image, ImageEnhance, ImageFilter


def rotated(image, corners, turns):
    """The photo turned counter-clockwise by `turns` quarter turns, as a phone held otherwise."""
    w, h = image.size
    if turns == 1:
        return image.transpose(Image.Transpose.ROTATE_90), [[y, w - x] for x, y in corners]
    return image.transpose(Image.Transpose.ROTATE_180), [[w - x, h - y] for x, y in corners]


def scaled(image, corners, factor):
    """The photo shrunk as a camera preview frame is (corners scaled with the pixel grid)."""
    w, h = image.size
    sw, sh = round(w * factor), round(h * factor)
    return image.resize((sw, sh), Image.Resampling.LANCZOS), [[x * sw / w, y * sh / h] for x, y in corners]


def tone(image, gamma):
    """Exposure: gamma > 1 darkens the mid-tones (an underexposed photo), < 1 lightens them."""
    a = np.asarray(image, dtype=np.float64) / 255
    return Image.fromarray(np.clip(255 * a ** gamma + 0.5, 0, 255).astype(np.uint8))


def noisy(image, sigma, seed):
    """Sensor noise: independent Gaussian noise of `sigma` grey levels on every channel."""
    a = np.asarray(image, dtype=np.float64)
    a = a + np.random.default_rng(seed).normal(0, sigma, a.shape)
    return Image.fromarray(np.clip(a + 0.5, 0, 255).astype(np.uint8))


def turned(image, corners, degrees):
    """The photo turned counter-clockwise by `degrees` (a camera held askew) and cropped to the
    largest centred rectangle of its proportions that the turned photo fills."""
    w, h = image.size
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    scale = min(w / (w * c + h * s), h / (w * s + h * c))
    left, top = (w - scale * w) / 2, (h - scale * h) / 2
    box = (math.ceil(left), math.ceil(top), math.floor(w - left), math.floor(h - top))
    moved = image.rotate(degrees, resample=Image.Resampling.BICUBIC).crop(box)
    cx, cy = w / 2, h / 2
    return moved, [[cx + (x - cx) * c + (y - cy) * s - box[0], cy - (x - cx) * s + (y - cy) * c - box[1]]
                   for x, y in corners]


def cut(image, corners, right, bottom):
    """The photo cropped so that its right and/or bottom border runs through the page, a fifth of
    the way in from the page's far extent (or an eighth when both are cut), as a photo taken too
    close leaves part of the page out of frame; corners stay where they are, some now outside."""
    if not corners:
        return image, corners
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    share = 0.125 if right and bottom else 0.2
    width = round(max(xs) - share * (max(xs) - min(xs))) if right else image.width
    height = round(max(ys) - share * (max(ys) - min(ys))) if bottom else image.height
    return image.crop((0, 0, width, height)), corners


# name → (transform of (image, corners, index) → (image, corners), JPEG quality)
VARIANTS = {
    "turned_90": (lambda im, c, i: rotated(im, c, 1), 92),
    "turned_180": (lambda im, c, i: rotated(im, c, 2), 92),
    "mirrored": (lambda im, c, i: (im.transpose(Image.Transpose.FLIP_LEFT_RIGHT), [[im.width - x, y] for x, y in c]), 92),
    "half_size": (lambda im, c, i: scaled(im, c, 0.5), 92),
    "third_size": (lambda im, c, i: scaled(im, c, 1 / 3), 92),
    "darker": (lambda im, c, i: (tone(im, 1.5), c), 92),
    "lighter": (lambda im, c, i: (tone(im, 0.67), c), 92),
    "low_contrast": (lambda im, c, i: (ImageEnhance.Contrast(im).enhance(0.6), c), 92),
    "blurred": (lambda im, c, i: (im.filter(ImageFilter.GaussianBlur(2)), c), 92),
    "noisy": (lambda im, c, i: (noisy(im, 8, i), c), 92),
    "jpeg_q20": (lambda im, c, i: (im, c), 20),
    "turned_20": (lambda im, c, i: turned(im, c, 20), 92),
    "cut_right": (lambda im, c, i: cut(im, c, right=True, bottom=False), 92),
    "cut_bottom": (lambda im, c, i: cut(im, c, right=False, bottom=True), 92),
    "cut_corner": (lambda im, c, i: cut(im, c, right=True, bottom=True), 92),
}


def make(truth_path, out):
    root = os.path.dirname(truth_path)
    entries = json.load(open(truth_path))
    rows = []
    for index, entry in enumerate(entries):
        source = os.path.join(root, entry["image"])
        base = os.path.splitext(os.path.basename(entry["image"]))[0]
        name = f"original/images/{base}{os.path.splitext(source)[1]}"
        os.makedirs(os.path.join(out, "original/images"), exist_ok=True)
        shutil.copyfile(source, os.path.join(out, name))
        rows.append(dict(entry, image=name))
        corners = entry.get("corners")
        image = Image.open(source).convert("RGB")
        for variant, (transform, quality) in VARIANTS.items():
            moved, moved_corners = transform(image, corners or [], index)
            # The scorer matches predictions by file name, so each variant's names are its own.
            name = f"{variant}/images/{base}__{variant}.jpg"
            os.makedirs(os.path.join(out, variant, "images"), exist_ok=True)
            moved.save(os.path.join(out, name), quality=quality)
            rows.append(dict(entry, image=name, corners=moved_corners if corners else None))
    with open(os.path.join(out, "truth.json"), "w") as f:
        json.dump(rows, f, indent=1)
    print(f"{len(rows)} photos in {len(VARIANTS) + 1} variants", file=sys.stderr)


def table(work):
    tools = [("flatbed", "flatbed"), ("opencv", "OpenCV")]
    scores = {t: json.load(open(os.path.join(work, f"{t}.score.json"))) for t, _ in tools}
    folders = scores["flatbed"]["by_folder"]
    order = ["original"] + [v for v in VARIANTS if v in folders]
    print("variant".ljust(16) + "".join(f"{label} mean JI".rjust(18) for _, label in tools)
          + "".join(f"{label} below 0.9".rjust(18) for _, label in tools))
    for variant in order:
        cells = [scores[t]["by_folder"][variant] for t, _ in tools]
        print(variant.ljust(16) + "".join(f'{c["mean_ji"]:.4f}'.rjust(18) for c in cells)
              + "".join(f'{c["ji_below_0.9"]}'.rjust(18) for c in cells))
    overall = [scores[t]["overall"] for t, _ in tools]
    print("all".ljust(16) + "".join(f'{c["mean_ji"]:.4f}'.rjust(18) for c in overall)
          + "".join(f'{c["ji_below_0.9"]}'.rjust(18) for c in overall))
    # How far the variants move each tool from its own reading of the originals.
    spread = []
    for t, _ in tools:
        means = [scores[t]["by_folder"][v]["mean_ji"] for v in order]
        spread.append(f"{min(means) - means[0]:+.4f} … {max(means) - means[0]:+.4f}")
    print("vs original".ljust(16) + "".join(s.rjust(18) for s in spread))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "table":
        table(sys.argv[2])
    else:
        sys.exit(__doc__)
