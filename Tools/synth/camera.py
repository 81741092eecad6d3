"""Pinhole camera over a table plane, and the corner-order convention.

World frame: the table is the plane Z = 0, X to the right and Y "down" on the table (the way a
page is read), Z pointing into the table, so a point at height h above the table has Z = -h. A camera
with R = I looks straight down the +Z axis and sees the page upright.

Image coordinates are continuous with the origin at the top-left corner of the top-left pixel:
pixel (i, j) covers [i, i+1] x [j, j+1] and its centre is (i + 0.5, j + 0.5). OpenCV's warp
functions address pixel centres by integer indices, so the conversion lives in raster.py.
"""
import math

import numpy as np

FULL_FRAME_DIAGONAL_MM = math.hypot(36.0, 24.0)


def rotation(axis, angle):
    """Rotation matrix about a unit axis by angle (radians), right-handed."""
    x, y, z = np.asarray(axis, float) / np.linalg.norm(axis)
    c, s = math.cos(angle), math.sin(angle)
    C = 1.0 - c
    return np.array([[c + x * x * C, x * y * C - z * s, x * z * C + y * s],
                     [y * x * C + z * s, c + y * y * C, y * z * C - x * s],
                     [z * x * C - y * s, z * y * C + x * s, c + z * z * C]])


def focal_px(width, height, equivalent_mm):
    """Focal length in pixels for a 35 mm-equivalent focal length (matched on the diagonal)."""
    return equivalent_mm / FULL_FRAME_DIAGONAL_MM * math.hypot(width, height)


def apply_h(h, pts):
    pts = np.asarray(pts, float)
    p = pts @ h[:, :2].T + h[:, 2]
    return p[..., :2] / p[..., 2:3]


def translate(dx, dy):
    return np.array([[1.0, 0, dx], [0, 1.0, dy], [0, 0, 1.0]])


def scale(sx, sy=None):
    return np.diag([sx, sx if sy is None else sy, 1.0])


class Camera:
    """A pinhole camera: x_cam = R X + t, principal point at the image centre, square pixels."""

    def __init__(self, width, height, focal, R, t):
        self.width, self.height, self.focal = int(width), int(height), float(focal)
        self.R, self.t = np.asarray(R, float), np.asarray(t, float)
        self.K = np.array([[focal, 0, width / 2.0], [0, focal, height / 2.0], [0, 0, 1.0]])

    @classmethod
    def aimed(cls, width, height, focal, R, target, distance):
        """Camera with orientation R whose optical axis meets the world point target at distance."""
        t = np.array([0.0, 0.0, distance]) - R @ np.asarray(target, float)
        return cls(width, height, focal, R, t)

    @property
    def centre(self):
        return -self.R.T @ self.t

    def depth(self, X):
        return (np.asarray(X, float) @ self.R.T + self.t)[..., 2]

    def project(self, X):
        """World points (..., 3) to continuous image coordinates (..., 2)."""
        c = np.asarray(X, float) @ self.R.T + self.t
        return np.stack([self.focal * c[..., 0] / c[..., 2] + self.width / 2.0,
                         self.focal * c[..., 1] / c[..., 2] + self.height / 2.0], axis=-1)

    def plane_homography(self, origin, axis_a, axis_b):
        """Homography from plane coordinates (a, b) to the image, the plane being origin + a*axis_a + b*axis_b."""
        m = np.column_stack([self.R @ np.asarray(axis_a, float), self.R @ np.asarray(axis_b, float),
                             self.R @ np.asarray(origin, float) + self.t])
        h = self.K @ m
        return h / h[2, 2]

    def table_homography(self, z=0.0):
        """Homography from world (X, Y) on the plane Z = z to the image."""
        return self.plane_homography((0.0, 0.0, z), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0))

    def scale_at(self, X):
        """Approximate image pixels per world mm near point X (for fronto-parallel extents)."""
        return self.focal / self.depth(X)


def plane_coords(h_plane, width, height, x0=0, y0=0):
    """For every pixel centre of a width x height window at (x0, y0), the plane coordinates under the
    inverse of h_plane and the footprint (plane units per pixel, the sqrt of the Jacobian's determinant).
    Returns float32 arrays u, v, footprint, and a mask of pixels whose ray meets the plane in front."""
    g = np.linalg.inv(h_plane)
    xs = (np.arange(width, dtype=np.float64) + x0 + 0.5)[None, :]
    ys = (np.arange(height, dtype=np.float64) + y0 + 0.5)[:, None]
    w = g[2, 0] * xs + g[2, 1] * ys + g[2, 2]
    u = (g[0, 0] * xs + g[0, 1] * ys + g[0, 2]) / w
    v = (g[1, 0] * xs + g[1, 1] * ys + g[1, 2]) / w
    det = abs(np.linalg.det(g))
    fp = np.sqrt(det / np.abs(w) ** 3)
    # A ray that meets the plane behind the camera has w of the opposite sign to the image centre's.
    wc = g[2, 0] * width / 2 + g[2, 1] * height / 2 + g[2, 2]
    front = (w * np.sign(wc)) > 0
    return u.astype(np.float32), v.astype(np.float32), fp.astype(np.float32), front


def signed_area(q):
    """Shoelace sum; positive when q runs clockwise on screen (y down)."""
    q = np.asarray(q, float)
    x, y = q[:, 0], q[:, 1]
    return 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def order_corners(q):
    """Contract order: clockwise on screen, starting at the corner with the smallest x + y.
    q is in the page's own order (its top-left first); returns (ordered 4x2, k) where the ordered
    quad starts at the page's corner k, so an odd k means the page's width runs along side 1-2."""
    q = np.asarray(q, float)
    if signed_area(q) < 0:
        raise ValueError("page seen from behind: projected corners run anticlockwise")
    k = int(np.argmin(q[:, 0] + q[:, 1]))
    return np.roll(q, -k, axis=0), k
