// The detected page drawn over the live preview: eased towards each new detection at the display's
// frame rate (so the outline glides even when detections arrive at 10 fps), fading out when lost.

import { containFit } from "./geometry.js";

const OVERLAY = {
  smoothing: 0.35, // share of the way the drawn outline moves towards the latest detection per frame
  lostAfterMs: 400, // the outline starts fading when no page was seen for this long
  fadeMs: 300, // … and is gone this much later
  searching: "77, 159, 255", // RGB of the outline while looking
  steady: "63, 212, 154", // RGB of the outline when the page holds still (or was just captured)
};

export class QuadOverlay {
  /** Draws on `canvas` (covering `video`, which is shown with object-fit: contain); `onDraw` counts frames. */
  constructor(canvas, video, onDraw) {
    this.canvas = canvas;
    this.video = video;
    this.onDraw = onDraw;
    this.target = null; // latest detected corners, in video pixels
    this.shown = null; // corners being drawn, easing towards target
    this.lastSeen = 0;
    this.running = false;
    new ResizeObserver(() => this.resize()).observe(canvas);
  }

  /** A new detection, in video pixels, seen at `now` (performance.now()). */
  show(corners, now) {
    this.target = corners;
    this.lastSeen = now;
  }

  clear() {
    this.target = null;
    this.shown = null;
  }

  resize() {
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(this.canvas.clientWidth * ratio);
    this.canvas.height = Math.round(this.canvas.clientHeight * ratio);
  }

  /** Draws every animation frame while `isActive()`; `isSteady()` picks the colour. */
  run(isActive, isSteady) {
    if (this.running) return;
    this.running = true;
    const frame = () => {
      if (!isActive()) {
        this.running = false;
        return;
      }
      this.draw(isSteady());
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  draw(steady) {
    const context = this.canvas.getContext("2d");
    const { width, height } = this.canvas;
    context.clearRect(0, 0, width, height);
    const { videoWidth: vw, videoHeight: vh } = this.video;
    if (!this.target || !vw) return;
    const age = performance.now() - this.lastSeen;
    const alpha = age < OVERLAY.lostAfterMs ? 1 : Math.max(0, 1 - (age - OVERLAY.lostAfterMs) / OVERLAY.fadeMs);
    if (alpha <= 0) {
      this.shown = null;
      return;
    }
    const k = OVERLAY.smoothing;
    this.shown = this.shown
      ? this.shown.map(([x, y], i) => [x + (this.target[i][0] - x) * k, y + (this.target[i][1] - y) * k])
      : this.target.map((p) => [...p]);
    const fit = containFit(vw, vh, width, height);
    const points = this.shown.map(([x, y]) => [x * fit.scale + fit.x, y * fit.scale + fit.y]);
    const ratio = window.devicePixelRatio || 1;
    const colour = steady ? OVERLAY.steady : OVERLAY.searching;

    context.save();
    context.globalAlpha = alpha;
    context.beginPath();
    points.forEach(([x, y], i) => (i ? context.lineTo(x, y) : context.moveTo(x, y)));
    context.closePath();
    context.fillStyle = `rgba(${colour}, 0.2)`;
    context.fill();
    context.lineWidth = 3 * ratio;
    context.lineJoin = "round";
    context.strokeStyle = `rgb(${colour})`;
    context.shadowColor = "rgba(0, 0, 0, 0.5)";
    context.shadowBlur = 6 * ratio;
    context.stroke();
    context.shadowBlur = 0;
    context.fillStyle = "#fff";
    for (const [x, y] of points) {
      context.beginPath();
      context.arc(x, y, 6 * ratio, 0, Math.PI * 2);
      context.fill();
      context.lineWidth = 2.5 * ratio;
      context.stroke();
    }
    context.restore();
    this.onDraw();
  }
}
