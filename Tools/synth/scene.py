"""One synthetic phone photo: a page (or none) on a surface, seen by a pinhole camera.

`make_scene(family, rng, long_side)` is a pure function of the generator's state, so a photo is
reproducible from (seed, family, index) alone. Families:

  wood, fabric, tiles, white_table, clutter       the surface the page lies on
  finger, out_of_frame, folded, curled, shadow    hard cases, on a random surface
  negative                                        no document in the photo
"""
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

import camera as C
import effects as E
import pages
import props as P
import raster
import surfaces as SF
import textures as T

BASE_FAMILIES = ("wood", "fabric", "tiles", "white_table", "clutter")
HARD_FAMILIES = ("finger", "out_of_frame", "folded", "curled", "shadow")
FAMILIES = BASE_FAMILIES + HARD_FAMILIES
NEGATIVE = "negative"
NEGATIVE_KINDS = ("empty", "clutter", "screen", "keyboard", "coins", "shelf", "brick", "gravel", "grass", "tiles")

# Density limits for the page raster (px per mm): enough for OCR of the flat page, bounded for speed.
MIN_PPM_SHEET = 8.0
MIN_PPM_CARD = 14.0
MAX_PAGE_PX = 3600


@dataclass
class Scene:
    image: np.ndarray                 # uint8 RGB
    corners: list = None              # contract order, or None for a negative
    page_size: list = None            # [w, h] in 0.1 mm along corners 0-1 and 1-2
    flat: pages.Rendered = None       # the flat page and its text
    quality: int = 85
    info: dict = field(default_factory=dict)


@dataclass
class Options:
    """Knobs that presets (samples) override; None means 'draw at random'."""
    kind: str = None
    size: str = None                  # a4, letter, legal, a5 for sheets
    surface: str = None
    paper: str = None
    coverage: tuple = None
    tilt_deg: tuple = None
    roll_deg: tuple = None
    strength: float = 1.0             # scales lighting, shadows, blur and noise
    shadow_prob: float = 0.35
    clutter: bool = None
    centred: bool = False             # keep the page near the middle of the frame
    quality: tuple = (60, 95)


# MARK: - sampling helpers

def sample_tilt(rng, opts):
    if opts.tilt_deg:
        return math.radians(rng.uniform(*opts.tilt_deg))
    r = rng.random()
    deg = rng.uniform(0, 15) if r < 0.45 else rng.uniform(15, 30) if r < 0.82 else rng.uniform(30, 45)
    return math.radians(deg)


def sample_roll(rng, opts):
    if opts.roll_deg:
        return math.radians(rng.uniform(*opts.roll_deg))
    r = rng.random()
    if r < 0.6:
        deg = rng.normal(0, 4)
    elif r < 0.8:
        deg = rng.uniform(-30, 30)
    elif r < 0.92:
        deg = float(rng.choice([-90, 90])) + rng.normal(0, 6)
    elif r < 0.96:
        deg = 180 + rng.normal(0, 8)
    else:
        deg = rng.uniform(-180, 180)
    return math.radians(deg)


def image_size(rng, long_side, portrait):
    aspect = 4 / 3 if rng.random() < 0.85 else 16 / 9
    short = int(round(long_side / aspect))
    return (short, long_side) if portrait else (long_side, short)


def orientation_matrix(tilt, azimuth, roll):
    return C.rotation([0, 0, 1], roll) @ C.rotation([math.cos(azimuth), math.sin(azimuth), 0], tilt)


def aim(w, h, f, R, pts3d, coverage, target=(0.0, 0.0, 0.0)):
    """Camera with orientation R looking at target from the distance that makes the polygon pts3d
    cover `coverage` of the frame."""
    want = coverage * w * h
    xy = np.asarray(pts3d)[:, :2]
    area = abs(C.signed_area(xy))
    d = f * math.sqrt(area / want)
    cam = None
    for _ in range(6):
        cam = C.Camera.aimed(w, h, f, R, target, d)
        a = abs(C.signed_area(cam.project(pts3d)))
        d *= math.sqrt(a / want)
    return C.Camera.aimed(w, h, f, R, target, d)


def shifted(cam, dx, dy):
    """The same camera moved parallel to its image plane so the table content moves by (dx, dy) px."""
    g = np.linalg.inv(cam.table_homography())
    q = C.apply_h(g, [[cam.width / 2 - dx, cam.height / 2 - dy]])[0]
    target = np.array([q[0], q[1], 0.0])
    return C.Camera.aimed(cam.width, cam.height, cam.focal, cam.R, target, cam.depth(target))


