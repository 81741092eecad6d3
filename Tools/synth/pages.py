"""Flat pages rendered with Pillow: letters, reports, invoices, receipts and ID-1 cards.

A page is laid out in millimetres and drawn at a caller-chosen density (pixels per mm), so the same
spec can be rendered for a close-up or a distant shot. Every text line that is drawn is recorded in
reading order; that list is the ground truth for OCR benchmarks.
"""
import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

import words as W

FONT_DIRS = ("/usr/share/fonts/truetype/liberation2/", "/usr/share/fonts/truetype/dejavu/")

# (regular, bold, italic) file names per face.
FACES = {
    "liberation_serif": ("LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf", "LiberationSerif-Italic.ttf"),
    "dejavu_serif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf"),
    "liberation_sans": ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "LiberationSans-Italic.ttf"),
    "dejavu_sans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"),
    "dejavu_condensed": ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed-Oblique.ttf"),
    "liberation_mono": ("LiberationMono-Regular.ttf", "LiberationMono-Bold.ttf", "LiberationMono-Italic.ttf"),
    "dejavu_mono": ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf"),
}
SERIF = ("liberation_serif", "dejavu_serif")
SANS = ("liberation_sans", "dejavu_sans", "dejavu_condensed")
MONO = ("liberation_mono", "dejavu_mono")

# Physical sizes in mm (width, height), portrait.
SIZES = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "a5": (148.0, 210.0),
    "id1": (85.6, 53.98),
}

PAPERS = {
    "white": (247, 247, 245),
    "bright_white": (252, 252, 252),
    "off_white": (246, 242, 231),
    "recycled": (232, 230, 222),
    "yellowish": (250, 243, 200),
    "light_blue": (222, 235, 248),
    "pink": (250, 226, 234),
    "light_green": (226, 243, 222),
    "thermal": (246, 246, 243),
}

ACCENTS = [(22, 52, 120), (140, 24, 34), (0, 98, 110), (32, 112, 52), (110, 56, 140), (196, 92, 12),
           (60, 60, 70), (0, 120, 180)]
CHART_COLOURS = [(52, 101, 164), (204, 0, 0), (78, 154, 6), (245, 121, 0), (117, 80, 123),
                 (193, 125, 17), (6, 152, 154), (237, 212, 0)]

PT_MM = 25.4 / 72.0
_font_cache = {}


def font_path(name):
    import os
    for d in FONT_DIRS:
        if os.path.exists(d + name):
            return d + name
    raise FileNotFoundError(f"font {name} not found in {FONT_DIRS}; install fonts-dejavu-core and fonts-liberation2")


def load_font(name, px):
    key = (name, px)
    f = _font_cache.get(key)
    if f is None:
        f = _font_cache[key] = ImageFont.truetype(font_path(name), px)
    return f


@dataclass
class PageSpec:
    kind: str           # letter | report | invoice | receipt | card
    width_mm: float
    height_mm: float
    paper: tuple        # sRGB paper colour
    seed: int           # layout/text seed, independent of the render density

    @property
    def page_size(self):
        """Physical size in 0.1 mm, as written to truth.json."""
        return [round(self.width_mm * 10, 1), round(self.height_mm * 10, 1)]


