"""Procedural surface textures evaluated at plane coordinates (mm).

Each texture is a function of per-pixel plane coordinates u, v and the pixel footprint fp (mm per
pixel). Detail finer than about two footprints is faded to its mean instead of being sampled, which
keeps far parts of a tilted table free of moire without rendering at a higher resolution.

Speed matters (a few hundred photos in minutes on two cores), so the code works on single-channel
float32 planes and avoids numpy's slow paths (np.mod, np.where, broadcasting over a last axis of 3,
fancy indexing of 2-D tables). Textures return a Planes triple; `to_rgb` merges it.
All values are sRGB in [0, 1].
"""
import math

import cv2
import numpy as np

LATTICE = 128
UPSAMPLE = 8


def to_rgb(planes):
    return cv2.merge([np.ascontiguousarray(p, dtype=np.float32) for p in planes])


def wrap(x, n):
    return x - np.floor(x * (1.0 / n)) * n


def colour(c):
    return np.asarray(c, np.float32) / 255.0


class Noise:
    """Smooth periodic value noise: a random lattice upsampled once, then sampled by cv2.remap."""

    def __init__(self, rng):
        lat = rng.random((LATTICE, LATTICE)).astype(np.float32)
        pad = 4
        big = cv2.resize(np.pad(lat, pad, mode="wrap"), None, fx=UPSAMPLE, fy=UPSAMPLE, interpolation=cv2.INTER_CUBIC)
        n = LATTICE * UPSAMPLE
        self.grid = np.ascontiguousarray(big[pad * UPSAMPLE:pad * UPSAMPLE + n, pad * UPSAMPLE:pad * UPSAMPLE + n])
        self.size = n

    def __call__(self, x, y):
        """Noise in about [0, 1] at lattice coordinates x, y (one unit = one lattice cell)."""
        n = self.size
        mx = wrap(np.asarray(x, np.float32) * UPSAMPLE, n)
        my = wrap(np.asarray(y, np.float32) * UPSAMPLE, n)
        return cv2.remap(self.grid, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)


class Surface:
    """Per-pixel plane coordinates with the footprint's reciprocal precomputed."""

    def __init__(self, u, v, fp):
        self.u, self.v, self.fp = u, v, fp
        self.inv_fp = (1.0 / np.maximum(fp, 1e-6)).astype(np.float32)
        self.shape = u.shape

    def fade(self, cell_mm):
        """Weight of detail of size cell_mm: 1 when well resolved, 0 when it would alias."""
        return np.clip((self.inv_fp * cell_mm - 1.5) * 0.5, 0.0, 1.0)

    def rotated(self, angle):
        c, s = math.cos(angle), math.sin(angle)
        return self.u * c + self.v * s, self.v * c - self.u * s


def faded(noise_value, w):
    return 0.5 + (noise_value - 0.5) * w


def fbm(noise, S, a, b, cell_mm, octaves=4, gain=0.5, stretch=(1.0, 1.0)):
    """Fractal sum of noise octaves over coordinates (a, b), each faded by the footprint; mean 0.5."""
    total = np.zeros(S.shape, np.float32)
    amp, norm, cell = 1.0, 0.0, cell_mm
    for k in range(octaves):
        n = noise(a * (1.0 / (cell * stretch[0])) + 17.3 * k, b * (1.0 / (cell * stretch[1])) + 31.7 * k)
        total += amp * faded(n, S.fade(cell * min(stretch)))
        norm += amp
        amp *= gain
        cell *= 0.5
    return total * (1.0 / norm)


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / np.maximum(e1 - e0, 1e-6), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def mix(a, b, t):
    """Planes of a + (b - a) t for two colours a, b (0..255)."""
    a, b = colour(a), colour(b)
    return [a[i] + (b[i] - a[i]) * t for i in range(3)]


def scaled(planes, k):
    return [p * k for p in planes]


def blend(p, q, t):
    """Per-pixel p + (q - p) t for plane triples."""
    return [pi + (qi - pi) * t for pi, qi in zip(p, q)]


def flat(S, c):
    c = colour(c)
    return [np.full(S.shape, c[i], np.float32) for i in range(3)]


def cell_hash(i, j, n=251):
    """Deterministic hash of integer-valued float cell coordinates into [0, n)."""
    h = (i.astype(np.int32) * 7919 + j.astype(np.int32) * 104729) & 0x7FFFFFFF
    return h % n


def lookup(table, idx):
    return [np.take(table[:, k], idx) for k in range(table.shape[1])]


