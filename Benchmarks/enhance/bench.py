#!/usr/bin/env python3
"""Enhancement benchmark helpers: synthetic pages of known text, "photographed" with shadows,
gradients, colour casts, blur and a slightly wrong rectification; Tesseract CER per mode; orientation
accuracy on pages turned at random. The Swift side (enhance-benchmark) does the enhancing.

  bench.py cer DIR TOOL [--pages N]          CER table (flat, crop, color, gray, bw × methods)
  bench.py orientation DIR TOOL [--pages N]  orientation accuracy (ours; Tesseract OSD with --osd)
  bench.py pictures OUTDIR TOOL              README before/after pictures
"""
import argparse, json, os, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor
import numpy as np
import cv2
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tools", "synth"))
import words  # noqa: E402

FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
]
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


# MARK: - pages

def render_page(seed, dpi=300, colour=False):
    """An A4 page of paragraphs under a heading; returns (RGB array, text lines)."""
    rng = np.random.default_rng(seed)
    w, h = int(8.27 * dpi), int(11.69 * dpi)
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    margin = int(0.8 * dpi)
    size = int(rng.choice([10, 11, 12]) / 72 * dpi)
    font = ImageFont.truetype(FONTS[seed % len(FONTS)], size)
    head = ImageFont.truetype(BOLD, int(size * 1.6))
    lines = []
    y = margin
    title = words.heading(rng)
    d.text((margin, y), title, font=head, fill=(160, 20, 30) if colour else (0, 0, 0))
    lines.append(title)
    y += int(size * 3)
    if colour:  # a coloured band and a blue rule: real colour content
        d.rectangle((margin, y - size, w - margin, y - size + size // 3), fill=(30, 90, 200))
    while y < h - margin - 3 * size:
        text = words.paragraph(rng, 2, 4)
        line = ""
        for word in text.split():
            trial = (line + " " + word).strip()
            if d.textlength(trial, font=font) > w - 2 * margin:
                d.text((margin, y), line, font=font, fill=(0, 0, 0))
                lines.append(line)
                line = word
                y += int(size * 1.35)
                if y >= h - margin - 2 * size:
                    line = ""
                    break
            else:
                line = trial
        if line:
            d.text((margin, y), line, font=font, fill=(0, 0, 0))
            lines.append(line)
        y += int(size * 2.2)
    return np.array(img), lines


def photograph(flat, seed, shadow=True):
    """The page as a phone sees it and rectifies it: perspective to a ~200 dpi photo, lighting
    (gradient, cast shadow, warm cast, vignette), blur, noise, JPEG, then warped back with corners
    a little off (residual tilt up to ~1.5°)."""
    rng = np.random.default_rng(seed + 1000)
    h, w = flat.shape[:2]
    scale = 0.66
    pw, ph = int(w * scale * 1.25), int(h * scale * 1.15)
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    jitter = lambda: rng.uniform(-0.06, 0.06) * w * scale
    dst = np.float32([[pw * 0.1 + jitter(), ph * 0.05 + jitter()], [pw * 0.9 + jitter(), ph * 0.06 + jitter()],
                      [pw * 0.92 + jitter(), ph * 0.95 + jitter()], [pw * 0.08 + jitter(), ph * 0.94 + jitter()]])
    H = cv2.getPerspectiveTransform(src, dst)
    photo = cv2.warpPerspective(flat, H, (pw, ph), flags=cv2.INTER_AREA, borderValue=(70, 60, 55)).astype(np.float32)
    yy, xx = np.mgrid[0:ph, 0:pw].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    t = (np.cos(angle) * xx / pw + np.sin(angle) * yy / ph)
    t = (t - t.min()) / (t.max() - t.min())
    light = 1.0 - 0.45 * t  # steep gradient
    r = np.hypot(xx / pw - 0.5, yy / ph - 0.5)
    light *= 1 - 0.35 * r ** 2
    if shadow:  # a soft-edged cast shadow (a phone or a hand) over part of the page
        a, b = rng.uniform(0.2, 0.8, 2)
        nx, ny = np.cos(rng.uniform(0, 2 * np.pi)), np.sin(rng.uniform(0, 2 * np.pi))
        dist = (xx / pw - a) * nx + (yy / ph - b) * ny
        edge = np.clip(dist / 0.03 + 0.5, 0, 1)
        light *= 1 - rng.uniform(0.4, 0.55) * edge
    cast = np.array([1.0, 0.93, 0.8], np.float32)  # warm indoor light
    photo = photo * light[..., None] * cast * 0.95
    photo = cv2.GaussianBlur(photo, (0, 0), 0.8)
    photo += rng.normal(0, 3, photo.shape).astype(np.float32)
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", photo[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 85])
    photo = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)[..., ::-1]
    # Rectify with corners a little off: a small turn of the quad about its centre.
    tilt = np.deg2rad(rng.uniform(-1.5, 1.5))
    c = dst.mean(axis=0)
    R = np.array([[np.cos(tilt), -np.sin(tilt)], [np.sin(tilt), np.cos(tilt)]], np.float32)
    quad = (dst - c) @ R.T + c
    back = cv2.getPerspectiveTransform(src, quad)
    return cv2.warpPerspective(photo, back, (w, h), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)


def save_ppm(array, path):
    Image.fromarray(array).save(path)


# MARK: - OCR and CER

def normalise(text):
    return " ".join(text.split())


def levenshtein(a, b):
    """Edit distance, vectorised over one string with numpy (rows × cumulative minimum for inserts)."""
    if not a:
        return len(b)
    if not b:
        return len(a)
    bb = np.frombuffer(b.encode("utf-32-le"), dtype=np.uint32)
    prev = np.arange(len(b) + 1)
    idx = np.arange(len(b) + 1)
    for ch in a:
        code = ord(ch)
        cur = np.empty_like(prev)
        cur[0] = prev[0] + 1
        cur[1:] = np.minimum(prev[:-1] + (bb != code), prev[1:] + 1)
        cur = np.minimum.accumulate(cur - idx) + idx
        prev = cur
    return int(prev[-1])


def cer(truth, text):
    t, o = normalise(truth), normalise(text)
    return levenshtein(t, o) / max(1, len(t))


def ocr(path):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    out = subprocess.run(["tesseract", path, "-", "--psm", "6"], capture_output=True, text=True, env=env)
    return out.stdout


def run_tool(tool, jobs, listing):
    with open(listing, "w") as f:
        for job in jobs:
            f.write(" ".join(job) + "\n")
    out = subprocess.run([tool, "batch", listing], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


# MARK: - commands

def command_cer(args):
    os.makedirs(args.dir, exist_ok=True)
    # flat-lowres: the flat page through the photo's resolution (×0.66, blur, back up), no lighting:
    # the ceiling the photo's pixels allow, next to the flat render's absolute one.
    variants = ["flat", "flat-lowres", "crop", "color", "gray", "bw-sauvola", "bw-wolfJolion", "bw-otsu", "bw-localMean"]
    jobs, truths, files = [], {}, {}
    for k in range(args.pages):
        flat, lines = render_page(100 + k, colour=(k % 3 == 0))
        crop = photograph(flat, 100 + k, shadow=True)
        base = os.path.join(args.dir, f"p{k}")
        Image.fromarray(flat).save(base + "-flat.png")
        h, w = flat.shape[:2]
        low = cv2.GaussianBlur(cv2.resize(flat, (int(w * 0.66), int(h * 0.66)), interpolation=cv2.INTER_AREA), (0, 0), 0.8)
        Image.fromarray(cv2.resize(low, (w, h), interpolation=cv2.INTER_CUBIC)).save(base + "-flat-lowres.png")
        files[(k, "flat-lowres")] = base + "-flat-lowres.png"
        Image.fromarray(crop).save(base + "-crop.png")
        save_ppm(crop, base + "-crop.ppm")
        truths[k] = "\n".join(lines)
        files[(k, "flat")] = base + "-flat.png"
        files[(k, "crop")] = base + "-crop.png"
        for v in variants[3:]:
            mode, _, method = v.partition("-")
            out = f"{base}-{v}.{'ppm' if mode == 'color' else 'pgm'}"
            jobs.append([base + "-crop.ppm", out, mode, method or "sauvola", "rotate"])
            files[(k, v)] = out
    results = run_tool(args.tool, jobs, os.path.join(args.dir, "jobs.txt"))
    wrong_turns = sum(1 for r in results if r["rotation"] != 0)
    with ThreadPoolExecutor(max_workers=2) as pool:
        texts = dict(zip(files.keys(), pool.map(ocr, files.values())))
    table = {v: [cer(truths[k], texts[(k, v)]) for k in range(args.pages)] for v in variants}
    print(f"{args.pages} A4 pages at 300 dpi, shadowed + gradient + warm cast + residual tilt; Tesseract --psm 6")
    print(f"{'variant':16} {'mean CER':>9} {'median':>8} {'× flat':>7} {'× crop':>7}")
    flat_mean, crop_mean = np.mean(table["flat"]), np.mean(table["crop"])
    for v in variants:
        m = np.mean(table[v])
        print(f"{v:16} {m:9.4f} {np.median(table[v]):8.4f} {m / max(flat_mean, 1e-9):7.2f} {m / max(crop_mean, 1e-9):7.2f}")
    skews = [abs(r["skew"]) for r in results]
    print(f"pages wrongly turned: {wrong_turns}/{len(results)}; mean |skew| found {np.mean(skews):.2f}°")
    with open(os.path.join(args.dir, "cer.json"), "w") as f:
        json.dump({v: table[v] for v in variants}, f)


def command_orientation(args):
    os.makedirs(args.dir, exist_ok=True)
    rng = np.random.default_rng(7)
    jobs, truth = [], []
    for k in range(args.pages):
        flat, _ = render_page(500 + k, dpi=150, colour=(k % 4 == 0))
        page = photograph(flat, 500 + k, shadow=(k % 2 == 0)) if k % 2 == 0 else flat
        turn = int(rng.integers(0, 4)) * 90
        tilt = float(rng.uniform(-4, 4))
        img = Image.fromarray(page).rotate(-tilt, resample=Image.BICUBIC, expand=False, fillcolor=(255, 255, 255))
        img = img.rotate(-turn, expand=True)  # PIL turns counter-clockwise: this turns clockwise
        path = os.path.join(args.dir, f"o{k}.ppm")
        img.save(path)
        # To undo a clockwise turn `turn`, the page must be turned clockwise by 360 - turn.
        truth.append(((360 - turn) % 360, tilt, path))
        jobs.append([path, os.path.join(args.dir, f"o{k}-out.pgm"), "gray", "sauvola", "rotate"])
    results = run_tool(args.tool, jobs, os.path.join(args.dir, "jobs.txt"))
    right = sum(1 for r, (t, _, _) in zip(results, truth) if r["rotation"] == t)
    # Photographed pages carry the rectification's own residual tilt on top, so only flat pages
    # (odd k) have a known skew.
    skew_err = [abs(r["skew"] - tilt) for k, (r, (t, tilt, _)) in enumerate(zip(results, truth)) if r["rotation"] == t and k % 2 == 1]
    print(f"orientation (ours): {right}/{len(truth)} right ({100 * right / len(truth):.1f} %), "
          f"skew error on flat pages median {np.median(skew_err):.2f}°, max {np.max(skew_err):.2f}°")
    for r, (t, tilt, path) in zip(results, truth):
        if r["rotation"] != t:
            print(f"  wrong: {path} truth {t} got {r['rotation']} (tilt {tilt:.1f})")
    if args.osd:
        env = dict(os.environ, OMP_THREAD_LIMIT="1")

        def osd(item):
            out = subprocess.run(["tesseract", item[2], "-", "--psm", "0"], capture_output=True, text=True, env=env)
            for line in (out.stdout + out.stderr).splitlines():
                if line.startswith("Rotate:"):
                    return int(line.split(":")[1])
            return -1
        start = time.time()
        with ThreadPoolExecutor(max_workers=2) as pool:
            answers = list(pool.map(osd, truth))
        right = sum(1 for a, (t, _, _) in zip(answers, truth) if a == t)
        print(f"orientation (Tesseract OSD, for comparison): {right}/{len(truth)} right, {time.time() - start:.0f} s")


def command_pictures(args):
    """The rectified crop of a shadowed photo of a page with colour (enhance-original.jpg) and the
    page in each mode (enhance-<mode>.jpg), 600 px wide JPEGs of at most 80 KB."""
    import tempfile
    os.makedirs(args.dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="flatbed-enhance-pictures-")
    flat, _ = render_page(42, dpi=200, colour=True)
    crop = photograph(flat, 42, shadow=True)
    save_ppm(crop, os.path.join(work, "crop.ppm"))
    modes = ["color", "gray", "bw", "photo", "auto"]
    jobs = [[os.path.join(work, "crop.ppm"), os.path.join(work, f"{m}.{'ppm' if m in ('color', 'photo', 'auto') else 'pgm'}"), m, "default", "rotate"] for m in modes]
    results = run_tool(args.tool, jobs, os.path.join(work, "jobs.txt"))
    def save(img, name):
        img = img.convert("RGB" if img.mode == "RGB" else "L")
        img = img.resize((600, round(img.height * 600 / img.width)), Image.LANCZOS)
        for q in (80, 70, 60, 50, 40, 30):
            path = os.path.join(args.dir, f"enhance-{name}.jpg")
            img.save(path, quality=q, optimize=True)
            if os.path.getsize(path) <= 80_000:
                break
    save(Image.fromarray(crop), "original")
    for job, r in zip(jobs, results):
        save(Image.open(job[1]), job[2])
        print(f"enhance-{job[2]}.jpg: mode {r['mode']}, {r['ms']:.0f} ms")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("command", choices=["cer", "orientation", "pictures"])
    p.add_argument("dir")
    p.add_argument("tool")
    p.add_argument("--pages", type=int, default=8)
    p.add_argument("--osd", action="store_true")
    args = p.parse_args()
    {"cer": command_cer, "orientation": command_orientation, "pictures": command_pictures}[args.command](args)


if __name__ == "__main__":
    main()