def inside(q, w, h, margin):
    q = np.asarray(q)
    return bool(np.all((q[:, 0] >= margin) & (q[:, 0] <= w - margin) & (q[:, 1] >= margin) & (q[:, 1] <= h - margin)))


def place_inside(rng, cam, pts3d, margin, centred=False):
    """Shift the camera so the page's bounding box lands at a random place fully inside the frame."""
    w, h = cam.width, cam.height
    q = cam.project(pts3d)
    lo, hi = q.min(0), q.max(0)
    for _ in range(12):
        free = np.array([w, h]) - (hi - lo) - 2 * margin
        if np.any(free < 0):
            return None
        pos = 0.5 + rng.uniform(-0.12, 0.12, 2) if centred else rng.random(2)
        want_lo = np.array([margin, margin]) + pos * free
        c2 = shifted(cam, *(want_lo - lo))
        if inside(c2.project(pts3d), w, h, margin * 0.5):
            return c2
    c2 = shifted(cam, *((np.array([w, h]) - (hi - lo)) / 2 - lo))
    return c2 if inside(c2.project(pts3d), w, h, 1.0) else None


def outside_count(q, w, h, margin):
    q = np.asarray(q)
    out = (q[:, 0] < -margin) | (q[:, 0] > w + margin) | (q[:, 1] < -margin) | (q[:, 1] > h + margin)
    ok_in = (q[:, 0] > margin) & (q[:, 0] < w - margin) & (q[:, 1] > margin) & (q[:, 1] < h - margin)
    return int(out.sum()), int(ok_in.sum())


def visible_fraction(q, w, h):
    """Share of the (convex) page quad's area that lies inside the frame."""
    frame = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    inter, _ = cv2.intersectConvexConvex(np.asarray(q, np.float32), frame)
    return float(inter) / max(1e-6, abs(C.signed_area(q)))


def place_out_of_frame(rng, cam, pts3d):
    """Shift the camera until one or two page corners fall clearly outside the frame."""
    w, h = cam.width, cam.height
    want = 1 if rng.random() < 0.55 else 2
    m = 0.015 * max(w, h)
    for _ in range(400):
        c2 = shifted(cam, rng.uniform(-0.6, 0.6) * w, rng.uniform(-0.6, 0.6) * h)
        q = c2.project(pts3d)
        n_out, n_in = outside_count(q, w, h, m)
        if n_out == want and n_in == 4 - want and visible_fraction(q, w, h) > 0.45:
            return c2
    return None


def sprite_homography(cam, sprite, cx, cy, angle, z=None):
    ea = np.array([math.cos(angle), math.sin(angle), 0.0])
    eb = np.array([-math.sin(angle), math.cos(angle), 0.0])
    zz = -sprite.height_mm if z is None else z
    origin = np.array([cx, cy, zz]) - ea * sprite.w_mm / 2 - eb * sprite.h_mm / 2
    ph, pw = sprite.rgba.shape[:2]
    return cam.plane_homography(origin, ea, eb) @ C.scale(sprite.w_mm / pw, sprite.h_mm / ph)


def footprint(sprite, cx, cy, angle, margin=0.0):
    """The sprite's rectangle on the table (4 x 2, mm), grown by margin."""
    c, s = math.cos(angle), math.sin(angle)
    hw, hh = sprite.w_mm / 2 + margin, sprite.h_mm / 2 + margin
    local = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]])
    return local @ np.array([[c, s], [-s, c]]) + [cx, cy]


def overlaps(sprite, cx, cy, angle, poly, margin):
    """Whether the sprite's footprint (grown by margin mm) overlaps the convex polygon poly."""
    if poly is None or len(poly) < 3:
        return False
    a = footprint(sprite, cx, cy, angle, margin).astype(np.float32)
    b = np.asarray(poly, np.float32)
    area, _ = cv2.intersectConvexConvex(a, b)
    return area > 0


# MARK: - the renderer