def grout_distance(coord, size):
    f = wrap(coord, size)
    return np.minimum(f, size - f)


# MARK: - table surfaces

WOODS = [((205, 164, 112), (150, 102, 58)), ((126, 86, 54), (72, 46, 28)), ((226, 192, 142), (186, 138, 86)),
         ((216, 206, 190), (176, 162, 142)), ((172, 98, 62), (118, 60, 36)), ((152, 146, 138), (100, 94, 88)),
         ((96, 64, 42), (52, 34, 22)), ((190, 150, 100), (120, 80, 45))]


def wood(rng, S, palette=None, contrast=1.0):
    noise = Noise(rng)
    light, dark = palette or WOODS[int(rng.integers(len(WOODS)))]
    a, b = S.rotated(rng.uniform(0, math.pi))
    pw = rng.uniform(70, 220)
    plen = rng.uniform(600, 2400)
    per = rng.random((251, 4)).astype(np.float32)
    row = np.floor(b * (1.0 / pw))
    p0, p1, p2, p3 = lookup(per, cell_hash(row, row * 0))
    period = rng.uniform(2.5, 9.0)
    warp = fbm(noise, S, a, b, 160.0, 3, stretch=(3.0, 0.6)) - 0.5
    ring = wrap((b + p2 * 400 + warp * rng.uniform(20, 70)) * (1.0 / period), 1.0)
    ring = ring * ring * ring
    wr = S.fade(period)
    fibre = faded(noise(a * (1 / 40.0) + 5.1, b * (1 / 0.9) + 3.3), S.fade(0.9))
    t = np.clip(0.35 + contrast * (0.5 * (ring - 0.25) * wr + 0.35 * (fibre - 0.5) + 0.4 * (p0 - 0.5)), 0, 1)
    seam_w = rng.uniform(0.4, 1.8)
    d = np.minimum(grout_distance(b, pw), grout_distance(a + p3 * plen, plen))
    seam = smoothstep(seam_w * 0.5, seam_w * 0.5 + S.fp, d)
    sheen = fbm(noise, S, S.u + 999, S.v, 300.0, 2)
    k = (0.94 + 0.12 * p1) * (0.45 + 0.55 * seam) * (0.93 + 0.14 * sheen)
    return scaled(mix(light, dark, t), k)


FABRICS = [(40, 62, 110), (120, 120, 125), (200, 185, 160), (150, 30, 40), (40, 90, 60), (30, 30, 34),
           (210, 200, 190), (90, 70, 110), (180, 120, 60), (70, 110, 150)]


def fabric(rng, S, base=None, pattern=None):
    noise = Noise(rng)
    a, b = S.rotated(rng.uniform(0, math.pi))
    base = np.array(base if base is not None else FABRICS[int(rng.integers(len(FABRICS)))], np.float32)
    pattern = int(rng.integers(4)) if pattern is None else pattern
    if pattern == 0:
        rgb = flat(S, base)
    else:
        # A second yarn that goes with the first: lighter or darker, leaning toward another fabric colour.
        partner = np.array(FABRICS[int(rng.integers(len(FABRICS)))], np.float32)
        other = base * rng.uniform(0.45, 0.8) if rng.random() < 0.5 else base + (255 - base) * rng.uniform(0.3, 0.65)
        other = np.clip(other * 0.7 + partner * 0.3, 0, 255)
        sw = rng.uniform(4, 40)
        sa = (wrap(a, 2 * sw) < sw).astype(np.float32)
        sb = (wrap(b, 2 * sw) < sw).astype(np.float32)
        fa = S.fade(sw)
        if pattern == 1:
            t = sa
        elif pattern == 2:
            t = 0.5 * sa + 0.5 * sb
        else:
            t = np.abs(sa - sb)
        rgb = mix(base, other, faded(t, fa))
    pitch = rng.uniform(0.5, 2.2)
    s1, s2 = np.abs(np.sin(a * (math.pi / pitch))), np.abs(np.sin(b * (math.pi / pitch)))
    if rng.random() < 0.5:
        over = wrap(np.floor(a * (1 / pitch)) + np.floor(b * (1 / pitch)), 2.0)
    else:
        over = wrap(np.floor((a + b) * (1 / pitch)), 2.0)
    weave = s2 + (s1 - s2) * over
    shade = 1.0 + S.fade(pitch) * rng.uniform(0.15, 0.35) * (weave - 0.64)
    shade += 0.08 * (noise(a * (1 / 0.7), b * (1 / 0.7)) - 0.5) * S.fade(0.7)
    wr = fbm(noise, S, S.u + 400, S.v, rng.uniform(40, 120), 3)
    ridge = 1.0 - np.abs(2 * noise(S.u * (1 / 70.0) + 50, S.v * (1 / 70.0)) - 1.0)
    r2 = ridge * ridge
    shade *= 0.82 + 0.3 * wr + 0.1 * r2 * r2 * r2
    return scaled(rgb, shade)


