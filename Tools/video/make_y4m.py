#!/usr/bin/env python3
"""Fake-camera video for Flatbed's browser tests: a document moving, then held still.

Renders a synthetic printed page (Pillow, DejaVu fonts), lays it on a dark table and films it with a
pinhole-like perspective: for `--move` seconds the page slides and turns, then it rests for `--hold`
seconds. Written as an uncompressed YUV4MPEG2 (4:2:0) file that Chromium plays, looped, as a camera:

    chromium --use-fake-device-for-media-stream --use-fake-ui-for-media-stream \\
             --use-file-for-fake-video-capture=page.y4m

`--photo FILE.jpg` also writes one still photo of a second, different page (for import tests), and
`--truth FILE.json` the page corners of the held (still) frames in the contract order TL, TR, BR, BL.
Needs numpy, Pillow and opencv-python-headless. The same arguments always give the same bytes.
"""

import argparse
import json
import math
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
PAGE_SIZE = (850, 1100)  # US-Letter-ish proportions, in page pixels


def font(name, size):
    try:
        return ImageFont.truetype(FONT_DIR + name, size)
    except OSError:
        return ImageFont.load_default()


def render_page(title, seed):
    """A printed page: heading, a rule, paragraphs of words, a small table."""
    rng = np.random.default_rng(seed)
    page = Image.new("RGB", PAGE_SIZE, (250, 249, 244))
    draw = ImageDraw.Draw(page)
    draw.text((70, 60), title, fill=(20, 24, 32), font=font("DejaVuSans-Bold.ttf", 44))
    draw.line((70, 125, 780, 125), fill=(40, 90, 160), width=4)
    body = font("DejaVuSerif.ttf", 22)
    words = ("scan invoice total paper flatbed camera page corner light table document quick "
             "receipt amount date ledger summary note").split()
    y = 160
    for paragraph in range(4):
        for _ in range(5):
            line = " ".join(rng.choice(words, size=7))
            draw.text((70, y), line.capitalize(), fill=(35, 35, 40), font=body)
            y += 34
        y += 22
    for row in range(4):
        for col in range(3):
            x0, y0 = 70 + col * 236, y + row * 44
            draw.rectangle((x0, y0, x0 + 236, y0 + 44), outline=(90, 90, 100), width=2)
            draw.text((x0 + 12, y0 + 9), f"{(row + 1) * (col + 3) * 7:,} EUR", fill=(30, 30, 30), font=body)
    return cv2.cvtColor(np.asarray(page), cv2.COLOR_RGB2BGR)


def table(width, height, seed):
    """A dark wooden-looking table: low-frequency grain plus noise, much darker than paper."""
    rng = np.random.default_rng(seed)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    grain = 0.5 + 0.5 * np.sin(xs / 9.0 + 3.0 * np.sin(ys / 53.0))
    base = 62 + 22 * grain + rng.normal(0, 4, (height, width))
    bgr = np.stack([base * 0.55, base * 0.75, base], axis=-1)
    return np.clip(bgr, 0, 255).astype(np.uint8)


def page_corners(width, height, t, move, hold_pose):
    """Corners of the page on screen at time t: moving along a curve until `move`, then resting."""
    cx, cy, angle, scale = hold_pose
    if t < move:
        k = 1.0 - t / move  # 1 at the start, 0 when the page comes to rest
        cx += k * width * 0.22 * math.cos(5.0 * t)
        cy += k * height * 0.12 * math.sin(4.0 * t)
        angle += k * 18.0 * math.sin(3.0 * t)
        scale *= 1.0 + 0.18 * k
    half_w = PAGE_SIZE[0] * scale / 2
    half_h = PAGE_SIZE[1] * scale / 2
    # A slight keystone (top narrower than bottom) so the page looks photographed, not pasted.
    local = np.array([[-half_w * 0.93, -half_h], [half_w * 0.93, -half_h],
                      [half_w, half_h], [-half_w, half_h]])
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    return (local @ rot.T + [cx, cy]).astype(np.float32)


def film(page, background, corners):
    h, w = background.shape[:2]
    src = np.array([[0, 0], [PAGE_SIZE[0], 0], [PAGE_SIZE[0], PAGE_SIZE[1]], [0, PAGE_SIZE[1]]], np.float32)
    m = cv2.getPerspectiveTransform(src, corners)
    warped = cv2.warpPerspective(page, m, (w, h), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full(page.shape[:2], 255, np.uint8), m, (w, h))
    frame = background.copy()
    frame[mask > 127] = warped[mask > 127]
    # A soft vignette like a cheap webcam.
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    r = np.hypot((xs - w / 2) / w, (ys - h / 2) / h)
    frame = (frame * (1.0 - 0.35 * r[..., None] ** 2)).clip(0, 255).astype(np.uint8)
    return frame


def write_y4m(path, frames, width, height, fps):
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            out.write(b"FRAME\n")
            out.write(cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the .y4m file to write")
    parser.add_argument("--size", default="640x480", help="frame size WxH (even numbers), default 640x480")
    parser.add_argument("--fps", type=int, default=15, help="frames per second, default 15")
    parser.add_argument("--move", type=float, default=1.5, help="seconds of movement, default 1.5")
    parser.add_argument("--hold", type=float, default=3.0, help="seconds held still, default 3.0")
    parser.add_argument("--photo", help="also write a still JPEG photo of a second page here")
    parser.add_argument("--truth", help="also write the held corners as JSON here")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size '{args.size}' is not WxH; pass e.g. 640x480")
    if width % 2 or height % 2 or width < 64 or height < 64:
        parser.error(f"--size {width}x{height} must be even and at least 64x64; pass e.g. 640x480")

    background = table(width, height, seed=7)
    scale = 0.78 * height / PAGE_SIZE[1]
    hold_pose = (width * 0.5, height * 0.5, 4.0, scale)
    page = render_page("Invoice 2026-041", seed=1)
    count = round((args.move + args.hold) * args.fps)
    frames = (film(page, background, page_corners(width, height, i / args.fps, args.move, hold_pose))
              for i in range(count))
    write_y4m(args.output, frames, width, height, args.fps)

    if args.truth:
        held = page_corners(width, height, args.move + 1, args.move, hold_pose)
        with open(args.truth, "w") as out:
            json.dump({"corners": held.round(2).tolist(), "width": width, "height": height}, out)
    if args.photo:
        second = render_page("Delivery note 7", seed=2)
        pose = (width * 0.52, height * 0.48, -3.0, scale * 0.95)
        still = film(second, table(width, height, seed=11), page_corners(width, height, 9, 1, pose))
        cv2.imwrite(args.photo, still, [cv2.IMWRITE_JPEG_QUALITY, 92])
    print(f"{args.output}: {count} frames {width}x{height} at {args.fps} fps", file=sys.stderr)


if __name__ == "__main__":
    main()