class Renderer:
    """Accumulates layers into one float image for a fixed camera."""

    def __init__(self, rng, cam, long_side, opts, page_half=(100.0, 100.0)):
        self.rng, self.cam, self.opts = rng, cam, opts
        self.page_half = page_half  # half the page's extent (mm), for placing the table's edges
        self.w, self.h = cam.width, cam.height
        self.k = long_side / 1600.0
        el = math.radians(rng.uniform(35, 75))
        az = rng.uniform(0, 2 * math.pi)
        self.light = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), -math.sin(el)])
        self.img = None

    def px_per_mm(self, X):
        return self.cam.focal / max(1e-3, float(self.cam.depth(X)))

    def surface(self, name, paper=None, table=True):
        """Fill the frame with a textured plane (the table), and a floor beyond the table's edges."""
        rng = self.rng
        u, v, fp, front = C.plane_coords(self.cam.table_homography(), self.w, self.h)
        img = T.surface_texture(name, rng, u, v, fp, paper=paper)
        if table and rng.random() < 0.45:
            ext = [rng.uniform(90, 900) for _ in range(4)]
            x0, x1, y0, y1 = -self.page_half[0] - ext[0], self.page_half[0] + ext[1], -self.page_half[1] - ext[2], self.page_half[1] + ext[3]
            d = np.minimum(np.minimum(u - x0, x1 - u), np.minimum(v - y0, y1 - v))
            on = np.clip(d / np.maximum(fp, 1e-3) + 0.5, 0, 1)
            if float(on.min()) < 1.0:
                drop = rng.uniform(650, 780)
                fu, fv, ffp, _ = C.plane_coords(self.cam.table_homography(z=drop), self.w, self.h)
                floor = T.surface_texture(str(rng.choice(["wood", "tiles", "concrete", "fabric"])), rng, fu, fv, ffp)
                floor = cv2.GaussianBlur(floor, (0, 0), rng.uniform(2, 6) * self.k) * rng.uniform(0.3, 0.6)
                img = floor + (img - floor) * on[..., None]
        if not front.all():
            img[~front] = 0.5
        self.img = img
        return img

    def cast_sprite_shadow(self, sprite, hom_shadow, blur_mm, at):
        if sprite.shadow <= 0:
            return
        mask = sprite.rgba[..., 3]
        s_px = max(0.6, blur_mm * self.px_per_mm(at) * 1.0)
        layer = raster.warp_mask(mask, hom_shadow, self.w, self.h, pad=int(3 * s_px) + 3)
        if layer is None:
            return
        (x0, y0, x1, y1), a = layer
        a = cv2.GaussianBlur(a, (0, 0), s_px)
        E.darken(self.img[y0:y1, x0:x1], a, sprite.shadow * self.opts.strength, (1.05, 1.0, 0.92))

    def sprite(self, sprite, cx, cy, angle):
        """Warp a prop onto the image at table position (cx, cy) with its shadow."""
        centre = np.array([cx, cy, -sprite.height_mm])
        if self.cam.depth(centre) < 80:
            return False
        lz = abs(self.light[2])
        if sprite.column is None:
            off = -sprite.height_mm / lz * self.light[:2]
            hs = sprite_homography(self.cam, sprite, cx + off[0], cy + off[1], angle, z=0.0)
            self.cast_sprite_shadow(sprite, hs, 0.6 + 0.06 * sprite.height_mm, np.array([cx, cy, 0.0]))
        else:
            # A column's shadow is swept along the light: stamp cross-sections a fraction of a diameter apart.
            reach = sprite.height_mm / lz * float(np.hypot(*self.light[:2]))
            n = int(min(12, max(2, math.ceil(reach / (0.35 * min(sprite.w_mm, sprite.h_mm))) + 1)))
            for z in np.linspace(0, sprite.height_mm, n):
                shape = next(s for z0, z1, s in sprite.column if z0 <= z <= z1)
                off = -z / lz * self.light[:2]
                hs = sprite_homography(self.cam, shape, cx + off[0], cy + off[1], angle, z=0.0)
                self.cast_sprite_shadow(shape, hs, 0.6 + 0.06 * z, np.array([cx, cy, 0.0]))
            # Stack the wall: slices about 2 px apart on screen.
            bottom = self.cam.project(np.array([cx, cy, 0.0]))
            top = self.cam.project(centre)
            n = int(min(40, max(3, np.linalg.norm(top - bottom) / 2)))
            for z in np.linspace(0, sprite.height_mm, n, endpoint=False):
                shape = next(s for z0, z1, s in sprite.column if z0 <= z <= z1)
                hom = sprite_homography(self.cam, shape, cx, cy, angle, z=-z)
                raster.composite(self.img, raster.warp_planar(shape.rgba, hom, self.w, self.h))
        hom = sprite_homography(self.cam, sprite, cx, cy, angle)
        raster.composite(self.img, raster.warp_planar(sprite.rgba, hom, self.w, self.h))
        return True

    def random_table_point(self, rng, margin=0.1):
        g = np.linalg.inv(self.cam.table_homography())
        x = rng.uniform(-margin, 1 + margin) * self.w
        y = rng.uniform(-margin, 1 + margin) * self.h
        return C.apply_h(g, [[x, y]])[0]

    def sprite_ppm(self):
        return float(np.clip(self.px_per_mm(np.zeros(3)) * 1.5, 1.0, 8.0))

    def page(self, rgb, alpha, surface, spec):
        """Warp the page (flat or curved) with a soft contact shadow; returns the page's alpha canvas."""
        rng = self.rng
        rgba = raster.premultiply(rgb, alpha)
        ph, pw = rgba.shape[:2]
        h_flat = self.cam.plane_homography((-spec.width_mm / 2, -spec.height_mm / 2, 0.0), (1, 0, 0), (0, 1, 0))
        if isinstance(surface, SF.Flat):
            layer = raster.warp_planar(rgba, h_flat @ C.scale(spec.width_mm / pw, spec.height_mm / ph), self.w, self.h)
        else:
            gu, gv, pts = SF.grid(surface)
            rgba = SF.bake(rgba, surface, gu, gv, SF.shading(pts, self.light), rng)
            xy = self.cam.project(pts)
            layer = raster.warp_surface(rgba, spec.width_mm, spec.height_mm, gu, gv, xy, h_flat, self.w, self.h)
        amask = raster.alpha_canvas(layer, self.w, self.h)
        lift = surface.max_lift() if not isinstance(surface, SF.Flat) else 0.0
        scale = self.px_per_mm(np.zeros(3))
        off = (rng.uniform(0.3, 1.5) + 0.5 * lift) * scale
        ang = math.atan2(-self.light[1], -self.light[0]) + rng.normal(0, 0.3)
        m = np.float32([[1, 0, off * math.cos(ang)], [0, 1, off * math.sin(ang)]])
        sh = cv2.warpAffine(amask, m, (self.w, self.h))
        sh = cv2.GaussianBlur(sh, (0, 0), max(0.8, (0.6 + 0.4 * lift) * scale))
        E.darken(self.img, sh, rng.uniform(0.12, 0.35) * self.opts.strength, (1.05, 1.0, 0.92))
        raster.composite(self.img, layer)
        return amask


