"""Objects that lie on the table, drawn as flat sprites seen from above.

A sprite is a premultiplied RGBA raster standing for w_mm x h_mm on a plane parallel to the table
at height_mm above it (a mug's rim is ~95 mm up, so it shows parallax and a long shadow). Shapes are
drawn with Pillow at SS times the target density and box-filtered down, which antialiases their
outlines; cylinder-like shading is applied afterwards in numpy.
"""
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, ImageDraw

import pages
import words as W

SS = 3


@dataclass
class Sprite:
    rgba: np.ndarray      # premultiplied uint8, H x W x 4
    w_mm: float
    h_mm: float
    height_mm: float = 0.0
    shadow: float = 0.35  # darkness of the cast shadow, 0 for none
    column: list = None   # tall objects: [(z0, z1, Sprite)] cross-sections stacked between heights z0 and z1 mm


class Pad:
    """A drawing surface at SS x the sprite density with separate colour and coverage."""

    def __init__(self, w_mm, h_mm, ppm):
        self.ppm = ppm * SS
        self.w_mm, self.h_mm = w_mm, h_mm
        self.size = (max(SS, int(round(w_mm * ppm)) * SS), max(SS, int(round(h_mm * ppm)) * SS))
        self.rgb = Image.new("RGB", self.size, (0, 0, 0))
        self.mask = Image.new("L", self.size, 0)
        self.d, self.m = ImageDraw.Draw(self.rgb), ImageDraw.Draw(self.mask)

    def p(self, x, y):
        return (x * self.size[0] / self.w_mm, y * self.size[1] / self.h_mm)

    def box(self, x0, y0, x1, y1):
        return [self.p(x0, y0), self.p(x1, y1)]

    def rrect(self, x0, y0, x1, y1, r, fill):
        rad = r * self.size[0] / self.w_mm
        self.d.rounded_rectangle(self.box(x0, y0, x1, y1), radius=rad, fill=fill)
        self.m.rounded_rectangle(self.box(x0, y0, x1, y1), radius=rad, fill=255)

    def rect(self, x0, y0, x1, y1, fill):
        self.d.rectangle(self.box(x0, y0, x1, y1), fill=fill)
        self.m.rectangle(self.box(x0, y0, x1, y1), fill=255)

    def ellipse(self, x0, y0, x1, y1, fill):
        self.d.ellipse(self.box(x0, y0, x1, y1), fill=fill)
        self.m.ellipse(self.box(x0, y0, x1, y1), fill=255)

    def polygon(self, pts, fill):
        q = [self.p(x, y) for x, y in pts]
        self.d.polygon(q, fill=fill)
        self.m.polygon(q, fill=255)

    def line(self, pts, fill, width_mm):
        q = [self.p(x, y) for x, y in pts]
        w = max(1, int(round(width_mm * self.ppm)))
        self.d.line(q, fill=fill, width=w, joint="curve")
        self.m.line(q, fill=255, width=w, joint="curve")

    def text(self, x, y, s, face, style, pt, fill, anchor="mm"):
        idx = {"regular": 0, "bold": 1, "italic": 2}[style]
        f = pages.load_font(pages.FACES[face][idx], max(4, int(round(pt * pages.PT_MM * self.ppm))))
        self.d.text(self.p(x, y), s, font=f, fill=fill, anchor=anchor)
        self.m.text(self.p(x, y), s, font=f, fill=255, anchor=anchor)

    def finish(self, height_mm=0.0, shadow=0.35, shade=None):
        rgb = np.asarray(self.rgb.reduce(SS)).astype(np.float32)
        a = np.asarray(self.mask.reduce(SS)).astype(np.float32)
        if shade is not None:
            shade = np.asarray(shade, np.float32)
            rgb *= shade.reshape(shade.shape[0], -1)[..., None] if shade.ndim == 1 else shade[..., None]
        rgba = np.dstack([np.clip(rgb, 0, 255), a]).astype(np.uint8)
        return Sprite(rgba, self.w_mm, self.h_mm, height_mm, shadow)


