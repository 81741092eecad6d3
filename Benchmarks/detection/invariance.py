#!/usr/bin/env python3
"""The robustness set for the detection benchmark: every photo of a labelled set (invariance.sh
uses the SmartDoc sample) again as a phone could have taken it — turned, mirrored, smaller, darker,
lighter, flatter, blurred, noisier, more compressed, held askew, too close (the page cut by the
frame: cropped, and seen from the camera moved toward it) — each with its corners carried over
exactly.
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


def homography(source, target):
    """The 3 × 3 homography taking the four `source` points to the four `target` points."""
    rows, values = [], []
    for (x, y), (u, v) in zip(source, target):
        rows += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        values += [u, v]
    return np.append(np.linalg.solve(np.array(rows, float), np.array(values, float)), 1).reshape(3, 3)


def apply(h, points):
    p = np.c_[np.asarray(points, float), np.ones(len(points))] @ h.T
    return p[:, :2] / p[:, 2:]


# A phone's main camera: 26 mm-equivalent on the diagonal of the 4:3 frame a photo is cut from
# (Sources/ScanCore/Geometry/PhoneCamera.swift).
PHONE_MILLIMETRES, FILM_DIAGONAL = 26, 43.27


def focal_length(page, w, h):
    """The focal length (pixels) of the camera that saw a rectangle at homography `page` (page
    units → pixels about the photo's centre): its two sides are perpendicular and equally scaled
    (Zhang's two constraints, solved together for 1/f²). A page seen too squarely to tell, or a
    value outside 15–80 mm-equivalent, gives a phone's main camera."""
    (h11, h12, _), (h21, h22, _), (h31, h32, _) = page
    a = [h11 * h12 + h21 * h22, h11 ** 2 + h21 ** 2 - h12 ** 2 - h22 ** 2]
    b = [h31 * h32, h31 ** 2 - h32 ** 2]
    inverse_square = -(a[0] * b[0] + a[1] * b[1]) / (a[0] ** 2 + a[1] ** 2)
    diagonal = math.hypot(w, h)
    if inverse_square > 0 and 15 <= FILM_DIAGONAL / diagonal / math.sqrt(inverse_square) <= 80:
        return 1 / math.sqrt(inverse_square)
    long, short = max(w, h), min(w, h)
    frame_long = max(long, short * 4 / 3)
    return PHONE_MILLIMETRES / FILM_DIAGONAL * math.hypot(frame_long, frame_long * 3 / 4)


def closer(image, corners, page_size):
    """The photo as the same camera would have taken it moved toward the page, and down, until
    the frame's top border runs through the page a fifth of the way in from its far end: a page
    too close to take whole, its far end out of frame. The desk is a plane, so the new view is a
    homography of the old one: the page's plane and the camera's focal length come from the
    labelled corners (`focal_length`), and the camera moves along its axis and down by at most
    what keeps its view within the old one (its bottom border stays where it was), so that every
    pixel is there to be drawn. What stands off the desk (a mug, a cable's loops) is drawn as if
    it lay on it, and the view is magnified from the old pixels, so a little softer than a real
    close-up. Corners move with the view, the far ones beyond the top border."""
    if not corners:
        return image, corners
    w, h = image.size
    centre = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]], float)
    pw, ph = page_size
    page = centre @ homography([(0, 0), (pw, 0), (pw, ph), (0, ph)], corners)
    f = focal_length(page, w, h)
    camera = np.diag([f, f, 1.0])
    m = np.linalg.inv(camera) @ page
    # The page's axes and origin in camera space (page units), its second axis made
    # perpendicular to the first: the labelled corners are a few pixels off.
    across, along = m[:, 0], m[:, 1]
    scale = 2 / (np.linalg.norm(across) + np.linalg.norm(along))
    r1 = across / np.linalg.norm(across)
    r2 = along - r1 * (r1 @ along)
    r2 /= np.linalg.norm(r2)
    origin = scale * m[:, 2]
    if origin[2] < 0:
        r1, r2, origin = -r1, -r2, -origin
    seen = camera @ np.c_[r1, r2, origin]

    def view(forward):
        """Photo pixels → pixels of the view from the camera moved `forward` (page units) along
        its axis and down by as much times h / 2f, which keeps its bottom border."""
        moved = camera @ np.c_[r1, r2, origin - np.array([0, forward * h / 2 / f, forward])]
        return np.linalg.inv(centre) @ moved @ np.linalg.inv(seen) @ centre

    def cut_share(forward):
        """Where the top border lies in the page: 0 a fifth of the way in from its far end."""
        ys = apply(view(forward), corners)[:, 1]
        return ys.min() + 0.2 * (ys.max() - ys.min())

    # No nearer than most of the way to the page's nearest corner.
    near, far = 0.0, 0.95 * min((origin + u * r1 + v * r2)[2] for u, v in [(0, 0), (pw, 0), (pw, ph), (0, ph)])
    if cut_share(far) > 0:
        raise ValueError(f"the page at {corners} stays in frame however close the camera comes")
    for _ in range(60):
        middle = (near + far) / 2
        near, far = (middle, far) if cut_share(middle) > 0 else (near, middle)
    g = view(far)
    back = np.linalg.inv(g)
    back /= back[2, 2]
    # Every pixel of the new view comes from inside the old one.
    ends = np.array([(0, 0, 1), (w, 0, 1), (w, h, 1), (0, h, 1)], float) @ back.T
    frame = ends[:, :2] / ends[:, 2:]
    if ends[:, 2].min() <= 0 or frame.min() < -1 or frame[:, 0].max() > w + 1 or frame[:, 1].max() > h + 1:
        raise ValueError(f"the closer view of a {w}x{h} photo reaches past it: {frame.tolist()}")
    moved = image.transform((w, h), Image.Transform.PERSPECTIVE, tuple(back.flatten()[:8]),
                            resample=Image.Resampling.BICUBIC)
    return moved, apply(g, corners).tolist()


