"""Shapes of a page that does not lie flat: folds and curls.

A surface maps page coordinates (u, v) in mm, origin at the page's top-left corner, to world points
(X, Y, Z) with the page centred on the table origin and Z = -lift. A fold is isometric (each panel is
rotated rigidly about its crease), a curl is a small height field; both keep the corners' true 3-D
positions, which is what the ground truth projects.
"""
import math

import cv2
import numpy as np


class Surface:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.creases = []  # (a, b, c): lines a*u + b*v + c = 0 in page mm, for crease shading

    def points(self, u, v):
        raise NotImplementedError

    def corners(self):
        u = np.array([0.0, self.w, self.w, 0.0])
        v = np.array([0.0, 0.0, self.h, self.h])
        return self.points(u, v)

    def max_lift(self):
        u, v = np.meshgrid(np.linspace(0, self.w, 24), np.linspace(0, self.h, 24))
        return float(-self.points(u, v)[..., 2].min())


class Flat(Surface):
    def points(self, u, v):
        u, v = np.asarray(u, float), np.asarray(v, float)
        return np.stack([u - self.w / 2, v - self.h / 2, np.zeros_like(u)], -1)


class Folded(Surface):
    """Parallel creases (a letter folded in half or in thirds, then opened); each panel is rotated
    about its crease so the outline bends slightly at every crease."""

    def __init__(self, rng, w, h):
        super().__init__(w, h)
        across = rng.random() < 0.75  # creases run across the page (horizontal lines)
        slant = math.radians(rng.normal(0, 1.5))
        self.n = np.array([math.sin(slant), math.cos(slant)]) if across else np.array([math.cos(slant), -math.sin(slant)])
        self.e = np.array([self.n[1], -self.n[0]])
        span = h if across else w
        thirds = rng.random() < 0.5
        fr = [1 / 3, 2 / 3] if thirds else [0.5]
        self.s = np.array([(f - 0.5) * span + rng.normal(0, 0.015 * span) for f in fr])
        nb = len(self.s)
        self.base = int(rng.integers(nb + 1)) if not thirds else (1 if rng.random() < 0.6 else int(rng.choice([0, 2])))
        self.beta = [math.radians(rng.uniform(8, 28)) for _ in range(nb)]
        if thirds and self.base != 1 and rng.random() < 0.6:
            self.beta[1] = -self.beta[1] * rng.uniform(0.4, 1.0)  # Z-fold: the far panel bends back
        c = np.array([w / 2, h / 2])
        for si in self.s:
            # Points p with (p - c).n = si  =>  n.p - (n.c + si) = 0
            self.creases.append((self.n[0], self.n[1], -(self.n @ c + si)))

    def profile(self, s):
        """Crease-normal coordinate s -> (along, up) of the bent strip."""
        s = np.asarray(s, float)
        along, up = s.copy(), np.zeros_like(s)
        nb = len(self.s)
        edges = list(self.s)
        # Going right of the base panel.
        pos, phi = np.array([0.0, 0.0]), 0.0
        if self.base < nb:
            pos = np.array([edges[self.base], 0.0])
            for j in range(self.base, nb):
                phi += self.beta[j]
                hi = edges[j + 1] if j + 1 < nb else np.inf
                sel = (s >= edges[j]) & (s < hi)
                along[sel] = pos[0] + (s[sel] - edges[j]) * math.cos(phi)
                up[sel] = pos[1] + (s[sel] - edges[j]) * math.sin(phi)
                if j + 1 < nb:
                    pos = pos + (edges[j + 1] - edges[j]) * np.array([math.cos(phi), math.sin(phi)])
        # Going left of the base panel.
        phi = 0.0
        if self.base > 0:
            pos = np.array([edges[self.base - 1], 0.0])
            for j in range(self.base - 1, -1, -1):
                phi += self.beta[j]
                lo = edges[j - 1] if j - 1 >= 0 else -np.inf
                sel = (s < edges[j]) & (s >= lo)
                along[sel] = pos[0] + (s[sel] - edges[j]) * math.cos(phi)
                up[sel] = pos[1] - (s[sel] - edges[j]) * math.sin(phi)
                if j - 1 >= 0:
                    pos = pos + (edges[j - 1] - edges[j]) * np.array([math.cos(phi), -math.sin(phi)])
        return along, up

    def points(self, u, v):
        u, v = np.asarray(u, float), np.asarray(v, float)
        pu, pv = u - self.w / 2, v - self.h / 2
        s = pu * self.n[0] + pv * self.n[1]
        t = pu * self.e[0] + pv * self.e[1]
        along, up = self.profile(s)
        x = t * self.e[0] + along * self.n[0]
        y = t * self.e[1] + along * self.n[1]
        return np.stack([x, y, -up], -1)