def cylinder_rows(n, light=-0.35, spec=0.35):
    """Shading across a cylinder's width (rows), lit from one side, with a specular streak."""
    y = (np.arange(n) + 0.5) / n * 2 - 1
    s = 0.55 + 0.45 * np.sqrt(np.clip(1 - y * y, 0, 1)) + spec * np.exp(-((y - light) / 0.12) ** 2)
    return s.astype(np.float32)


def rand_colour(rng, palette):
    return palette[int(rng.integers(len(palette)))]


# MARK: - desk objects

def pen(rng, ppm):
    L, D = rng.uniform(125, 150), rng.uniform(8, 11)
    body = rand_colour(rng, [(20, 40, 140), (25, 25, 28), (180, 30, 30), (230, 230, 232), (40, 120, 60), (150, 150, 160)])
    pad = Pad(L, D, ppm)
    pad.polygon([(0, D / 2 - 0.4), (L * 0.07, D * 0.2), (L * 0.07, D * 0.8), (0, D / 2 + 0.4)], (175, 175, 180))
    pad.rrect(L * 0.065, 0, L, D, D * 0.45, body)
    pad.rect(L * 0.07, D * 0.05, L * 0.3, D * 0.95, (30, 30, 32) if body != (25, 25, 28) else (70, 70, 75))
    pad.rrect(L * 0.74, D * 0.02, L * 0.97, D * 0.3, D * 0.12, (200, 200, 205))
    return pad.finish(height_mm=D, shadow=0.35, shade=cylinder_rows(pad.size[1] // SS))


def pencil(rng, ppm):
    L, D = rng.uniform(110, 190), 7.2
    body = rand_colour(rng, [(232, 182, 30), (40, 110, 60), (190, 40, 40), (30, 30, 30), (60, 90, 170)])
    pad = Pad(L, D, ppm)
    pad.polygon([(0, D / 2), (L * 0.11, 0.3), (L * 0.11, D - 0.3)], (222, 186, 140))
    pad.polygon([(0, D / 2), (L * 0.035, D / 2 - 0.9), (L * 0.035, D / 2 + 0.9)], (45, 45, 48))
    pad.rect(L * 0.11, 0, L * 0.9, D, body)
    pad.rect(L * 0.9, 0, L * 0.95, D, (190, 190, 195))
    pad.rrect(L * 0.95, 0.2, L, D - 0.2, 1.5, (230, 140, 150))
    n = pad.size[1] // SS
    y = (np.arange(n) + 0.5) / n
    facets = np.where(y < 0.33, 1.12, np.where(y < 0.67, 0.95, 0.72)).astype(np.float32)
    return pad.finish(height_mm=D, shadow=0.35, shade=facets)


def phone(rng, ppm):
    w, h = rng.uniform(68, 78), rng.uniform(140, 162)
    body = rand_colour(rng, [(30, 30, 34), (200, 200, 205), (60, 70, 90), (180, 150, 140), (20, 20, 22)])
    pad = Pad(w, h, ppm)
    pad.rrect(0, 0, w, h, 9, body)
    face_up = rng.random() < 0.7
    if face_up:
        lit = rng.random() < 0.4
        pad.rrect(2.5, 2.5, w - 2.5, h - 2.5, 7, (8, 8, 10))
        if lit:
            top, bottom = np.array(rand_colour(rng, [(40, 90, 160), (150, 60, 110), (30, 130, 120)])), np.array((15, 20, 40))
            for i in range(40):
                t = i / 39
                c = tuple(int(v) for v in top * (1 - t) + bottom * t)
                pad.rect(3, 3 + (h - 6) * i / 40, w - 3, 3 + (h - 6) * (i + 1) / 40, c)
            for r in range(5):
                for cidx in range(4):
                    x = 7 + cidx * (w - 14) / 4
                    y = 20 + r * 18
                    pad.rrect(x, y, x + 10, y + 10, 2.5, tuple(int(v) for v in rng.integers(60, 255, 3)))
        pad.ellipse(w / 2 - 1.5, 4.5, w / 2 + 1.5, 7.5, (25, 25, 30))
    else:
        pad.rrect(4, 4, 26, 30, 5, tuple(max(0, c - 20) for c in body))
        for cx, cy in ((10, 10), (20, 10), (10, 22)):
            pad.ellipse(cx - 4, cy - 4, cx + 4, cy + 4, (15, 15, 18))
    n_w, n_h = pad.size[0] // SS, pad.size[1] // SS
    gx = np.linspace(0, 1, n_w)[None, :]
    gy = np.linspace(0, 1, n_h)[:, None]
    sheen = (1.0 + 0.5 * np.exp(-((gx + gy * 0.6 - 0.7) / 0.12) ** 2)).astype(np.float32)
    return pad.finish(height_mm=8.0, shadow=0.45, shade=sheen)


def mug(rng, ppm):
    """A mug seen from above: its rim and contents at the top, its wall as a stack of cross-sections."""
    d = rng.uniform(78, 92)
    body = rand_colour(rng, [(240, 240, 236), (200, 40, 40), (30, 60, 140), (30, 30, 30), (240, 200, 60), (90, 160, 120)])
    height = rng.uniform(85, 105)
    top = Pad(d + 26, d, ppm)
    top.ellipse(0, 0, d, d, body)
    inner = (62, 36, 20) if rng.random() < 0.7 else tuple(int(c * 0.7) for c in body)
    top.ellipse(4.5, 4.5, d - 4.5, d - 4.5, inner)
    if inner[0] == 62:
        top.ellipse(10, 10, d - 10, d - 10, (92, 58, 34))
    n_w, n_h = top.size[0] // SS, top.size[1] // SS
    gx = np.linspace(-1, 1, n_w)[None, :] * (d + 26) / d
    gy = np.linspace(-1, 1, n_h)[:, None]
    shade = (1.0 - 0.3 * np.clip(gx + gy, -1, 1) * 0.5).astype(np.float32)
    walls = []
    for with_handle in (False, True):
        wall = Pad(d + 26, d, ppm)
        if with_handle:
            wall.rrect(d - 10, d / 2 - 6, d + 22, d / 2 + 6, 6, tuple(int(c * 0.85) for c in body))
        wall.ellipse(0, 0, d, d, tuple(int(c * 0.8) for c in body))
        walls.append(wall.finish(height_mm=height, shadow=0.45, shade=shade))
    sprite = top.finish(height_mm=height, shadow=0.45)
    sprite.column = [(0.0, 0.2 * height, walls[0]), (0.2 * height, 0.8 * height, walls[1]), (0.8 * height, height, walls[0])]
    return sprite


def sticky(rng, ppm):
    s = 76.0 if rng.random() < 0.7 else 51.0
    c = rand_colour(rng, [(252, 240, 120), (250, 170, 190), (160, 230, 170), (160, 210, 250), (255, 190, 110)])
    pad = Pad(s, s, ppm)
    pad.rect(0, 0, s, s, c)
    ink = rand_colour(rng, [(20, 30, 120), (20, 20, 20), (160, 20, 20)])
    for i in range(int(rng.integers(1, 5))):
        y = 12 + i * 12
        if y > s - 8:
            break
        xs = np.linspace(6, s - 6 - rng.uniform(0, 25), 60)
        ys = y + 1.6 * np.sin(xs * rng.uniform(0.6, 1.2)) * np.sin(xs * 0.13)
        pad.line(list(zip(xs, ys)), ink, 0.45)
    n = pad.size[1] // SS
    shade = (1.0 - 0.08 * np.linspace(0, 1, n) ** 3).astype(np.float32)
    return pad.finish(height_mm=0.3, shadow=0.15, shade=shade)


def other_paper(rng, ppm):
    spec = pages.make_spec(rng, kind=W.pick(rng, ["letter", "report", "invoice"]))
    rgb = pages.render(spec, max(2.0, ppm)).rgb
    a = np.full(rgb.shape[:2], 255, np.uint8)
    return Sprite(np.dstack([rgb, a]), spec.width_mm, spec.height_mm, 0.2, 0.2)


def magazine(rng, ppm):
    w, h = rng.uniform(205, 230), rng.uniform(270, 300)
    pad = Pad(w, h, ppm)
    bg = rand_colour(rng, [(20, 30, 60), (120, 20, 30), (30, 30, 30), (10, 80, 90), (90, 50, 10), (60, 20, 80)])
    pad.rect(0, 0, w, h, bg)
    for _ in range(int(rng.integers(4, 9))):
        cx, cy, r = rng.uniform(0, w), rng.uniform(60, h), rng.uniform(20, 90)
        pad.ellipse(cx - r, cy - r * rng.uniform(0.6, 1.4), cx + r, cy + r, tuple(int(v) for v in rng.integers(30, 230, 3)))
    face = W.pick(rng, pages.SANS)
    pad.text(w / 2, 30, W.pick(rng, W.COMPANY_PARTS).upper(), face, "bold", 90, (250, 250, 250))
    for i in range(int(rng.integers(2, 5))):
        pad.text(12, 90 + i * 38, W.heading(rng, 2, 3), face, "bold", 20, (255, 230, 60) if i % 2 else (255, 255, 255), anchor="la")
    n_w, n_h = pad.size[0] // SS, pad.size[1] // SS
    gx = np.linspace(0, 1, n_w)[None, :]
    gy = np.linspace(0, 1, n_h)[:, None]
    gloss = (1.0 + 0.35 * np.exp(-((gx - gy * 0.8 - rng.uniform(-0.3, 0.5)) / 0.1) ** 2)).astype(np.float32)
    return pad.finish(height_mm=3.0, shadow=0.3, shade=gloss)


def coin(rng, ppm):
    d = rng.uniform(16, 28)
    metal = np.array(rand_colour(rng, [(212, 175, 70), (190, 190, 195), (184, 115, 60)]), float)
    pad = Pad(d, d, ppm)
    pad.ellipse(0, 0, d, d, tuple(int(v) for v in metal * 0.85))
    pad.ellipse(d * 0.08, d * 0.08, d * 0.92, d * 0.92, tuple(int(v) for v in metal))
    pad.text(d / 2, d / 2, str(W.pick(rng, ["1", "2", "5", "10", "20", "50"])), "dejavu_sans", "bold", d * 1.1, tuple(int(v) for v in metal * 0.7))
    n = pad.size[0] // SS
    g = np.linspace(-1, 1, n)
    shade = (1.15 - 0.3 * (g[None, :] + g[:, None]) * 0.5).astype(np.float32)
    return pad.finish(height_mm=2.0, shadow=0.4, shade=shade)


def keyboard(rng, ppm):
    compact = rng.random() < 0.4
    w, h = (290.0, 115.0) if compact else (440.0, 135.0)
    body = rand_colour(rng, [(30, 30, 32), (220, 220, 222), (160, 162, 168), (60, 60, 66)])
    key = (45, 45, 48) if body[0] < 100 else (245, 245, 245)
    label = (230, 230, 230) if key[0] < 100 else (40, 40, 40)
    pad = Pad(w, h, ppm)
    pad.rrect(0, 0, w, h, 8, body)
    letters = "1234567890QWERTYUIOPASDFGHJKLZXCVBNM"
    pitch = 19.0
    cols = int((w - 12) // pitch)
    for r in range(5 if compact else 6):
        for c in range(cols):
            x, y = 6 + c * pitch + (r % 3) * 3, 6 + r * pitch
            if x + 16 > w - 5 or y + 16 > h - 4:
                continue
            pad.rrect(x, y, x + 16, y + 16, 2.5, key)
            pad.text(x + 5, y + 6, letters[(r * cols + c) % len(letters)], "dejavu_sans", "regular", 7, label)
    return pad.finish(height_mm=25.0, shadow=0.35)


def tablet(rng, ppm, big=False):
    """A dark screen: tablet, laptop lid or monitor, off or showing dim content."""
    w, h = (rng.uniform(480, 620), rng.uniform(290, 360)) if big else (rng.uniform(160, 250), rng.uniform(230, 330))
    pad = Pad(w, h, ppm)
    bez = rand_colour(rng, [(15, 15, 17), (40, 40, 44), (200, 200, 205)])
    pad.rrect(0, 0, w, h, 10 if not big else 4, bez)
    b = rng.uniform(6, 20)
    base = rand_colour(rng, [(10, 12, 16), (18, 22, 32), (25, 25, 25)])
    pad.rect(b, b, w - b, h - b, base)
    if rng.random() < 0.6:
        for _ in range(int(rng.integers(3, 10))):
            x0, y0 = rng.uniform(b, w - b - 20), rng.uniform(b, h - b - 20)
            x1, y1 = min(w - b, x0 + rng.uniform(20, w / 2)), min(h - b, y0 + rng.uniform(8, h / 3))
            pad.rect(x0, y0, x1, y1, tuple(int(v) for v in rng.integers(20, 90, 3)))
    n_w, n_h = pad.size[0] // SS, pad.size[1] // SS
    gx = np.linspace(0, 1, n_w)[None, :]
    gy = np.linspace(0, 1, n_h)[:, None]
    refl = (1.0 + 0.8 * np.exp(-((gx * 0.7 + gy - rng.uniform(0.3, 1.2)) / 0.25) ** 2)).astype(np.float32)
    return pad.finish(height_mm=rng.uniform(6, 12), shadow=0.4, shade=refl)


def paperclip(rng, ppm):
    w, h = 33.0, 9.0
    pad = Pad(w, h, ppm)
    pts = [(30, 1), (2, 1), (1, 4.5), (2, 8), (28, 8), (29, 6.5), (28, 5), (6, 5), (5, 4), (6, 3), (25, 3)]
    pad.line(pts, rand_colour(rng, [(190, 190, 195), (200, 60, 60), (60, 100, 200)]), 0.9)
    return pad.finish(height_mm=1.0, shadow=0.3)


def cable(rng, ppm):
    """A long cable lying in loose curves; the sprite's box is the curve's bounding box."""
    n = int(rng.integers(4, 7))
    span = rng.uniform(250, 600)
    pts = np.cumsum(rng.normal(0, span / n, (n, 2)), axis=0)
    t = np.linspace(0, 1, 200)
    # Catmull-Rom through the control points.
    curve = []
    P = np.vstack([pts[0], pts, pts[-1]])
    for i in range(1, len(P) - 2):
        p0, p1, p2, p3 = P[i - 1], P[i], P[i + 1], P[i + 2]
        s = t[:, None] if i == len(P) - 3 else t[:-1, None]
        curve.append(0.5 * ((2 * p1) + (-p0 + p2) * s + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s ** 2 + (-p0 + 3 * p1 - 3 * p2 + p3) * s ** 3))
    curve = np.vstack(curve)
    dia = rng.uniform(3, 6)
    lo = curve.min(0) - dia
    curve -= lo
    w, h = curve.max(0) + dia
    c = np.array(rand_colour(rng, [(20, 20, 22), (235, 235, 235), (40, 40, 45), (30, 60, 150)]), float)
    k = ppm * SS
    size = (int(round(w * ppm)) * SS, int(round(h * ppm)) * SS)
    rgb = np.zeros((size[1], size[0], 3), np.uint8)
    mask = np.zeros((size[1], size[0]), np.uint8)
    q = np.round(curve * k).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(rgb, [q], False, tuple(float(v) for v in c * 0.8), max(1, int(dia * k)), cv2.LINE_8)
    cv2.polylines(mask, [q], False, 255, max(1, int(dia * k)), cv2.LINE_8)
    hl = np.round((curve - [0, dia * 0.2]) * k).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(rgb, [hl], False, tuple(float(min(255, v * 1.1 + 40)) for v in c), max(1, int(dia * k * 0.3)), cv2.LINE_8)
    rgb = cv2.bitwise_and(rgb, rgb, mask=mask)
    rgb = cv2.resize(rgb, (size[0] // SS, size[1] // SS), interpolation=cv2.INTER_AREA)
    a = cv2.resize(mask, (size[0] // SS, size[1] // SS), interpolation=cv2.INTER_AREA)
    return Sprite(np.dstack([rgb, a]), float(w), float(h), dia, 0.35)


DESK_PROPS = {"pen": pen, "pencil": pencil, "phone": phone, "mug": mug, "sticky": sticky, "paper": other_paper,
              "magazine": magazine, "coin": coin, "keyboard": keyboard, "paperclip": paperclip, "cable": cable,
              "tablet": tablet}