TILES = [(236, 236, 232), (228, 220, 200), (160, 160, 162), (178, 92, 62), (90, 120, 150), (80, 120, 95),
         (60, 62, 66), (30, 30, 32), (210, 205, 195)]


def tiles(rng, S, base=None):
    noise = Noise(rng)
    a, b = S.rotated(rng.uniform(0, math.pi))
    sx = rng.uniform(80, 600)
    sy = sx * (1.0 if rng.random() < 0.6 else rng.uniform(0.33, 0.6))
    g = rng.uniform(1.5, 8.0)
    base = np.array(base if base is not None else TILES[int(rng.integers(len(TILES)))], np.float32)
    grout = np.clip(base * 0.55 + rng.uniform(40, 160), 0, 255) if rng.random() < 0.5 else np.full(3, rng.uniform(60, 230), np.float32)
    bond = rng.random() < 0.35
    iy = np.floor(b * (1.0 / sy))
    ax = a + wrap(iy, 2.0) * (sx * 0.5) if bond else a
    ix = np.floor(ax * (1.0 / sx))
    per = rng.random((251, 1)).astype(np.float32)
    (p0,) = lookup(per, cell_hash(ix, iy))
    style = int(rng.integers(3))
    tex = fbm(noise, S, S.u, S.v, rng.uniform(5, 40), 3)
    if style == 1:
        vein = np.abs(np.sin((a + 90 * fbm(noise, S, S.u + 77, S.v, 120.0, 4)) * (1 / rng.uniform(20, 60))))
        tex = tex * 0.5 + 0.5 * np.sqrt(np.sqrt(vein))
    elif style == 2:
        dots = (noise(S.u * (1 / 1.2) + 3, S.v * (1 / 1.2)) > 0.78).astype(np.float32) * S.fade(1.2)
        tex = tex - (tex - 0.1) * dots
    d = np.minimum(grout_distance(ax, sx), grout_distance(b, sy))
    inner = smoothstep(g * 0.5 - S.fp * 0.5, g * 0.5 + S.fp * 0.5, d)
    bevel = 1.0 - 0.12 * np.exp(-np.maximum(d - g * 0.5, 0) * (1 / 1.5)) * S.fade(3.0)
    tile = scaled(flat(S, base), (0.9 + 0.08 * p0 + 0.12 * (tex - 0.5)) * bevel)
    gr = scaled(flat(S, grout), 0.9 + 0.2 * tex)
    return blend(gr, tile, inner)


def plain(rng, S, c, grain=0.012, blotch=0.02):
    """A near-uniform surface (laminate, painted board, desk mat) with faint texture."""
    noise = Noise(rng)
    low = fbm(noise, S, S.u, S.v, rng.uniform(80, 300), 3)
    fine = faded(noise(S.u * (1 / 0.6) + 9, S.v * (1 / 0.6)), S.fade(0.6))
    return scaled(flat(S, c), 1.0 + blotch * 2 * (low - 0.5) + grain * 2 * (fine - 0.5))


def white_table(rng, S, c):
    r = rng.random()
    if r < 0.3:
        w = wood(rng, S, palette=((255, 255, 255), (205, 205, 205)), contrast=0.3)
        k = colour(c) / 0.93
        return [w[i] * k[i] for i in range(3)]
    if r < 0.55:
        f = fabric(rng, S, base=(200, 200, 200), pattern=0)
        lum = (f[0] + f[1] + f[2]) * (1 / 3.0)
        lum = 1 + 0.25 * (lum * (1 / max(float(lum.mean()), 1e-3)) - 1)
        return scaled(flat(S, c), lum)
    return plain(rng, S, c, grain=0.01, blotch=0.015)