class Canvas:
    """A page raster addressed in millimetres, recording every text line it draws."""

    def __init__(self, w_mm, h_mm, ppm, paper):
        self.w_mm, self.h_mm = w_mm, h_mm
        self.px_w, self.px_h = max(8, int(round(w_mm * ppm))), max(8, int(round(h_mm * ppm)))
        self.sx, self.sy = self.px_w / w_mm, self.px_h / h_mm
        self.img = Image.new("RGB", (self.px_w, self.px_h), tuple(int(c) for c in paper))
        self.draw = ImageDraw.Draw(self.img)
        self.lines = []
        self.features = set()  # "table", "figure": what the layout ended up containing

    def p(self, x, y):
        return (x * self.sx, y * self.sy)

    def font(self, face, style, pt):
        idx = {"regular": 0, "bold": 1, "italic": 2}[style]
        px = max(4, int(round(pt * PT_MM * self.sy)))
        return load_font(FACES[face][idx], px)

    def length(self, s, f):
        return f.getlength(s) / self.sx

    def text(self, x, y, s, f, fill, align="left", record=True):
        """Draw s with its baseline at y (mm); align is relative to x."""
        anchor = {"left": "ls", "right": "rs", "center": "ms"}[align]
        self.draw.text(self.p(x, y), s, font=f, fill=fill, anchor=anchor)
        if record and s.strip():
            self.lines.append(s.strip())

    def wrap(self, text, f, width):
        out, cur = [], ""
        for word in text.split():
            trial = word if not cur else cur + " " + word
            if self.length(trial, f) <= width or not cur:
                cur = trial
            else:
                out.append(cur)
                cur = word
        if cur:
            out.append(cur)
        return out

    def paragraph(self, x, y, width, text, f, fill, line_mm, bottom, justify=False):
        """Wrap and draw text from baseline y; returns the next baseline. Lines past bottom are dropped."""
        lines = self.wrap(text, f, width)
        for i, line in enumerate(lines):
            if y > bottom:
                break
            ws = line.split()
            if justify and i < len(lines) - 1 and len(ws) > 3:
                total = sum(self.length(w, f) for w in ws)
                gap = (width - total) / (len(ws) - 1)
                cx = x
                for w in ws:
                    self.draw.text(self.p(cx, y), w, font=f, fill=fill, anchor="ls")
                    cx += self.length(w, f) + gap
                self.lines.append(line)
            else:
                self.text(x, y, line, f, fill)
            y += line_mm
        return y

    def rect(self, x0, y0, x1, y1, fill=None, outline=None, width_mm=0.25):
        w = max(1, int(round(width_mm * self.sx)))
        self.draw.rectangle([self.p(x0, y0), self.p(x1, y1)], fill=fill, outline=outline, width=w)

    def line(self, pts, fill, width_mm=0.25):
        w = max(1, int(round(width_mm * self.sx)))
        self.draw.line([self.p(x, y) for x, y in pts], fill=fill, width=w)

    def ellipse(self, x0, y0, x1, y1, fill=None, outline=None, width_mm=0.25):
        w = max(1, int(round(width_mm * self.sx)))
        self.draw.ellipse([self.p(x0, y0), self.p(x1, y1)], fill=fill, outline=outline, width=w)


def jitter(rgb, rng, amount=12):
    return tuple(int(np.clip(c + rng.integers(-amount, amount + 1), 0, 255)) for c in rgb)


def ink_colour(rng):
    g = int(rng.integers(10, 45))
    return (g, g, g + int(rng.integers(0, 12)))


# MARK: - building blocks

def draw_logo(c, rng, x, y, size, accent):
    kind = int(rng.integers(3))
    if kind == 0:
        c.ellipse(x, y, x + size, y + size, fill=accent)
        c.ellipse(x + size * 0.28, y + size * 0.28, x + size * 0.72, y + size * 0.72, fill=c.img.getpixel((1, 1)))
    elif kind == 1:
        c.rect(x, y, x + size, y + size, fill=accent)
        c.rect(x + size * 0.5, y + size * 0.5, x + size * 1.3, y + size * 1.0, fill=jitter(accent, rng, 60))
    else:
        pts = [(x + size / 2, y), (x + size, y + size), (x, y + size)]
        c.draw.polygon([c.p(*q) for q in pts], fill=accent)


def draw_signature(c, rng, x, y, w, h, colour):
    t = np.linspace(0, 1, 240)
    k = rng.uniform(3, 7)
    xs = x + w * t + h * 0.35 * np.sin(2 * math.pi * k * t + rng.uniform(0, 6))
    ys = y + h * 0.5 * np.sin(2 * math.pi * (k * 1.7) * t + rng.uniform(0, 6)) * (1 - 0.5 * t)
    c.line(list(zip(xs, ys)), colour, 0.35)
    c.line([(x + w * 0.1, y + h * 0.6), (x + w * 0.9, y + h * 0.45)], colour, 0.3)