def choose_surface(rng, family, opts):
    if opts.surface:
        return opts.surface
    if family in ("wood", "fabric", "tiles", "white_table"):
        return family
    if family == "clutter":
        return str(rng.choice(["desk", "wood", "concrete", "white_table", "desk"]))
    return str(rng.choice(["wood", "fabric", "tiles", "white_table", "desk", "concrete"],
                          p=[0.26, 0.20, 0.14, 0.10, 0.18, 0.12]))


def choose_kind(rng, family, opts):
    if opts.kind:
        return opts.kind
    if family == "folded":
        return str(rng.choice(["letter", "report", "invoice"]))
    if family == "curled":
        return str(rng.choice(["letter", "report", "invoice", "receipt", "receipt"]))
    if family == "out_of_frame":
        return str(rng.choice(["letter", "report", "invoice", "report", "receipt"]))
    if family == "finger":
        return str(rng.choice(["letter", "report", "invoice", "receipt", "card", "card"]))
    return str(rng.choice(["letter", "letter", "report", "report", "invoice", "receipt", "card"]))


def choose_coverage(rng, family, kind, opts):
    if opts.coverage:
        return rng.uniform(*opts.coverage)
    if family == "out_of_frame":
        return rng.uniform(0.4, 0.95)
    if family == "finger":
        return rng.uniform(0.35, 0.8)
    if family == "clutter":
        return rng.uniform(0.15, 0.5)
    if kind in ("card", "receipt"):
        return rng.uniform(0.15, 0.6)
    return rng.uniform(0.15, 0.9)