def concrete(rng, S, tone=None):
    noise = Noise(rng)
    tone = tone if tone is not None else rng.uniform(90, 190)
    t = fbm(noise, S, S.u, S.v, rng.uniform(20, 80), 5, gain=0.6)
    pores = np.clip((noise(S.u * (1 / 0.7), S.v * (1 / 0.7) + 40) - 0.78) * 8, 0, 1) * S.fade(0.7)
    grit = faded(noise(S.u * (1 / 0.35) + 7, S.v * (1 / 0.35)), S.fade(0.35))
    val = tone / 255.0 * (0.8 + 0.4 * t) * (1 - 0.18 * pores) * (0.94 + 0.12 * grit)
    tint = (1.0, 0.99, 0.96) if rng.random() < 0.5 else (0.97, 0.99, 1.0)
    return [val * k for k in tint]


# MARK: - non-document surfaces for negatives

def brick(rng, S):
    noise = Noise(rng)
    bw, bh, m = rng.uniform(190, 240), rng.uniform(55, 80), rng.uniform(8, 14)
    a, b = S.rotated(rng.uniform(-0.05, 0.05))
    row = np.floor(b * (1 / (bh + m)))
    ax = a + wrap(row, 2.0) * ((bw + m) * 0.5)
    col = np.floor(ax * (1 / (bw + m)))
    per = rng.random((251, 2)).astype(np.float32)
    p0, p1 = lookup(per, cell_hash(col, row))
    base = colour([(150, 62, 44), (170, 90, 60), (120, 55, 40), (185, 120, 85), (110, 100, 95)][int(rng.integers(5))])
    tex = fbm(noise, S, S.u, S.v, 12.0, 4)
    k = 0.75 + 0.4 * p0 + 0.35 * (tex - 0.5)
    warm = 0.1 * (p1 - 0.5)
    br = [base[0] * k * (1 + warm), base[1] * k, base[2] * k * (1 - warm)]
    d = np.minimum(grout_distance(ax, bw + m), grout_distance(b, bh + m))
    inner = smoothstep(m * 0.5 - S.fp * 0.5, m * 0.5 + S.fp * 0.5, d)
    mortar = scaled(flat(S, (158, 153, 143)), 0.85 + 0.3 * tex)
    return blend(mortar, br, inner)


def gravel(rng, S):
    """Worley cells as pebbles with per-stone colour and rounded shading."""
    u, v = S.u, S.v
    s = rng.uniform(8, 26)
    jit = rng.random((251, 2)).astype(np.float32)
    tone = rng.uniform(0.3, 0.75, 251).astype(np.float32)
    warmth = rng.uniform(0.0, 0.12, 251).astype(np.float32)
    cols = np.stack([tone * (1 + warmth), tone * (1 + 0.3 * warmth), tone * (1 - warmth)], 1).astype(np.float32)
    cu, cv = np.floor(u * (1 / s)), np.floor(v * (1 / s))
    f1 = np.full(u.shape, 1e9, np.float32)
    f2 = np.full(u.shape, 1e9, np.float32)
    best = np.zeros(u.shape, np.int32)
    gx, gy = np.zeros(u.shape, np.float32), np.zeros(u.shape, np.float32)
    for di in (-1, 0, 1):
        for dj in (-1, 0, 1):
            h = cell_hash(cu + di, cv + dj)
            dx = u - (cu + di + np.take(jit[:, 0], h)) * s
            dy = v - (cv + dj + np.take(jit[:, 1], h)) * s
            d = np.sqrt(dx * dx + dy * dy)
            closer = d < f1
            np.copyto(f2, np.minimum(f2, d))
            np.copyto(f2, f1, where=closer)
            np.copyto(f1, d, where=closer)
            np.copyto(best, h, where=closer)
            np.copyto(gx, dx, where=closer)
            np.copyto(gy, dy, where=closer)
    edge = smoothstep(0.0, 0.12 * s + S.fp, f2 - f1)
    dome = np.clip(1.0 - (f1 * (1 / (0.8 * s))) ** 2, 0, 1)
    light = 0.7 + 0.3 * dome - 0.25 * (gx + gy) * (1 / s)
    noise = Noise(rng)
    speck = 1 + 0.15 * (noise(u, v) - 0.5) * S.fade(1.0)
    k = light * edge * speck
    gap = 0.08 * (1 - edge)
    return [c * k + gap for c in lookup(cols, best)]


def grass(rng, S):
    noise = Noise(rng)
    u, v = S.u, S.v
    out = np.zeros(u.shape, np.float32)
    w = S.fade(1.6)
    for layer in range(3):
        theta = (noise(u * (1 / 150.0) + layer * 40, v * (1 / 150.0)) - 0.5) * 1.2 + rng.uniform(0, math.pi)
        c, s = np.cos(theta), np.sin(theta)
        a, b = u * c + v * s, v * c - u * s
        blades = noise(a * (1 / 30.0) + layer * 13, b * (1 / 1.6) + layer * 7)
        out = np.maximum(out, blades * w + 0.55 * (1 - w))
    dry = np.clip(fbm(noise, S, u + 300, v, 200.0, 2) - 0.55, 0, 1)
    t = out * np.sqrt(out)
    dark, bright = colour((23, 51, 13)), colour((115, 158, 51))
    extra = (0.2, 0.12, 0.0)
    return [dark[i] + (bright[i] - dark[i]) * t + extra[i] * dry for i in range(3)]