def draw_table(c, rng, x, y, width, rows, f, fb, ink, accent, line_mm, bottom, numeric_cols=()):
    """rows[0] is the header. Returns the y below the table."""
    c.features.add("table")
    ncol = len(rows[0])
    widths = [max(c.length(str(r[i]), f) for r in rows) + 4.0 for i in range(ncol)]
    scale = width / sum(widths)
    widths = [w * scale for w in widths]
    xs = [x]
    for w in widths:
        xs.append(xs[-1] + w)
    style = int(rng.integers(3))
    header_fill = tuple(int(255 - (255 - a) * 0.25) for a in accent)
    row_h = line_mm * 1.35
    top = y
    for ri, row in enumerate(rows):
        if y + row_h > bottom:
            break
        if ri == 0 and style != 2:
            c.rect(x, y, x + width, y + row_h, fill=header_fill)
        elif style == 1 and ri % 2 == 0:
            c.rect(x, y, x + width, y + row_h, fill=(236, 238, 240))
        base = y + row_h * 0.72
        cells = []
        for ci, cell in enumerate(row):
            s = str(cell)
            ff = fb if ri == 0 else f
            if ci in numeric_cols and ri > 0:
                c.text(xs[ci + 1] - 2.0, base, s, ff, ink, align="right", record=False)
            else:
                c.text(xs[ci] + 2.0, base, s, ff, ink, record=False)
            cells.append(s)
        c.lines.append(" ".join(cells))
        y += row_h
        if style == 0 or ri == 0:
            c.line([(x, y), (x + width, y)], ink if ri == 0 else (150, 150, 150), 0.2)
    if style == 0:
        for xx in xs:
            c.line([(xx, top), (xx, y)], (150, 150, 150), 0.2)
        c.line([(x, top), (x + width, top)], ink, 0.25)
    return y


def draw_chart(c, rng, x, y, w, h, f, ink):
    """A small bar, line or pie chart in the box; its labels are recorded."""
    c.features.add("figure")
    kind = int(rng.integers(3))
    n = int(rng.integers(4, 8))
    labels = [W.pick(rng, ["Q1", "Q2", "Q3", "Q4", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "North",
                           "South", "East", "West", "A", "B", "C", "D"]) for _ in range(n)]
    if kind == 2:
        vals = rng.uniform(1, 10, n)
        vals /= vals.sum()
        r = min(w * 0.35, h * 0.45)
        cx, cy = x + r + 2, y + h / 2
        a0 = -90.0
        box = [c.p(cx - r, cy - r), c.p(cx + r, cy + r)]
        for i, v in enumerate(vals):
            a1 = a0 + 360 * v
            c.draw.pieslice(box, a0, a1, fill=CHART_COLOURS[i % len(CHART_COLOURS)], outline=(255, 255, 255))
            a0 = a1
        lx = cx + r + 6
        for i in range(n):
            ly = y + 4 + i * (h - 6) / n
            c.rect(lx, ly - 2.2, lx + 3, ly + 0.3, fill=CHART_COLOURS[i % len(CHART_COLOURS)])
            c.text(lx + 4.5, ly, f"{labels[i]} {vals[i] * 100:.0f}%", f, ink)
        return
    vals = rng.uniform(0.15, 1.0, n)
    top = math.ceil(vals.max() * 10) / 10 * 100
    ax0, ay0, ax1, ay1 = x + 10, y + 3, x + w - 2, y + h - 7
    for k in range(5):
        gy = ay1 - (ay1 - ay0) * k / 4
        c.line([(ax0, gy), (ax1, gy)], (205, 205, 205), 0.15)
        c.text(ax0 - 1.5, gy + 1.0, f"{top * k / 4:.0f}", f, ink, align="right")
    c.line([(ax0, ay0), (ax0, ay1), (ax1, ay1)], ink, 0.3)
    step = (ax1 - ax0) / n
    colour = CHART_COLOURS[int(rng.integers(len(CHART_COLOURS)))]
    pts = []
    for i, v in enumerate(vals):
        cx = ax0 + step * (i + 0.5)
        vy = ay1 - (ay1 - ay0) * v * 100 / top
        if kind == 0:
            c.rect(cx - step * 0.3, vy, cx + step * 0.3, ay1, fill=colour)
        pts.append((cx, vy))
    if kind == 1:
        c.line(pts, colour, 0.6)
        for px, py in pts:
            c.ellipse(px - 0.9, py - 0.9, px + 0.9, py + 0.9, fill=colour)
    c.lines.append(" ".join(labels))
    for i, lab in enumerate(labels):
        c.text(ax0 + step * (i + 0.5), ay1 + 4.0, lab, f, ink, align="center", record=False)


