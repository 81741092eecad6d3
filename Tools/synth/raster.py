"""Warping rasters into the photo with supersampling, and alpha compositing.

A raster of px_w x px_h pixels that stands for a rectangle of w x h units is placed by a homography
from its continuous coordinates (origin at its top-left corner) to continuous image coordinates.
Warps run at SUPERSAMPLE times the output resolution and are box-filtered down, which antialiases
both the content and the outline. OpenCV addresses pixel centres by integer indices, hence the
half-pixel translations below.
"""
import math

import cv2
import numpy as np

from camera import apply_h, scale, translate

SUPERSAMPLE = 2


def premultiply(rgb, alpha=None):
    """RGBA uint8 premultiplied by alpha, for warping without dark fringes."""
    if alpha is None:
        return np.dstack([rgb, np.full(rgb.shape[:2], 255, np.uint8)])
    a = alpha.astype(np.uint16)
    prem = ((rgb.astype(np.uint16) * a[..., None] + 127) // 255).astype(np.uint8)
    return np.dstack([prem, alpha])


def roi_of(points, width, height, pad=3):
    """Integer window (x0, y0, x1, y1) bounding points, clipped to the frame; None when empty."""
    p = np.asarray(points, float).reshape(-1, 2)
    if not np.all(np.isfinite(p)):
        return (0, 0, width, height)
    x0 = max(0, int(math.floor(p[:, 0].min())) - pad)
    y0 = max(0, int(math.floor(p[:, 1].min())) - pad)
    x1 = min(width, int(math.ceil(p[:, 0].max())) + pad)
    y1 = min(height, int(math.ceil(p[:, 1].max())) + pad)
    if x1 <= x0 or y1 <= y0:
        return None
    return (x0, y0, x1, y1)


def _downsample(big, roi):
    x0, y0, x1, y1 = roi
    small = cv2.resize(big, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
    small = small.astype(np.float32) / 255.0
    return small[..., :3], small[..., 3]


def warp_planar(rgba, h_raster, width, height, ss=SUPERSAMPLE):
    """Warp a premultiplied RGBA raster whose continuous coordinates map to the image by h_raster.
    Returns (roi, premultiplied rgb float32, alpha float32) or None when it misses the frame."""
    ph, pw = rgba.shape[:2]
    corners = apply_h(h_raster, [[0, 0], [pw, 0], [pw, ph], [0, ph]])
    roi = roi_of(corners, width, height)
    if roi is None:
        return None
    x0, y0, x1, y1 = roi
    m = translate(-x0 * ss - 0.5, -y0 * ss - 0.5) @ scale(ss) @ h_raster @ translate(0.5, 0.5)
    big = cv2.warpPerspective(rgba, m, ((x1 - x0) * ss, (y1 - y0) * ss), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    rgb, a = _downsample(big, roi)
    return roi, rgb, a


def warp_surface(rgba, w_mm, h_mm, grid_u, grid_v, grid_xy, h_flat, width, height, ss=SUPERSAMPLE, iters=7):
    """Warp a page raster that lies on a gently curved surface.

    grid_u, grid_v: 1-D page coordinates (mm) of a regular grid; grid_xy: (len(v), len(u), 2) image
    positions of those surface points; h_flat: homography of the flat page (page mm -> image).
    Each output pixel is pulled back to the flat page by h_flat and corrected by a fixed-point
    iteration on the displacement field, which converges because the surface is close to flat."""
    ph, pw = rgba.shape[:2]
    roi = roi_of(grid_xy, width, height)
    if roi is None:
        return None
    x0, y0, x1, y1 = roi
    g = np.linalg.inv(h_flat)
    uu, vv = np.meshgrid(grid_u, grid_v)
    back = apply_h(g, grid_xy)
    disp = np.dstack([back[..., 0] - uu, back[..., 1] - vv]).astype(np.float32)
    gu0, gv0 = float(grid_u[0]), float(grid_v[0])
    idu, idv = 1.0 / float(grid_u[1] - grid_u[0]), 1.0 / float(grid_v[1] - grid_v[0])

    bw, bh = (x1 - x0) * ss, (y1 - y0) * ss
    xs = ((np.arange(bw) + 0.5) / ss + x0)[None, :]
    ys = ((np.arange(bh) + 0.5) / ss + y0)[:, None]
    w = g[2, 0] * xs + g[2, 1] * ys + g[2, 2]
    qu = ((g[0, 0] * xs + g[0, 1] * ys + g[0, 2]) / w).astype(np.float32)
    qv = ((g[1, 0] * xs + g[1, 1] * ys + g[1, 2]) / w).astype(np.float32)
    u, v = qu.copy(), qv.copy()
    for _ in range(iters):
        d = cv2.remap(disp, ((u - gu0) * idu).astype(np.float32), ((v - gv0) * idv).astype(np.float32),
                      cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        u, v = qu - d[..., 0], qv - d[..., 1]
    mx = (u * float(pw / w_mm) - 0.5).astype(np.float32)
    my = (v * float(ph / h_mm) - 0.5).astype(np.float32)
    big = cv2.remap(rgba, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    rgb, a = _downsample(big, roi)
    return roi, rgb, a


def warp_mask(mask, h_raster, width, height, pad=3, ss=SUPERSAMPLE):
    """Warp a single-channel uint8 mask; returns (roi, alpha float32) or None. pad widens the window
    (for a blur that follows)."""
    ph, pw = mask.shape[:2]
    corners = apply_h(h_raster, [[0, 0], [pw, 0], [pw, ph], [0, ph]])
    roi = roi_of(corners, width, height, pad)
    if roi is None:
        return None
    x0, y0, x1, y1 = roi
    m = translate(-x0 * ss - 0.5, -y0 * ss - 0.5) @ scale(ss) @ h_raster @ translate(0.5, 0.5)
    big = cv2.warpPerspective(mask, m, ((x1 - x0) * ss, (y1 - y0) * ss), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    small = cv2.resize(big, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
    return roi, small.astype(np.float32) / 255.0


def composite(dst, layer):
    """Alpha-composite a warped layer (roi, premultiplied rgb, alpha) over dst (float32 HxWx3) in place."""
    if layer is None:
        return
    (x0, y0, x1, y1), rgb, a = layer
    sub = dst[y0:y1, x0:x1]
    sub *= (1.0 - a)[..., None]
    sub += rgb


def alpha_canvas(layer, width, height):
    """The layer's alpha on a full-frame canvas."""
    out = np.zeros((height, width), np.float32)
    if layer is not None:
        (x0, y0, x1, y1), _, a = layer
        out[y0:y1, x0:x1] = a
    return out