def add_clutter(r, rng, corners_xy, n, allow_papers=True, over_page=True):
    """Scatter props on the table: papers and magazines under the page, the rest on top."""
    ppm = r.sprite_ppm()
    kinds_under = ["paper", "magazine"] if allow_papers else []
    kinds_over = ["pen", "pencil", "cable", "phone", "mug", "sticky", "sticky", "paperclip", "coin", "keyboard", "pen"]
    under, over = [], []
    for _ in range(n):
        if kinds_under and rng.random() < 0.25:
            under.append(str(rng.choice(kinds_under)))
        else:
            over.append(str(rng.choice(kinds_over)))
    cx0, cy0 = np.mean(corners_xy, 0) if len(corners_xy) else (0.0, 0.0)
    for name in under:
        spr = P.DESK_PROPS[name](rng, ppm)
        if name == "paper" and len(corners_xy):
            # Another sheet partly under ours: centre near one of our edges.
            j = int(rng.integers(4))
            a, b = corners_xy[j], corners_xy[(j + 1) % 4]
            p = a + (b - a) * rng.uniform(0.2, 0.8)
            out = p - np.array([cx0, cy0])
            p = p + out / max(1e-6, np.linalg.norm(out)) * rng.uniform(0.2, 0.6) * spr.h_mm
            r.sprite(spr, p[0], p[1], rng.normal(0, 0.4))
        else:
            p = r.random_table_point(rng)
            ang = rng.uniform(0, 2 * math.pi)
            if not overlaps(spr, p[0], p[1], ang, corners_xy, 0):
                r.sprite(spr, p[0], p[1], ang)
    return over


def place_over(r, rng, names, corners_xy, on_page=0.35):
    """Props on top: thin ones (pens, cables, clips, sticky notes) may lie across the page, bulky
    ones (phones, mugs, keyboards) are kept off it."""
    ppm = r.sprite_ppm()
    for name in names:
        spr = P.DESK_PROPS[name](rng, ppm)
        thin = name in ("pen", "pencil", "cable", "paperclip", "sticky", "coin")
        for _ in range(8):
            if thin and len(corners_xy) and rng.random() < on_page:
                a, b = corners_xy[int(rng.integers(4))], corners_xy[int(rng.integers(4))]
                p = a + (b - a) * rng.uniform(0.3, 0.7)
            else:
                p = r.random_table_point(rng)
            ang = rng.uniform(0, 2 * math.pi)
            if thin or not overlaps(spr, p[0], p[1], ang, corners_xy, 20):
                r.sprite(spr, p[0], p[1], ang)
                break


def lighting(r, rng, opts, page_poly=None, family=None):
    """Global light gain, optional cast shadows and a colour cast, applied in place."""
    k, s = r.k, opts.strength
    gain = E.illumination(rng, r.w, r.h, s * (1.6 if family == "shadow" else 1.0))
    if family == "shadow":
        best = None
        for _ in range(16):
            m = E.shadow_mask(rng, r.w, r.h, k, hard=rng.random() < 0.7)
            if page_poly is None:
                best = m
                break
            pm = np.zeros((r.h, r.w), np.uint8)
            cv2.fillPoly(pm, [np.round(page_poly).astype(np.int32)], 1)
            frac = float((m * pm).sum() / max(1, pm.sum()))
            if 0.2 < frac < 0.75:
                best = m
                break
            best = m if best is None else best
        gain *= 1 - rng.uniform(0.5, 0.8) * best
    elif rng.random() < opts.shadow_prob:
        gain *= 1 - rng.uniform(0.12, 0.45) * s * E.shadow_mask(rng, r.w, r.h, k)
    warm = rng.normal(0, 0.05) * s
    tint = (1 + warm, 1.0, 1 - warm)
    E.apply_light(r.img, gain, tint)


def pick_flat_spec(rng, kind, family, opts):
    paper = opts.paper
    if family == "white_table" and paper is None:
        paper = str(rng.choice(["white", "bright_white", "off_white", "white"]))
    if kind == "card":
        paper = None
    return pages.make_spec(rng, kind, size=opts.size, paper=paper)