# MARK: - layouts

def _sheet_setup(c, spec, rng):
    scale = spec.width_mm / 210.0
    margin = rng.uniform(16, 26) * scale
    face = W.pick(rng, SERIF + SANS)
    body_pt = rng.uniform(9.0, 11.5) * max(0.8, scale)
    return margin, face, body_pt


def layout_letter(c, spec, rng):
    margin, face, pt = _sheet_setup(c, spec, rng)
    ink, accent = ink_colour(rng), W.pick(rng, ACCENTS)
    right, bottom = spec.width_mm - margin, spec.height_mm - margin
    lh = pt * PT_MM * rng.uniform(1.25, 1.5)
    f, fb, fi = c.font(face, "regular", pt), c.font(face, "bold", pt), c.font(face, "italic", pt)
    y = margin
    if rng.random() < 0.5:
        c.rect(0, 0, spec.width_mm, margin * 0.45, fill=accent)
        y = margin * 0.9
    draw_logo(c, rng, margin, y, 12, accent)
    name = W.company(rng)
    c.text(margin + 17, y + 8, name, c.font(W.pick(rng, SANS), "bold", pt * 1.8), accent)
    fs = c.font(face, "regular", pt * 0.85)
    yy = y + 3
    for s in (W.street(rng), W.city_line(rng), f"Tel. +44 {int(rng.integers(100, 999))} {int(rng.integers(100000, 999999))}"):
        c.text(right, yy, s, fs, ink, align="right")
        yy += lh * 0.9
    y = max(y + 24, yy + 8)
    for s in (W.person(rng), W.company(rng), W.street(rng), W.city_line(rng)):
        c.text(margin, y, s, f, ink)
        y += lh
    y += lh
    c.text(right, y, f"{W.pick(rng, W.CITIES)}, {W.date(rng)}", f, ink, align="right")
    y += lh * 2
    c.text(margin, y, "Subject: " + W.heading(rng, 2, 5), fb, ink)
    y += lh * 2
    c.text(margin, y, f"Dear {W.pick(rng, ['Mr', 'Ms', 'Dr'])} {W.pick(rng, W.LAST_NAMES)},", f, ink)
    y += lh * 1.6
    justify = rng.random() < 0.4
    for _ in range(int(rng.integers(3, 7))):
        if y > bottom - 30:
            break
        y = c.paragraph(margin, y, right - margin, W.paragraph(rng, 2, 5), f, ink, lh, bottom - 30, justify)
        y += lh * 0.6
    if y < bottom - 25:
        c.text(margin, y, W.pick(rng, ["Yours sincerely,", "Kind regards,", "Best regards,"]), f, ink)
        draw_signature(c, rng, margin, y + 6, 40, 7, W.pick(rng, [(20, 40, 140), (20, 20, 30)]))
        c.text(margin, y + 18, W.person(rng), fi, ink)
    fsm = c.font(face, "regular", pt * 0.7)
    c.line([(margin, spec.height_mm - margin * 0.6), (right, spec.height_mm - margin * 0.6)], accent, 0.3)
    c.text(margin, spec.height_mm - margin * 0.6 + 4, f"{name} · Registered in {W.pick(rng, W.CITIES)} · No. {int(rng.integers(1000000, 9999999))}", fsm, ink)