class Curled(Surface):
    """Lifted corners and edges plus a gentle buckle, so the sides are curves, not lines."""

    def __init__(self, rng, w, h, receipt=False, strength=1.0):
        super().__init__(w, h)
        self.terms = []
        diag = math.hypot(w, h)
        corners = [(0, 0), (w, 0), (w, h), (0, h)]
        for ci in rng.choice(4, size=int(rng.integers(1, 4)), replace=False):
            cx, cy = corners[ci]
            d = np.array([w / 2 - cx, h / 2 - cy])
            d /= np.linalg.norm(d)
            self.terms.append(("corner", cx, cy, d[0], d[1], rng.uniform(0.12, 0.35) * diag,
                               strength * rng.uniform(4, 18) * min(1.0, diag / 300)))
        for ei in rng.choice(4, size=int(rng.integers(0, 3)), replace=False):
            self.terms.append(("edge", int(ei), rng.uniform(15, 60), strength * rng.uniform(2, 10) * min(1.0, diag / 300),
                               rng.uniform(60, 260), rng.uniform(0, 2 * math.pi)))
        for _ in range(int(rng.integers(1, 3))):
            ang = rng.uniform(0, math.pi)
            self.terms.append(("wave", math.cos(ang), math.sin(ang), rng.uniform(90, 300), rng.uniform(0, 2 * math.pi),
                               strength * rng.uniform(0.5, 4.0)))
        if receipt:
            self.terms.append(("roll", strength * rng.uniform(2, 9)))

    def lift(self, u, v):
        z = np.zeros(np.broadcast(u, v).shape)
        for term in self.terms:
            kind = term[0]
            if kind == "corner":
                _, cx, cy, dx, dy, R, A = term
                t = (u - cx) * dx + (v - cy) * dy
                z += A * np.clip(1 - t / R, 0, None) ** 2
            elif kind == "edge":
                _, ei, R, A, lam, ph = term
                dist = [v, self.w - u, self.h - v, u][ei]
                along = [u, v, u, v][ei]
                z += A * (1 + 0.6 * np.sin(2 * math.pi * along / lam + ph)) * np.clip(1 - dist / R, 0, None) ** 2
            elif kind == "wave":
                _, cx, cy, lam, ph, A = term
                z += A * (0.5 + 0.5 * np.sin(2 * math.pi * (u * cx + v * cy) / lam + ph))
            elif kind == "roll":
                z += term[1] * ((u - self.w / 2) / (self.w / 2)) ** 2
        return z

    def points(self, u, v):
        u, v = np.asarray(u, float), np.asarray(v, float)
        return np.stack([u - self.w / 2, v - self.h / 2, -self.lift(u, v)], -1)


def grid(surface, step_mm=3.0, max_n=160):
    """A regular grid over the page: (gu, gv, world points (nv, nu, 3))."""
    nu = int(min(max_n, max(8, math.ceil(surface.w / step_mm) + 1)))
    nv = int(min(max_n, max(8, math.ceil(surface.h / step_mm) + 1)))
    gu, gv = np.linspace(0, surface.w, nu), np.linspace(0, surface.h, nv)
    uu, vv = np.meshgrid(gu, gv)
    return gu, gv, surface.points(uu, vv)


def shading(points, light, ambient=0.3):
    """Lambertian shading of the grid relative to a flat page (1.0 where the page is flat)."""
    du = np.gradient(points, axis=1)
    dv = np.gradient(points, axis=0)
    nrm = -np.cross(du, dv)
    nrm /= np.linalg.norm(nrm, axis=-1, keepdims=True)
    l = np.asarray(light, float)
    flat = ambient + (1 - ambient) * max(0.0, -l[2])
    return ((ambient + (1 - ambient) * np.clip(nrm @ l, 0, None)) / flat).astype(np.float32)


def bake(rgba, surface, gu, gv, shade, rng):
    """Multiply the page raster by the grid shading and darken thin bands along creases."""
    ph, pw = rgba.shape[:2]
    field = cv2.resize(shade, (pw, ph), interpolation=cv2.INTER_LINEAR)
    if surface.creases:
        xs = (np.arange(pw, dtype=np.float32) + 0.5) * (surface.w / pw)
        ys = (np.arange(ph, dtype=np.float32) + 0.5) * (surface.h / ph)
        for a, b, c in surface.creases:
            d = xs[None, :] * a + ys[:, None] * b + c
            width = rng.uniform(0.3, 0.9)
            field *= 1 - rng.uniform(0.06, 0.2) * np.exp(-(d / width) ** 2) + rng.uniform(0, 0.08) * np.exp(-((d - 1.5 * width) / width) ** 2)
    out = rgba.copy()
    for ch in range(3):
        out[..., ch] = np.clip(rgba[..., ch] * field, 0, 255).astype(np.uint8)
    return out