def positive(family, rng, long_side, opts):
    kind = choose_kind(rng, family, opts)
    spec = pick_flat_spec(rng, kind, family, opts)
    pw, ph = spec.width_mm, spec.height_mm
    if family == "folded":
        surf = SF.Folded(rng, pw, ph)
    elif family == "curled":
        surf = SF.Curled(rng, pw, ph, receipt=(kind == "receipt"))
    elif kind != "card" and rng.random() < 0.25 and opts.strength >= 1.0:
        surf = SF.Curled(rng, pw, ph, receipt=(kind == "receipt"), strength=0.25)
    else:
        surf = SF.Flat(pw, ph)
    pts3d = surf.corners()

    cam = None
    for attempt in range(30):
        roll = sample_roll(rng, opts)
        tilt = sample_tilt(rng, opts)
        az = rng.uniform(0, 2 * math.pi)
        looks_portrait = (ph > pw) != (abs(math.sin(roll)) > 0.7071)
        portrait = looks_portrait if rng.random() < 0.75 else not looks_portrait
        w, h = image_size(rng, long_side, portrait)
        f = C.focal_px(w, h, rng.uniform(24, 30))
        coverage = choose_coverage(rng, family, kind, opts) * (0.97 ** attempt)
        cam0 = aim(w, h, f, orientation_matrix(tilt, az, roll), pts3d, coverage)
        if family == "out_of_frame":
            cam = place_out_of_frame(rng, cam0, pts3d)
        else:
            cam = place_inside(rng, cam0, pts3d, 0.02 * min(w, h), opts.centred)
        if cam is not None:
            break
    if cam is None:
        raise RuntimeError("could not place the camera")

    r = Renderer(rng, cam, long_side, opts, page_half=(pw / 2, ph / 2))
    q = cam.project(pts3d)
    corners, k0 = C.order_corners(q)

    # Page raster density: a little above the largest on-screen scale at the supersampled resolution.
    scale = max(r.px_per_mm(p) for p in pts3d)
    ppm = scale * raster.SUPERSAMPLE * 1.1
    ppm = max(ppm, MIN_PPM_CARD if kind == "card" else MIN_PPM_SHEET)
    ppm = min(ppm, MAX_PAGE_PX / max(pw, ph))
    page = pages.render(spec, ppm)

    surface_name = choose_surface(rng, family, opts)
    r.surface(surface_name, paper=spec.paper)
    corners_xy = pts3d[:, :2]
    clutter = opts.clutter if opts.clutter is not None else (family == "clutter" or rng.random() < 0.25)
    over = []
    if clutter:
        n = int(rng.integers(4, 10)) if family == "clutter" else int(rng.integers(1, 4))
        over = add_clutter(r, rng, corners_xy, n, allow_papers=family == "clutter" or rng.random() < 0.3)
    r.page(page.rgb, page.alpha, surf, spec)
    if over:
        place_over(r, rng, over, corners_xy, on_page=0.5 if family == "clutter" else 0.2)
    if family == "finger":
        add_fingers(r, rng, q)
    lighting(r, rng, opts, page_poly=q, family=family)
    img = E.camera_effects(rng, r.img, r.k, opts.strength)

    size = spec.page_size if k0 % 2 == 0 else spec.page_size[::-1]
    size = [int(v) if float(v).is_integer() else v for v in size]
    quality = int(rng.integers(opts.quality[0], opts.quality[1] + 1))
    info = {"kind": kind, "surface": surface_name, "tilt_deg": round(math.degrees(tilt), 1),
            "roll_deg": round(math.degrees(roll), 1), "coverage": round(abs(C.signed_area(q)) / (cam.width * cam.height), 3),
            "first_corner": k0}
    return Scene(img, [[round(float(x), 3), round(float(y), 3)] for x, y in corners], size,
                 page, quality, info)


def add_fingers(r, rng, q):
    """One or two thumbs over page corners or edges, reaching in from outside the page."""
    w, h = r.w, r.h
    centre = q.mean(0)
    scale = r.px_per_mm(np.zeros(3))
    for i in range(1 if rng.random() < 0.7 else 2):
        radius = rng.uniform(8.0, 11.0) * scale * rng.uniform(1.0, 1.6)
        if rng.random() < 0.55:
            j = int(rng.integers(4))
            c = q[j]
            inward = centre - c
            inward /= np.linalg.norm(inward)
            tip = c + inward * radius * rng.uniform(0.2, 1.1)
            out = -inward
        else:
            j = int(rng.integers(4))
            a, b = q[j], q[(j + 1) % 4]
            p = a + (b - a) * rng.uniform(0.2, 0.8)
            edge = (b - a) / np.linalg.norm(b - a)
            out = np.array([edge[1], -edge[0]])
            if np.dot(out, p - centre) < 0:
                out = -out
            tip = p - out * radius * rng.uniform(0.3, 1.2)
        # Lean the finger toward the nearest frame border so it reaches out of the photo.
        border = np.array([[0, tip[1]], [w, tip[1]], [tip[0], 0], [tip[0], h]], float)
        dists = np.linalg.norm(border - tip, axis=1)
        to_border = border[int(np.argmin(dists))] - tip
        to_border /= max(1e-6, np.linalg.norm(to_border))
        d = out * 0.6 + to_border * 0.4 + rng.normal(0, 0.15, 2)
        E.finger(rng, r.img, tip, d, radius, r.k)