def layout_report(c, spec, rng):
    margin, face, pt = _sheet_setup(c, spec, rng)
    ink, accent = ink_colour(rng), W.pick(rng, ACCENTS)
    right, bottom = spec.width_mm - margin, spec.height_mm - margin
    lh = pt * PT_MM * rng.uniform(1.2, 1.45)
    f, fb, fi = c.font(face, "regular", pt), c.font(face, "bold", pt), c.font(face, "italic", pt)
    hface = W.pick(rng, SANS + SERIF)
    y = margin + pt * PT_MM * 2
    c.text(margin, y, W.title(rng), c.font(hface, "bold", pt * 2.1), accent)
    y += lh * 1.4
    c.text(margin, y, f"{W.person(rng)} · {W.company(rng)} · {W.date(rng)}", fi, ink)
    y += lh * 0.8
    c.line([(margin, y), (right, y)], accent, 0.4)
    y += lh * 1.6
    two_col = rng.random() < 0.3 and spec.width_mm > 180
    cols = [(margin, (right - margin - 6) / 2), (margin + (right - margin + 6) / 2, (right - margin - 6) / 2)] if two_col else [(margin, right - margin)]
    col_top = y
    fs = c.font(face, "regular", pt * 0.85)
    fh = c.font(hface, "bold", pt * 1.25)
    section = 1
    for ci, (cx, cw) in enumerate(cols):
        y = col_top
        last = None
        while y < bottom - 15:
            r = rng.random()
            if last == "heading" and r < 0.2:
                r = 0.9  # never two headings in a row
            last = "heading" if r < 0.2 and y < bottom - 60 else "block"
            if r < 0.2 and y < bottom - 60:
                c.text(cx, y + lh * 0.4, f"{section} {W.heading(rng)}", fh, accent)
                section += 1
                y += lh * 1.9
            elif r < 0.35 and y < bottom - 70 and cw > 100:
                h = min(rng.uniform(45, 75), bottom - y - 15)
                draw_chart(c, rng, cx, y, cw * rng.uniform(0.7, 1.0), h, fs, ink)
                y += h + lh * 0.7
                c.text(cx, y, f"Figure {section}. {W.sentence(rng, 5, 9)}", c.font(face, "italic", pt * 0.85), ink)
                y += lh * 1.6
            elif r < 0.5 and y < bottom - 50:
                ncol = int(rng.integers(3, 6))
                rows = [[W.cap(W.pick(rng, W.COMMON)) for _ in range(ncol)]]
                for _ in range(int(rng.integers(3, 9))):
                    rows.append([W.cap(W.pick(rng, W.COMMON))] + [f"{rng.uniform(0, 999):.1f}" for _ in range(ncol - 1)])
                y = draw_table(c, rng, cx, y, cw, rows, fs, c.font(face, "bold", pt * 0.85), ink, accent,
                               pt * PT_MM * 1.3, bottom, numeric_cols=range(1, ncol))
                y += lh * 1.5
            else:
                y = c.paragraph(cx, y, cw, W.paragraph(rng, 2, 5), f, ink, lh, bottom, rng.random() < 0.5)
                y += lh * 0.5
    c.text(spec.width_mm / 2, spec.height_mm - margin * 0.5, str(int(rng.integers(1, 40))), fs, ink, align="center")


