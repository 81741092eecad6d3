// Plain geometry for quads in image pixels: corner order top-left, top-right, bottom-right,
// bottom-left (clockwise on screen, y down), as the server's corner contract says.

/** Why a quad cannot be applied, or null when it is a proper convex, non-crossing quad inside the image. */
export function quadProblem(corners, width, height) {
  if (!corners || corners.length !== 4) return "Place all four corners.";
  const tolerance = 0.5;
  for (const [x, y] of corners) {
    if (x < -tolerance || y < -tolerance || x > width + tolerance || y > height + tolerance) {
      return "A corner is outside the photo.";
    }
  }
  let sign = 0;
  for (let i = 0; i < 4; i += 1) {
    const [ax, ay] = corners[i];
    const [bx, by] = corners[(i + 1) % 4];
    const [cx, cy] = corners[(i + 2) % 4];
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (Math.abs(cross) < 1e-6) return "Three corners are in a line; spread them out.";
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return "The edges cross or bend inwards; drag the corners to the page's corners.";
  }
  if (Math.abs(area(corners)) < width * height * 0.001) return "The outline is too small.";
  return null;
}

/** Signed shoelace area (positive when clockwise on screen). */
export function area(corners) {
  let sum = 0;
  for (let i = 0; i < corners.length; i += 1) {
    const [ax, ay] = corners[i];
    const [bx, by] = corners[(i + 1) % corners.length];
    sum += ax * by - bx * ay;
  }
  return sum / 2;
}

/** Orders four points top-left, top-right, bottom-right, bottom-left around their centroid. */
export function ordered(points) {
  const cx = points.reduce((s, p) => s + p[0], 0) / 4;
  const cy = points.reduce((s, p) => s + p[1], 0) / 4;
  const sorted = [...points].sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
  let start = 0;
  sorted.forEach((p, i) => { if (p[0] + p[1] < sorted[start][0] + sorted[start][1]) start = i; });
  return [0, 1, 2, 3].map((k) => sorted[(start + k) % 4]);
}

/** The whole image as a quad, for pages where nothing was detected. */
export function fullFrame(width, height) {
  return [[0, 0], [width, 0], [width, height], [0, height]];
}

/**
 * Where an element of intrinsic size (w, h) lands inside a box of size (bw, bh) with `object-fit: contain`:
 * returns {scale, x, y} so that screen = image * scale + offset.
 */
export function containFit(w, h, bw, bh) {
  const scale = Math.min(bw / w, bh / h);
  return { scale, x: (bw - w * scale) / 2, y: (bh - h * scale) / 2 };
}

export const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