def shelf(rng, S):
    """Front view of a bookshelf: horizontal boards, dark recesses and standing book spines."""
    noise = Noise(rng)
    u, v = S.u, S.v
    spacing, thick = rng.uniform(240, 360), rng.uniform(18, 30)
    row = np.floor(v * (1 / spacing))
    within = v - row * spacing
    board = wood(rng, S, contrast=0.6)
    shade = 0.7 + 0.6 * fbm(noise, S, u, v, 100.0, 2)
    back = [shade * k for k in (0.18, 0.15, 0.12)]
    is_board = (within < thick).astype(np.float32)
    out = blend(back, board, is_board)
    books_rng = np.random.default_rng(int(rng.integers(2**31)))
    grey = books_rng.uniform(0.15, 0.6, (251, 1))
    cols = np.clip(grey + (books_rng.uniform(0.05, 0.75, (251, 3)) - grey) * 0.55, 0, 1).astype(np.float32)
    ids = np.full(u.shape, -1, np.int32)
    heights = np.zeros(u.shape, np.float32)
    rows = np.unique(row)
    for r in rows[:40]:
        sel = row == r
        widths = books_rng.uniform(15, 55, 400)
        gaps = books_rng.random(400) < 0.08
        edges = np.cumsum(widths) - 4000.0
        k = np.clip(np.searchsorted(edges, u[sel]), 0, 399)
        ok = ~gaps[k]
        ids[sel] = np.where(ok, (k + int(r) * 53) % 251, -1)
        heights[sel] = np.where(ok, 150 + 120 * ((k * 37 + int(r) * 11) % 17) / 17.0, 0)
    book = ((ids >= 0) & (within > thick) & (within > spacing - heights)).astype(np.float32)
    tex = 0.85 + 0.3 * fbm(noise, S, u + 5, v, 8.0, 2)
    band = (np.abs(wrap(within, 37.0) - 18) < 3).astype(np.float32)
    spine = [c * tex * (1 - 0.4 * band) + 0.35 * band for c in lookup(cols, np.maximum(ids, 0))]
    return blend(out, spine, book)


def wall(rng, S):
    tone = rng.uniform(170, 240)
    tint = np.array([1.0, rng.uniform(0.95, 1.0), rng.uniform(0.88, 1.0)])
    return plain(rng, S, tone * tint, grain=0.02, blotch=0.03)


TABLE_TEXTURES = ("wood", "fabric", "tiles", "white_table", "desk", "concrete")


def surface_texture(name, rng, u, v, fp, paper=None):
    """Evaluate texture name at plane coordinates; returns float32 HxWx3 sRGB."""
    S = Surface(u, v, fp)
    if name == "wood":
        p = wood(rng, S)
    elif name == "fabric":
        p = fabric(rng, S)
    elif name == "tiles":
        p = tiles(rng, S)
    elif name == "white_table":
        paper = np.asarray(paper if paper is not None else (245, 245, 243), np.float32)
        # A few Lab units from the paper: slightly darker (or lighter), with a small tint.
        k = rng.uniform(0.93, 0.975) if rng.random() < 0.75 else rng.uniform(1.0, 1.03)
        p = white_table(rng, S, np.clip(paper * k + rng.uniform(-3, 3, 3), 0, 255))
    elif name == "desk":
        c = [(38, 38, 40), (60, 64, 70), (28, 52, 40), (84, 58, 40), (150, 150, 148), (190, 186, 176),
             (112, 120, 132)][int(rng.integers(7))]
        p = plain(rng, S, c, grain=0.03, blotch=0.05)
    elif name == "concrete":
        p = concrete(rng, S)
    elif name == "brick":
        p = brick(rng, S)
    elif name == "gravel":
        p = gravel(rng, S)
    elif name == "grass":
        p = grass(rng, S)
    elif name == "shelf":
        p = shelf(rng, S)
    elif name == "wall":
        p = wall(rng, S)
    else:
        raise ValueError(f"unknown texture {name}")
    return to_rgb(p)