def layout_invoice(c, spec, rng):
    margin, face, pt = _sheet_setup(c, spec, rng)
    face = W.pick(rng, SANS)
    ink, accent = ink_colour(rng), W.pick(rng, ACCENTS)
    right, bottom = spec.width_mm - margin, spec.height_mm - margin
    lh = pt * PT_MM * 1.35
    f, fb = c.font(face, "regular", pt), c.font(face, "bold", pt)
    y = margin
    draw_logo(c, rng, margin, y, 14, accent)
    c.text(margin + 19, y + 9, W.company(rng), c.font(face, "bold", pt * 1.6), ink)
    c.text(right, y + 9, W.pick(rng, ["INVOICE", "QUOTATION", "DELIVERY NOTE", "ORDER"]), c.font(face, "bold", pt * 2.2), accent, align="right")
    y += 28
    left_block = ["Bill to:", W.person(rng), W.street(rng), W.city_line(rng)]
    right_block = [f"Number: {int(rng.integers(10000, 99999))}", f"Date: {W.short_date(rng)}", f"Due: {W.short_date(rng)}", f"Customer: C-{int(rng.integers(100, 999))}"]
    for a, b in zip(left_block, right_block):
        c.text(margin, y, a, fb if a == "Bill to:" else f, ink)
        c.text(right, y, b, f, ink, align="right")
        y += lh
    y += lh
    rows = [["Item", "Description", "Qty", "Unit", "Amount"]]
    total = 0.0
    for i in range(int(rng.integers(4, 14))):
        q, u = int(rng.integers(1, 20)), W.money(rng, 1, 300)
        total += q * u
        rows.append([f"{i + 1:02d}", W.cap(W.pick(rng, W.ADJECTIVES)) + " " + W.pick(rng, W.COMMON), str(q), f"{u:.2f}", f"{q * u:.2f}"])
    y = draw_table(c, rng, margin, y, right - margin, rows, f, fb, ink, accent, lh, bottom - 40, numeric_cols=(2, 3, 4))
    y += lh * 1.5
    for label, val in (("Subtotal", total), ("VAT 20%", total * 0.2), ("Total", total * 1.2)):
        ff = fb if label == "Total" else f
        c.text(right - 45, y, label, ff, ink)
        c.text(right, y, f"{val:,.2f}", ff, ink, align="right")
        y += lh
    y += lh
    if y < bottom - 20:
        y = c.paragraph(margin, y, right - margin, "Notes: " + W.paragraph(rng, 1, 3), c.font(face, "regular", pt * 0.85), ink, lh * 0.9, bottom)
    c.rect(0, spec.height_mm - margin * 0.5, spec.width_mm, spec.height_mm, fill=accent)


