"""Light, occluders and the phone camera's own imperfections, applied in image space.

Images are float32 sRGB in [0, 1], H x W x 3. A multiplicative light gain g in linear light is applied
to sRGB values as g ** (1 / 2.2), which is exact for a pure power-law transfer curve and saves two
conversions of the whole frame. Pixel sizes are given for a 1600 px long side and scaled by `k`.
"""
import math

import cv2
import numpy as np

GAMMA = 2.2


def _low_res_grid(w, h, step):
    gw, gh = max(2, w // step), max(2, h // step)
    xs = (np.arange(gw, dtype=np.float32) + 0.5) / gw * w
    ys = (np.arange(gh, dtype=np.float32) + 0.5) / gh * h
    return np.meshgrid(xs, ys), (gw, gh)


def illumination(rng, w, h, strength=1.0):
    """Smooth light gain (linear light): directional gradient, vignetting and a lamp hot spot."""
    (x, y), _ = _low_res_grid(w, h, 8)
    s = max(w, h)
    nx, ny = (x - w / 2) / s * 2, (y - h / 2) / s * 2
    ang = rng.uniform(0, 2 * math.pi)
    g = 1.0 + strength * rng.uniform(0.0, 0.45) * (nx * math.cos(ang) + ny * math.sin(ang))
    g *= 1.0 - rng.uniform(0.0, 0.35) * strength * (nx * nx + ny * ny)
    if rng.random() < 0.5:
        cx, cy = rng.uniform(-1.2, 1.2), rng.uniform(-1.2, 1.2)
        r = rng.uniform(0.4, 1.2)
        g *= 1.0 + strength * rng.uniform(0.1, 0.5) * np.exp(-((nx - cx) ** 2 + (ny - cy) ** 2) / (2 * r * r))
    g = np.clip(g, 0.2, 2.0).astype(np.float32)
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_LINEAR)


def blob_polygon(rng, w, h):
    """A large irregular occluder outline (head, arm, phone, lamp) entering from one side of the frame."""
    side = int(rng.integers(4))
    s = max(w, h)
    along = rng.uniform(0.1, 0.9)
    depth = rng.uniform(0.25, 0.7)
    if side == 0:
        c = (along * w, -0.15 * h)
    elif side == 1:
        c = (w * 1.15, along * h)
    elif side == 2:
        c = (along * w, h * 1.15)
    else:
        c = (-0.15 * w, along * h)
    r0 = s * rng.uniform(0.3, 0.65) * (0.6 + depth)
    n = 24
    angles = np.linspace(0, 2 * math.pi, n, endpoint=False) + rng.uniform(0, 1)
    radii = r0 * (1 + 0.18 * np.cumsum(rng.normal(0, 0.35, n)) / math.sqrt(n))
    stretch = rng.uniform(0.5, 1.4)
    rot = rng.uniform(0, math.pi)
    xs = radii * np.cos(angles) * stretch
    ys = radii * np.sin(angles)
    pts = np.stack([c[0] + xs * math.cos(rot) - ys * math.sin(rot), c[1] + xs * math.sin(rot) + ys * math.cos(rot)], 1)
    return pts


def bar_polygon(rng, w, h):
    """A straight-edged shadow (window frame, shelf edge, lamp arm) crossing the frame."""
    ang = rng.uniform(0, math.pi)
    d = np.array([math.cos(ang), math.sin(ang)])
    nrm = np.array([-d[1], d[0]])
    c = np.array([rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h])
    width = rng.uniform(0.08, 0.6) * max(w, h)
    L = 3 * max(w, h)
    return np.array([c - d * L, c + d * L, c + d * L + nrm * width, c - d * L + nrm * width])


