// The crop editor: the original photo with four draggable corners (mouse, touch and pen through
// pointer events; arrow keys nudge the focused corner), a loupe while dragging, and apply/cancel.

import { api } from "./api.js";
import { quadProblem, fullFrame, containFit, clamp } from "./geometry.js";

const CROP = {
  photoMaxSide: 1600, // px of the photo fetched for editing
  loupeZoom: 2.5, // magnification of the loupe over the on-screen photo
  loupeGap: 84, // CSS px between the finger and the loupe's centre
  nudge: 1, // CSS px per arrow key press (Shift: ×10)
};

export class CropEditor {
  constructor(app) {
    this.app = app;
    this.element = document.getElementById("crop");
    this.stage = document.getElementById("crop-stage");
    this.frame = document.getElementById("crop-frame");
    this.image = document.getElementById("crop-image");
    this.lines = document.getElementById("crop-lines");
    this.loupe = document.getElementById("loupe");
    this.message = document.getElementById("crop-message");
    this.applyButton = document.getElementById("crop-apply");
    this.handles = [...this.frame.querySelectorAll(".handle")];
    this.page = null;
    this.corners = null;
    this.scale = 1;

    this.image.addEventListener("load", () => this.layout());
    new ResizeObserver(() => this.layout()).observe(this.stage);
    document.getElementById("crop-cancel").addEventListener("click", () => this.close());
    this.applyButton.addEventListener("click", () => this.apply());
    document.getElementById("crop-reset").addEventListener("click", () => {
      this.setCorners(this.page.detectedCorners || fullFrame(this.page.width, this.page.height));
    });
    document.getElementById("crop-full").addEventListener("click", () => {
      this.setCorners(fullFrame(this.page.width, this.page.height));
    });
    this.handles.forEach((handle, index) => this.wireHandle(handle, index));
    this.element.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.close();
    });
  }

  enter({ pageID }) {
    const page = this.app.pages.find((p) => p.id === pageID);
    if (!page) {
      this.app.show("review");
      return;
    }
    this.page = page;
    this.corners = (page.corners || page.detectedCorners || fullFrame(page.width, page.height)).map((p) => [...p]);
    document.getElementById("crop-reset").disabled = !page.detectedCorners;
    this.frame.hidden = true;
    this.image.src = api.photoURL(this.app.session.id, page, CROP.photoMaxSide);
    if (this.image.complete && this.image.naturalWidth) this.layout();
    this.update();
    this.app.state.crop = { pageID, corners: this.corners, valid: true };
  }

  close() {
    this.app.show("review", { pageID: this.page?.id });
  }

  // MARK: - Layout and drawing

  layout() {
    if (!this.page || this.element.hidden || !this.image.naturalWidth) return;
    const style = getComputedStyle(this.stage);
    const availableWidth = this.stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const availableHeight = this.stage.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const fit = containFit(this.page.width, this.page.height, availableWidth, availableHeight);
    this.scale = fit.scale;
    const width = Math.round(this.page.width * fit.scale);
    const height = Math.round(this.page.height * fit.scale);
    this.frame.style.width = `${width}px`;
    this.frame.style.height = `${height}px`;
    const ratio = window.devicePixelRatio || 1;
    this.lines.width = Math.round(width * ratio);
    this.lines.height = Math.round(height * ratio);
    this.frame.hidden = false;
    this.update();
  }

  setCorners(corners) {
    this.corners = corners.map((p) => [...p]);
    this.update();
  }

  update() {
    if (!this.page) return;
    this.handles.forEach((handle, i) => {
      handle.style.left = `${this.corners[i][0] * this.scale}px`;
      handle.style.top = `${this.corners[i][1] * this.scale}px`;
    });
    const problem = quadProblem(this.corners, this.page.width, this.page.height);
    this.applyButton.disabled = Boolean(problem);
    this.message.textContent = problem || "";
    this.frame.classList.toggle("invalid", Boolean(problem));
    this.app.state.crop = { pageID: this.page.id, corners: this.corners, valid: !problem };
    this.drawLines(Boolean(problem));
  }

  drawLines(invalid) {
    const context = this.lines.getContext("2d");
    const { width, height } = this.lines;
    const k = width / (this.page.width || 1);
    context.clearRect(0, 0, width, height);
    const path = new Path2D();
    this.corners.forEach(([x, y], i) => (i ? path.lineTo(x * k, y * k) : path.moveTo(x * k, y * k)));
    path.closePath();
    const outside = new Path2D();
    outside.rect(0, 0, width, height);
    outside.addPath(path);
    context.fillStyle = "rgba(5, 8, 12, 0.5)";
    context.fill(outside, "evenodd");
    const ratio = window.devicePixelRatio || 1;
    context.lineWidth = 2.5 * ratio;
    context.lineJoin = "round";
    context.strokeStyle = invalid ? "#ff5a5f" : "#4d9fff";
    context.stroke(path);
  }

  // MARK: - Dragging and keys

  wireHandle(handle, index) {
    let grab = null;
    handle.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      handle.focus({ preventScroll: true });
      handle.setPointerCapture(event.pointerId);
      const rect = handle.getBoundingClientRect();
      grab = { dx: event.clientX - (rect.left + rect.width / 2), dy: event.clientY - (rect.top + rect.height / 2) };
      handle.classList.add("active");
      this.showLoupe(index);
    });
    handle.addEventListener("pointermove", (event) => {
      if (!grab) return;
      const frame = this.frame.getBoundingClientRect();
      const x = clamp((event.clientX - grab.dx - frame.left) / this.scale, 0, this.page.width);
      const y = clamp((event.clientY - grab.dy - frame.top) / this.scale, 0, this.page.height);
      this.corners[index] = [x, y];
      this.update();
      this.showLoupe(index);
    });
    const release = () => {
      grab = null;
      handle.classList.remove("active");
      this.loupe.hidden = true;
    };
    handle.addEventListener("pointerup", release);
    handle.addEventListener("pointercancel", release);
    handle.addEventListener("keydown", (event) => {
      const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
      if (!steps) return;
      event.preventDefault();
      const step = (CROP.nudge * (event.shiftKey ? 10 : 1)) / this.scale;
      const [x, y] = this.corners[index];
      this.corners[index] = [clamp(x + steps[0] * step, 0, this.page.width), clamp(y + steps[1] * step, 0, this.page.height)];
      this.update();
    });
  }

  showLoupe(index) {
    const loupe = this.loupe;
    const size = loupe.clientWidth || 120;
    const [px, py] = this.corners[index];
    const cx = px * this.scale;
    const cy = py * this.scale;
    // Keep the loupe clear of the finger: above the corner, or below it near the top edge.
    const above = cy - CROP.loupeGap - size / 2 > -20;
    const ly = above ? cy - CROP.loupeGap : cy + CROP.loupeGap;
    const lx = clamp(cx, size / 2 - 20, this.frame.clientWidth - size / 2 + 20);
    loupe.style.left = `${lx - size / 2}px`;
    loupe.style.top = `${ly - size / 2}px`;
    loupe.hidden = false;

    const context = loupe.getContext("2d");
    const { width, height } = loupe;
    const natural = this.image.naturalWidth / this.page.width; // photo px per page px
    const span = size / CROP.loupeZoom / this.scale; // page px shown across the loupe
    context.fillStyle = "#000";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(this.image, (px - span / 2) * natural, (py - span / 2) * natural, span * natural, span * natural, 0, 0, width, height);
    const k = width / span;
    context.beginPath();
    this.corners.forEach(([x, y], i) => {
      const sx = (x - px + span / 2) * k;
      const sy = (y - py + span / 2) * k;
      if (i) context.lineTo(sx, sy);
      else context.moveTo(sx, sy);
    });
    context.closePath();
    context.lineWidth = 3;
    context.strokeStyle = this.frame.classList.contains("invalid") ? "#ff5a5f" : "#4d9fff";
    context.stroke();
    context.strokeStyle = "rgba(255, 255, 255, 0.9)";
    context.lineWidth = 2;
    context.beginPath();
    context.moveTo(width / 2 - 14, height / 2);
    context.lineTo(width / 2 + 14, height / 2);
    context.moveTo(width / 2, height / 2 - 14);
    context.lineTo(width / 2, height / 2 + 14);
    context.stroke();
  }

  async apply() {
    const problem = quadProblem(this.corners, this.page.width, this.page.height);
    if (problem) return;
    this.applyButton.disabled = true;
    const corners = this.corners.map(([x, y]) => [Math.round(x * 100) / 100, Math.round(y * 100) / 100]);
    const page = await this.app.guard(() => api.patchPage(this.app.session.id, this.page.id, { corners }));
    this.applyButton.disabled = false;
    if (!page) return;
    this.app.updatePage(page);
    this.app.toast("Corners applied");
    this.close();
  }
}