# name → (transform of (image, corners, index, page size) → (image, corners), JPEG quality)
VARIANTS = {
    "turned_90": (lambda im, c, i, size: rotated(im, c, 1), 92),
    "turned_180": (lambda im, c, i, size: rotated(im, c, 2), 92),
    "mirrored": (lambda im, c, i, size: (im.transpose(Image.Transpose.FLIP_LEFT_RIGHT), [[im.width - x, y] for x, y in c]), 92),
    "half_size": (lambda im, c, i, size: scaled(im, c, 0.5), 92),
    "third_size": (lambda im, c, i, size: scaled(im, c, 1 / 3), 92),
    "darker": (lambda im, c, i, size: (tone(im, 1.5), c), 92),
    "lighter": (lambda im, c, i, size: (tone(im, 0.67), c), 92),
    "low_contrast": (lambda im, c, i, size: (ImageEnhance.Contrast(im).enhance(0.6), c), 92),
    "blurred": (lambda im, c, i, size: (im.filter(ImageFilter.GaussianBlur(2)), c), 92),
    "noisy": (lambda im, c, i, size: (noisy(im, 8, i), c), 92),
    "jpeg_q20": (lambda im, c, i, size: (im, c), 20),
    "turned_20": (lambda im, c, i, size: turned(im, c, 20), 92),
    "cut_right": (lambda im, c, i, size: cut(im, c, right=True, bottom=False), 92),
    "cut_bottom": (lambda im, c, i, size: cut(im, c, right=False, bottom=True), 92),
    "cut_corner": (lambda im, c, i, size: cut(im, c, right=True, bottom=True), 92),
    "closer": (lambda im, c, i, size: closer(im, c, size or (2100, 2970)), 92),  # A4 unless the truth says
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
            moved, moved_corners = transform(image, corners or [], index, entry.get("page_size"))
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