def receipt_rows(spec, rng):
    """Rows of (text, align, bold, scale) for a receipt, used both to size and to draw it."""
    chars = 42 if spec.width_mm > 70 else 32
    rows = [(W.pick(rng, W.SHOPS), "center", True, 1.5), (W.street(rng), "center", False, 1.0),
            (W.city_line(rng), "center", False, 1.0), (f"VAT No. GB{int(rng.integers(100000000, 999999999))}", "center", False, 1.0),
            ("", "left", False, 1.0), ("-" * chars, "left", False, 1.0)]
    total = 0.0
    for _ in range(int(rng.integers(4, 16))):
        name = W.pick(rng, W.ITEMS)
        q = int(rng.integers(1, 4))
        price = W.money(rng, 0.4, 25)
        total += q * price
        label = f"{q} x {name}" if q > 1 else name
        amount = f"{q * price:.2f}"
        rows.append((label + " " * max(1, chars - len(label) - len(amount)) + amount, "left", False, 1.0))
    rows.append(("-" * chars, "left", False, 1.0))
    t = f"{total:.2f}"
    rows.append(("TOTAL" + " " * max(1, chars // 2 - 5 - len(t)) + t, "left", True, 2.0 if chars > 40 else 1.6))
    rows.append(("", "left", False, 1.0))
    pay = W.pick(rng, ["CARD", "CASH", "CONTACTLESS"])
    given = f"{total + (rng.integers(0, 20) if pay == 'CASH' else 0):.2f}"
    rows.append((pay + " " * max(1, chars - len(pay) - len(given)) + given, "left", False, 1.0))
    rows.append((f"{W.short_date(rng)}  {int(rng.integers(7, 22)):02d}:{int(rng.integers(0, 60)):02d}  #{int(rng.integers(1000, 9999))}", "left", False, 1.0))
    rows.append(("", "left", False, 1.0))
    rows.append((W.pick(rng, ["THANK YOU FOR SHOPPING", "THANK YOU - SEE YOU SOON", "PLEASE KEEP YOUR RECEIPT"]), "center", True, 1.0))
    return rows


def receipt_height(spec_width, rows):
    pt = 8.0 if spec_width > 70 else 7.0
    return 28.0 + sum(pt * PT_MM * 1.35 * (s if s > 1 else 1) for _, _, _, s in rows) + 22.0


def layout_receipt(c, spec, rng):
    rows = receipt_rows(spec, rng)
    face = W.pick(rng, MONO)
    pt = 8.0 if spec.width_mm > 70 else 7.0
    g = int(rng.integers(25, 80))
    ink = (g, g, g + 5)
    margin = 4.0
    chars = 42 if spec.width_mm > 70 else 32
    # Fit the font to the paper width: mono fonts advance ~0.6 em per character.
    width_pt = (spec.width_mm - 2 * margin) / (chars * 0.6 * PT_MM)
    pt = min(pt, width_pt)
    y = 14.0
    for text, align, bold, scale in rows:
        f = c.font(face, "bold" if bold else "regular", pt * scale)
        y += pt * PT_MM * 1.35 * max(scale, 1)
        x = {"left": margin, "center": spec.width_mm / 2}[align]
        c.text(x, y, text, f, ink, align=align)
    y += 6
    x = margin + 6
    while x < spec.width_mm - margin - 6:
        bw = rng.choice([0.25, 0.5, 0.75])
        if rng.random() < 0.55:
            c.rect(x, y, x + bw, y + 10, fill=ink)
        x += bw


def layout_card(c, spec, rng):
    w, h = spec.width_mm, spec.height_mm
    base = np.array(W.pick(rng, [(30, 80, 160), (170, 40, 60), (20, 120, 110), (90, 60, 150),
                                 (200, 140, 30), (40, 40, 50), (60, 130, 200), (210, 90, 120)]), float)
    other = np.clip(base + rng.uniform(-90, 90, 3), 0, 255)
    light = rng.random() < 0.5
    xs = np.linspace(0, 1, c.px_w)[None, :, None]
    ys = np.linspace(0, 1, c.px_h)[:, None, None]
    t = np.clip(0.6 * xs + 0.4 * ys, 0, 1)
    grad = base * (1 - t) + other * t
    if light:
        grad = 255 - (255 - grad) * 0.22
    c.img.paste(Image.fromarray(grad.astype(np.uint8)))
    c.draw = ImageDraw.Draw(c.img)
    ink = (25, 25, 30) if light else (250, 250, 250)
    wave = tuple(int(v) for v in np.clip(grad[c.px_h // 2, c.px_w // 2] + (35 if not light else -35), 0, 255))
    for k in range(14):
        ph = rng.uniform(0, 6)
        xx = np.linspace(0, w, 120)
        yy = h * (0.2 + 0.05 * k) + 2.5 * np.sin(xx / w * 2 * math.pi * rng.uniform(1, 3) + ph)
        c.line(list(zip(xx, yy)), wave, 0.15)
    band = tuple(int(v) for v in base * 0.7)
    c.rect(0, 0, w, 11, fill=band)
    face = W.pick(rng, SANS)
    c.text(4, 7.8, W.pick(rng, ["IDENTITY CARD", "MEMBER CARD", "LIBRARY CARD", "STAFF ID", "ACCESS PASS"]),
           c.font(face, "bold", 10), (255, 255, 255))
    c.text(w - 4, 7.8, W.pick(rng, W.CITIES).upper(), c.font(face, "regular", 7), (255, 255, 255), align="right")
    px0, py0, px1, py1 = 4, 15, 26, 44
    c.rect(px0, py0, px1, py1, fill=(186, 198, 212))
    c.ellipse(px0 + 6, py0 + 4, px1 - 6, py0 + 16, fill=(92, 98, 112))
    c.draw.pieslice([c.p(px0 + 1, py0 + 17), c.p(px1 - 1, 2 * py1 - py0 - 17)], 180, 360, fill=(92, 98, 112))
    fl, fv = c.font(face, "regular", 5), c.font(face, "bold", 7.5)
    y = 17
    for label, value in (("Name", W.person(rng)), ("Date of birth", W.short_date(rng)),
                         ("Number", f"{W.pick(rng, ['X', 'K', 'M', 'P'])}{int(rng.integers(1000000, 9999999))}"),
                         ("Valid until", W.short_date(rng))):
        c.text(30, y, label, fl, ink)
        c.text(30, y + 3.6, value, fv, ink)
        y += 8.2
    if rng.random() < 0.6:
        cx, cy = w - 18, 22
        c.draw.rounded_rectangle([c.p(cx, cy), c.p(cx + 11, cy + 8.5)], radius=1.2 * c.sx, fill=(212, 178, 92), outline=(150, 120, 50))
        c.line([(cx, cy + 4.25), (cx + 11, cy + 4.25)], (150, 120, 50), 0.15)
        c.line([(cx + 5.5, cy), (cx + 5.5, cy + 8.5)], (150, 120, 50), 0.15)
    draw_signature(c, rng, w - 30, h - 8, 22, 4, (20, 30, 90) if light else (240, 240, 250))


LAYOUTS = {"letter": layout_letter, "report": layout_report, "invoice": layout_invoice,
           "receipt": layout_receipt, "card": layout_card}


def card_alpha(px_w, px_h, w_mm):
    """ID-1 rounded corners (radius 3.18 mm), antialiased by the distance to the corner arc."""
    alpha = np.ones((px_h, px_w), np.float32)
    r = 3.18 * px_w / w_mm
    n = int(math.ceil(r))
    c = np.arange(n, dtype=np.float32) + 0.5
    d = np.hypot(r - c[None, :], r - c[:, None])
    inside = np.where((c[None, :] < r) & (c[:, None] < r), np.clip(r - d + 0.5, 0, 1), 1.0)
    alpha[:n, :n] = inside
    alpha[:n, -n:] = inside[:, ::-1]
    alpha[-n:, :n] = inside[::-1, :]
    alpha[-n:, -n:] = inside[::-1, ::-1]
    return (alpha * 255 + 0.5).astype(np.uint8)


@dataclass
class Rendered:
    rgb: np.ndarray       # H x W x 3 uint8
    alpha: np.ndarray     # H x W uint8, or None for a plain rectangle
    lines: list           # printed text lines in reading order
    features: set


def render(spec, ppm):
    """Render spec at ppm pixels per mm."""
    rng = np.random.default_rng(spec.seed)
    c = Canvas(spec.width_mm, spec.height_mm, ppm, spec.paper)
    LAYOUTS[spec.kind](c, spec, rng)
    rgb = np.asarray(c.img)
    alpha = card_alpha(c.px_w, c.px_h, spec.width_mm) if spec.kind == "card" else None
    return Rendered(rgb, alpha, c.lines, c.features)


def make_spec(rng, kind=None, size=None, paper=None):
    """Pick a page kind, physical size and paper colour."""
    if kind is None:
        kind = W.pick(rng, ["letter", "letter", "report", "report", "invoice", "receipt", "card"])
    if kind == "card":
        w, h = SIZES["id1"]
        paper = paper or "white"
    elif kind == "receipt":
        w = 80.0 if rng.random() < 0.7 else 57.0
        seed = int(rng.integers(2**31))
        rows = receipt_rows(PageSpec(kind, w, 100, (0, 0, 0), seed), np.random.default_rng(seed))
        h = round(receipt_height(w, rows), 1)
        paper = paper or W.pick(rng, ["thermal", "thermal", "white", "off_white"])
        return PageSpec(kind, w, h, PAPERS[paper], seed)
    else:
        size = size or W.pick(rng, ["a4", "a4", "a4", "letter", "letter", "legal", "a5"])
        w, h = SIZES[size]
        if paper is None:
            r = rng.random()
            paper = ("white" if r < 0.45 else "bright_white" if r < 0.6 else "off_white" if r < 0.7 else
                     "recycled" if r < 0.76 else W.pick(rng, ["yellowish", "light_blue", "pink", "light_green"]))
    base = PAPERS[paper] if isinstance(paper, str) else paper
    return PageSpec(kind, w, h, base, int(rng.integers(2**31)))