def shadow_mask(rng, w, h, k, hard=False, kind=None):
    """Soft mask (0..1) of a cast shadow; penumbra from a few to tens of pixels."""
    step = 4
    gw, gh = w // step + 1, h // step + 1
    m = np.zeros((gh, gw), np.uint8)
    kind = kind or ("blob" if rng.random() < 0.65 else "bar")
    pts = blob_polygon(rng, w, h) if kind == "blob" else bar_polygon(rng, w, h)
    cv2.fillPoly(m, [np.round(pts / step * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    sigma = (rng.uniform(1.5, 6) if hard else rng.uniform(6, 40)) * k / step
    m = cv2.GaussianBlur(m.astype(np.float32) / 255.0, (0, 0), max(0.5, sigma))
    return cv2.resize(m, (w, h), interpolation=cv2.INTER_LINEAR)[:h, :w]


def apply_light(img, gain, tint=(1.0, 1.0, 1.0)):
    """Multiply by a linear-light gain (H x W) and a per-channel tint, in sRGB."""
    g = np.power(np.maximum(gain, 1e-4), 1.0 / GAMMA).astype(np.float32)
    for c in range(3):
        img[..., c] *= g * (tint[c] ** (1.0 / GAMMA))
    return img


def darken(img, mask, amount, tint=(1.0, 1.0, 1.0)):
    """A cast shadow: reduce light by amount * mask (0..1), bluer in the shade when tint says so."""
    for c in range(3):
        g = np.power(np.clip(1.0 - amount * tint[c] * mask, 0.02, 1.0), 1.0 / GAMMA)
        img[..., c] *= g
    return img


# MARK: - fingers

SKINS = [(236, 190, 160), (224, 172, 140), (198, 140, 108), (165, 112, 80), (125, 84, 58), (92, 60, 42)]


def finger(rng, img, tip, direction, radius, k, skin=None):
    """Draw a finger (thumb) whose rounded tip is at `tip` (image px) and which extends along
    `direction` (unit vector from the tip toward the hand) out of the frame, with a soft shadow."""
    h, w = img.shape[:2]
    d = np.asarray(direction, float)
    d /= np.linalg.norm(d)
    n = np.array([-d[1], d[0]])
    tip = np.asarray(tip, float)
    length = 2.2 * max(w, h)
    ends = np.array([tip - d * radius * 1.2, tip + d * length])
    lo = np.floor(ends.min(0) - radius * 2.5).astype(int)
    hi = np.ceil(ends.max(0) + radius * 2.5).astype(int)
    x0, y0 = max(0, lo[0]), max(0, lo[1])
    x1, y1 = min(w, hi[0]), min(h, hi[1])
    if x1 <= x0 or y1 <= y0:
        return img
    xs = np.arange(x0, x1, dtype=np.float32) + 0.5
    ys = np.arange(y0, y1, dtype=np.float32) + 0.5
    px, py = np.meshgrid(xs - tip[0], ys - tip[1])
    t = px * d[0] + py * d[1]
    s = px * n[0] + py * n[1]
    rad = radius * (1.0 + 0.12 * np.clip(t / (4 * radius), 0, 1))
    dist_tip = np.sqrt(px * px + py * py)
    sd = np.where(t >= 0, np.abs(s) - rad, dist_tip - radius)
    sd -= 0.06 * radius * np.sin(t / radius * 1.7) * (t > radius)
    # Shadow on whatever lies below: offset, blurred copy of the silhouette.
    off = rng.uniform(0.25, 0.6) * radius
    ang = rng.uniform(0, 2 * math.pi)
    shx, shy = px - off * math.cos(ang), py - off * math.sin(ang)
    st = shx * d[0] + shy * d[1]
    ss = shx * n[0] + shy * n[1]
    srad = radius * (1.0 + 0.12 * np.clip(st / (4 * radius), 0, 1))
    ssd = np.where(st >= 0, np.abs(ss) - srad, np.sqrt(shx * shx + shy * shy) - radius)
    shadow = np.clip(0.5 - ssd / (0.35 * radius), 0, 1).astype(np.float32)
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(1.0, 0.25 * radius))
    sub = img[y0:y1, x0:x1]
    darken(sub, shadow, rng.uniform(0.35, 0.6), (1.05, 1.0, 0.9))
    # The finger itself.
    cov = np.clip(0.5 - sd, 0, 1).astype(np.float32)
    across = np.clip(s / rad, -1, 1)
    lit = rng.uniform(-0.5, 0.5)
    shade = 0.5 + 0.45 * np.sqrt(np.clip(1 - across * across, 0, 1)) + 0.15 * np.clip(-across * lit, -1, 1)
    shade = np.where(t < 0, shade * (0.75 + 0.25 * np.clip(1 + t / radius, 0, 1)), shade)
    skin = np.asarray(skin if skin is not None else SKINS[int(rng.integers(len(SKINS)))], np.float32) / 255.0
    edge_red = np.clip(np.abs(across) ** 3, 0, 1)
    col = [skin[0] * shade * (1 + 0.08 * edge_red), skin[1] * shade * (1 - 0.08 * edge_red), skin[2] * shade * (1 - 0.1 * edge_red)]
    # Nail: a rounded, pinkish-white plate near the tip with a darker rim and a small highlight.
    nt, ns = (t - 0.5 * radius) / (0.62 * radius), s / (0.5 * radius)
    r2 = nt * nt + ns * ns
    nail = np.clip((1 - r2) * 8, 0, 1) * (rng.random() < 0.85)
    rim = np.clip(1 - np.abs(r2 - 1) * 6, 0, 1) * (rng.random() < 0.85)
    nail_c = 0.62 * skin + 0.38 * np.array([1.0, 0.86, 0.86], np.float32)
    spec = np.exp(-((ns + 0.35) ** 2 + (nt + 0.1) ** 2) / 0.05) * rng.uniform(0.05, 0.2)
    for c in range(3):
        col[c] = col[c] * (1 - nail) + nail * (nail_c[c] * shade + spec)
        col[c] *= 1 - 0.18 * rim
    # Knuckle creases.
    for kt in (2.6, 3.0):
        crease = np.exp(-((t - kt * radius) / (0.04 * radius)) ** 2) * np.clip(1 - np.abs(across) * 1.2, 0, 1)
        for c in range(3):
            col[c] *= 1 - 0.25 * crease
    layer = cv2.merge([np.clip(c, 0, 1).astype(np.float32) for c in col])
    blur = rng.uniform(0.3, 2.0) * k
    prem = layer * cov[..., None]
    prem = cv2.GaussianBlur(prem, (0, 0), blur)
    cov = cv2.GaussianBlur(cov, (0, 0), blur)
    sub *= (1 - cov)[..., None]
    sub += prem
    return img


# MARK: - the camera

def camera_effects(rng, img, k, strength=1.0):
    """White balance, defocus or motion blur, sharpening, sensor noise and a tone curve.
    Returns uint8 RGB."""
    h, w = img.shape[:2]
    wb = 1.0 + strength * rng.normal(0, 0.035, 3)
    exposure = rng.uniform(0.88, 1.1)
    for c in range(3):
        img[..., c] *= wb[c] * exposure
    r = rng.random()
    if r < 0.15 * strength:
        length = rng.uniform(2, 9) * k
        ang = rng.uniform(0, math.pi)
        size = int(math.ceil(length)) | 1
        ker = np.zeros((size, size), np.float32)
        c0 = size // 2
        for i in np.linspace(-length / 2, length / 2, 4 * size):
            ker[int(round(c0 + i * math.sin(ang))), int(round(c0 + i * math.cos(ang)))] = 1
        ker /= ker.sum()
        img = cv2.filter2D(img, -1, ker, borderType=cv2.BORDER_REFLECT)
    else:
        sigma = rng.uniform(0.35, 1.0 if r < 0.8 else 1.8) * k * strength
        if sigma > 0.3:
            img = cv2.GaussianBlur(img, (0, 0), sigma)
    amount = rng.uniform(0.0, 0.8)
    if amount > 0.05:
        soft = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.8, 1.6) * k)
        img = cv2.addWeighted(img, 1 + amount, soft, -amount, 0)
    read = rng.uniform(0.002, 0.009) * strength
    shot = rng.uniform(0.0002, 0.002) * strength
    lum = cv2.cvtColor(np.clip(img, 0, 1), cv2.COLOR_RGB2GRAY)
    sigma_map = np.sqrt(read * read + shot * lum)
    noise = rng.standard_normal((h, w), dtype=np.float32)
    chroma = rng.standard_normal((h, w, 3), dtype=np.float32) * 0.35
    nk = rng.uniform(0.4, 0.9)
    noise = cv2.GaussianBlur(noise, (0, 0), nk)
    chroma = cv2.GaussianBlur(chroma, (0, 0), nk * 2)
    for c in range(3):
        img[..., c] += (noise + chroma[..., c]) * sigma_map * 1.6
    img = np.clip(img, 0, 1)
    contrast = rng.uniform(0.0, 0.25)
    img = img + contrast * img * (1 - img) * (2 * img - 1)
    return np.clip(img * 255.0 + 0.5, 0, 255).astype(np.uint8)