# MARK: - negatives

def negative(rng, long_side, opts):
    kind = str(rng.choice(NEGATIVE_KINDS))
    portrait = rng.random() < 0.3
    w, h = image_size(rng, long_side, portrait)
    f = C.focal_px(w, h, rng.uniform(24, 30))
    tilt, az, roll = sample_tilt(rng, opts), rng.uniform(0, 2 * math.pi), sample_roll(rng, opts)
    R = orientation_matrix(tilt, az, roll)
    hero = None
    if kind == "screen":
        hero = P.tablet(rng, 3.0, big=rng.random() < 0.4)
    elif kind == "keyboard":
        hero = P.keyboard(rng, 3.0)
    if hero is not None:
        rect = np.array([[-hero.w_mm / 2, -hero.h_mm / 2, 0], [hero.w_mm / 2, -hero.h_mm / 2, 0],
                         [hero.w_mm / 2, hero.h_mm / 2, 0], [-hero.w_mm / 2, hero.h_mm / 2, 0]])
        cam = aim(w, h, f, R, rect, rng.uniform(0.2, 0.7))
        cam = place_inside(rng, cam, rect, 0.02 * min(w, h)) or cam
    else:
        d = rng.uniform(250, 900) if kind not in ("shelf", "brick", "grass", "gravel") else rng.uniform(600, 2000)
        cam = C.Camera.aimed(w, h, f, R, (0.0, 0.0, 0.0), d)
    r = Renderer(rng, cam, long_side, opts)
    if kind in ("shelf", "brick", "gravel", "grass"):
        r.surface(kind, table=False)
    elif kind == "tiles":
        r.surface("tiles", table=False)
    else:
        r.surface(str(rng.choice(["wood", "fabric", "desk", "white_table", "concrete", "tiles"])))
    if hero is not None:
        spr = P.tablet(rng, r.sprite_ppm() * 1.2, big=hero.w_mm > 400) if kind == "screen" else P.keyboard(rng, r.sprite_ppm() * 1.2)
        r.sprite(spr, 0.0, 0.0, 0.0)
        if rng.random() < 0.5:
            place_over(r, rng, [str(rng.choice(["pen", "mug", "phone", "sticky", "cable"])) for _ in range(int(rng.integers(1, 3)))], [])
    elif kind == "coins":
        ppm = r.sprite_ppm()
        for _ in range(int(rng.integers(4, 14))):
            p = r.random_table_point(rng, margin=-0.15)
            r.sprite(P.coin(rng, ppm), p[0], p[1], rng.uniform(0, 2 * math.pi))
    elif kind == "clutter":
        names = [str(rng.choice(["pen", "pencil", "cable", "phone", "mug", "sticky", "paperclip", "coin", "keyboard"]))
                 for _ in range(int(rng.integers(5, 11)))]
        place_over(r, rng, names, [])
    elif kind == "empty" and rng.random() < 0.6:
        place_over(r, rng, [str(rng.choice(["pen", "mug", "coin", "sticky", "pencil"])) for _ in range(int(rng.integers(1, 4)))], [])
    lighting(r, rng, opts)
    img = E.camera_effects(rng, r.img, r.k, opts.strength)
    quality = int(rng.integers(opts.quality[0], opts.quality[1] + 1))
    return Scene(img, None, None, None, quality, {"kind": kind})


def make_scene(family, rng, long_side=1600, opts=None):
    opts = opts or Options()
    if family == NEGATIVE:
        return negative(rng, long_side, opts)
    if family not in FAMILIES:
        raise ValueError(f"unknown family '{family}'; choose from {', '.join(FAMILIES + (NEGATIVE,))}")
    return positive(family, rng, long_side, opts)
