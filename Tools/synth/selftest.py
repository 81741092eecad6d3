#!/usr/bin/env python3
"""Checks of the generator's geometry and determinism; prints 'N passed, N failed'.

  python3 Tools/synth/selftest.py

- warp_planar puts a raster exactly where its homography says: the warped coverage has the area and
  the centroid of the projected polygon (a half-pixel slip would move the centroid by 0.5 px);
- the curved-page path (warp_surface) agrees with warp_planar on a flat page;
- a finished photo, rectified with its truth corners, matches the flat page it shows;
- corner order is clockwise on screen from the smallest x + y, and page_size follows that order;
- the same seed gives the same photo, bit for bit.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

import camera as C  # noqa: E402
import raster  # noqa: E402
import scene as S  # noqa: E402
import surfaces as SF  # noqa: E402

RESULTS = []


def check(name, ok, detail=""):
    RESULTS.append(ok)
    print(f"{'ok  ' if ok else 'FAIL'} {name} {detail}")


def polygon_centroid(q):
    q = np.asarray(q, float)
    x, y = q[:, 0], q[:, 1]
    cross = x * np.roll(y, -1) - np.roll(x, -1) * y
    a = cross.sum() / 2
    return np.array([((x + np.roll(x, -1)) * cross).sum(), ((y + np.roll(y, -1)) * cross).sum()]) / (6 * a), a


def random_camera(rng, w=640, h=480, page=(210.0, 297.0)):
    R = S.orientation_matrix(math.radians(rng.uniform(0, 40)), rng.uniform(0, 6.3), rng.uniform(-3.2, 3.2))
    pts = SF.Flat(*page).corners()
    return S.aim(w, h, C.focal_px(w, h, 26), R, pts, rng.uniform(0.2, 0.6)), pts


def test_planar_alignment(rng):
    worst_c, worst_a = 0.0, 0.0
    for _ in range(20):
        cam, pts = random_camera(rng)
        pw, ph = 420, 594
        h_flat = cam.plane_homography((-105.0, -148.5, 0.0), (1, 0, 0), (0, 1, 0))
        hom = h_flat @ C.scale(210.0 / pw, 297.0 / ph)
        layer = raster.warp_planar(raster.premultiply(np.full((ph, pw, 3), 255, np.uint8)), hom, cam.width, cam.height)
        a = raster.alpha_canvas(layer, cam.width, cam.height)
        q = cam.project(pts)
        if np.any(q < 2) or np.any(q[:, 0] > cam.width - 2) or np.any(q[:, 1] > cam.height - 2):
            continue
        c_true, area = polygon_centroid(q)
        ys, xs = np.mgrid[0:cam.height, 0:cam.width]
        c_img = np.array([((xs + 0.5) * a).sum(), ((ys + 0.5) * a).sum()]) / a.sum()
        worst_c = max(worst_c, float(np.linalg.norm(c_img - c_true)))
        worst_a = max(worst_a, abs(float(a.sum()) / area - 1))
    check("warp_planar centroid matches the projected quad", worst_c < 0.05, f"(worst {worst_c:.4f} px)")
    check("warp_planar area matches the projected quad", worst_a < 0.004, f"(worst {100 * worst_a:.3f} %)")


def test_surface_matches_planar(rng):
    cam, pts = random_camera(rng)
    pw, ph = 420, 594
    img = rng.integers(0, 255, (ph, pw, 3), dtype=np.uint8)
    img = cv2.GaussianBlur(img, (0, 0), 3)
    rgba = raster.premultiply(img)
    h_flat = cam.plane_homography((-105.0, -148.5, 0.0), (1, 0, 0), (0, 1, 0))
    a = raster.warp_planar(rgba, h_flat @ C.scale(210.0 / pw, 297.0 / ph), cam.width, cam.height)
    gu, gv, gp = SF.grid(SF.Flat(210.0, 297.0))
    b = raster.warp_surface(rgba, 210.0, 297.0, gu, gv, cam.project(gp), h_flat, cam.width, cam.height)
    ca = raster.alpha_canvas(a, cam.width, cam.height)
    cb = raster.alpha_canvas(b, cam.width, cam.height)
    diff = float(np.abs(ca - cb).max())
    check("warp_surface on a flat page matches warp_planar", diff < 0.03, f"(max alpha diff {diff:.4f})")


def test_corner_order(rng):
    ok = True
    for _ in range(200):
        cam, pts = random_camera(rng)
        q, k = C.order_corners(cam.project(pts))
        s = q.sum(1)
        ok &= bool(np.argmin(s) == 0) and C.signed_area(q) > 0
        # Side 0-1 is the page's width when k is even, its height when k is odd.
        widths = [np.linalg.norm(pts[(k + i + 1) % 4] - pts[(k + i) % 4]) for i in range(2)]
        expect = (210.0, 297.0) if k % 2 == 0 else (297.0, 210.0)
        ok &= bool(np.allclose(widths, expect))
    check("corner order and page_size orientation", ok)


def test_rectified_photo_matches_flat_page():
    """End to end: undo the perspective of a finished photo (after lighting, noise and JPEG-like
    degradation) with its truth corners and compare with the page as printed."""
    opts = S.Options(kind="report", surface="wood", strength=0.3, shadow_prob=0.0, clutter=False)
    worst = 1.0
    for k in range(4):
        opts.roll_deg = (90.0 * k - 5, 90.0 * k + 5)
        sc = S.make_scene("wood", np.random.default_rng([9, k]), 800, opts)
        flat = sc.flat.rgb
        fh, fw = flat.shape[:2]
        src = (np.asarray(sc.corners, np.float32) - 0.5)
        dst = np.array([[-0.5, -0.5], [fw - 0.5, -0.5], [fw - 0.5, fh - 0.5], [-0.5, fh - 0.5]], np.float32)
        dst = np.roll(dst, -sc.info["first_corner"], axis=0)  # the page corner that is truth corner 0
        H = cv2.getPerspectiveTransform(src, dst)
        rect = cv2.warpPerspective(sc.image, H, (fw, fh), flags=cv2.INTER_AREA)
        a = cv2.GaussianBlur(cv2.cvtColor(rect, cv2.COLOR_RGB2GRAY).astype(np.float32), (0, 0), 4)
        b = cv2.GaussianBlur(cv2.cvtColor(flat, cv2.COLOR_RGB2GRAY).astype(np.float32), (0, 0), 4)
        worst = min(worst, float(np.corrcoef(a.ravel(), b.ravel())[0, 1]))
    check("a photo rectified with its truth matches the flat page", worst > 0.9, f"(worst correlation {worst:.3f})")


def test_determinism():
    a = S.make_scene("folded", np.random.default_rng([5, 1, 2]), 480)
    b = S.make_scene("folded", np.random.default_rng([5, 1, 2]), 480)
    same = np.array_equal(a.image, b.image) and a.corners == b.corners
    check("same seed, same photo", same)


def main():
    cv2.setNumThreads(1)
    rng = np.random.default_rng(12345)
    test_planar_alignment(rng)
    test_surface_matches_planar(rng)
    test_corner_order(rng)
    test_rectified_photo_matches_flat_page()
    test_determinism()
    passed = sum(RESULTS)
    print(f"{passed} passed, {len(RESULTS) - passed} failed")
    return 0 if passed == len(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
