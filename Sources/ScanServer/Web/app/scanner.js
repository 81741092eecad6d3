// The scanner screen: live camera, the detected page outlined over it, automatic and manual capture,
// import from files, and the strip of pages so far.

import { api } from "./api.js";
import { QuadOverlay } from "./overlay.js";
import { renderStrip } from "./strip.js";

/** Tuning for the live loop; each trades smoothness against load on the server. */
const LIVE = {
  // px: frames are downscaled to this before upload. The detector's working copy of a 960 px frame is
  // 480 px, as of a photo; of a 640 px frame only 320 px, which outlined the SmartDoc sample's video
  // frames worse (mean JI 0.877 at 640, 0.915 at 960, 0.913 at their full 1920).
  detectLongSide: 960,
  detectQuality: 0.7, // JPEG quality of detection frames: small uploads, edges still clear
  captureQuality: 0.92, // JPEG quality of captured pages: the document itself
  minimumFrameMs: 66, // at most ~15 requests/s, and never more than one in flight
  rearmShift: 0.06, // after an auto shot, the page must move this share of the frame diagonal (or vanish)
  rearmMissing: 3, // … or be missing from this many detections, before the next auto shot
};

const SUPPORTED_UPLOADS = new Set(["image/jpeg", "image/png", "image/heic"]);

export class Scanner {
  constructor(app) {
    this.app = app;
    this.element = document.getElementById("scanner");
    this.video = document.getElementById("preview");
    this.overlay = document.getElementById("overlay");
    this.hint = document.getElementById("hint");
    this.strip = document.getElementById("scan-strip");
    this.shutter = document.getElementById("shutter");
    this.fileInput = document.getElementById("file-input");
    this.autoToggle = document.getElementById("auto-toggle");
    this.frameCanvas = document.createElement("canvas");
    this.stream = null;
    this.active = false;
    this.busy = false;
    this.retakePage = null;
    this.quad = new QuadOverlay(this.overlay, this.video, () => { this.app.state.overlayQuads += 1; });
    this.armed = true;
    this.capturedQuad = null;
    this.missing = 0;
    this.detectTimes = [];
    this.abort = null;

    this.shutter.addEventListener("click", () => this.capture("manual"));
    document.getElementById("import-button").addEventListener("click", () => this.fileInput.click());
    document.getElementById("camera-import").addEventListener("click", () => this.fileInput.click());
    document.getElementById("camera-retry").addEventListener("click", () => this.startCamera());
    document.getElementById("done-button").addEventListener("click", () => app.show("review"));
    document.getElementById("retake-cancel").addEventListener("click", () => {
      const page = this.retakePage;
      this.setRetake(null);
      app.show("review", { pageID: page?.id });
    });
    this.fileInput.addEventListener("change", () => {
      const files = [...this.fileInput.files];
      this.fileInput.value = "";
      if (files.length) this.importFiles(files);
    });
    this.autoToggle.addEventListener("click", () => {
      const on = this.autoToggle.getAttribute("aria-pressed") !== "true";
      app.settingsSheet.save({ autoCapture: on });
      app.toast(on ? "Auto-capture on: hold the page still" : "Auto-capture off: use the shutter");
    });
    document.addEventListener("keydown", (event) => {
      if (!this.active || event.target !== document.body) return;
      if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        this.capture("manual");
      }
    });
    document.addEventListener("visibilitychange", () => {
      if (!this.active) return;
      if (document.hidden) this.stopCamera();
      else this.startCamera();
    });
  }

  // MARK: - Screen life cycle

  enter(options = {}) {
    this.active = true;
    this.setRetake(options.retake || null);
    this.sessionChanged();
    this.startCamera();
    this.quad.run(() => this.active, () => {
      const auto = this.app.settingsSheet.current.autoCapture;
      return auto && (!this.armed || Boolean(this.app.state.lastDetection?.steady));
    });
  }

  leave() {
    this.active = false;
    this.stopCamera();
  }

  setRetake(page) {
    this.retakePage = page;
    document.getElementById("retake-banner").hidden = !page;
    if (page) {
      const index = this.app.pages.findIndex((p) => p.id === page.id);
      document.getElementById("retake-number").textContent = String(index + 1);
    }
  }

  sessionChanged() {
    const pages = this.app.pages;
    document.getElementById("page-count").textContent = String(pages.length);
    const auto = this.app.settingsSheet ? this.app.settingsSheet.current.autoCapture : true;
    this.autoToggle.setAttribute("aria-pressed", String(Boolean(auto)));
    if (!this.app.session) return;
    renderStrip(this.strip, pages, {
      sessionID: this.app.session.id,
      selectedID: null,
      animateNew: true,
      onSelect: (page) => this.app.show("review", { pageID: page.id }),
    });
  }

  // MARK: - Camera

  async startCamera() {
    if (this.stream || !this.active) return;
    const message = document.getElementById("camera-message");
    message.hidden = true;
    this.shutter.disabled = false;
    this.app.state.camera = "starting";
    this.setHint("Starting the camera…");
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      const secure = window.isSecureContext;
      this.showCameraMessage("Camera not available",
        secure ? "This browser offers no camera here. You can still import photos of your pages."
          : "Browsers only allow the camera on secure pages (https:// or http://localhost). Import photos instead, or open Flatbed through localhost.");
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" }, width: { ideal: 1920 } }, audio: false,
      });
      if (!this.active) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      this.stream = stream;
      this.video.srcObject = stream;
      await this.video.play().catch(() => {});
      this.app.state.camera = "live";
      this.setHint("Point the camera at a page");
      this.detectLoop();
    } catch (error) {
      const reasons = {
        NotAllowedError: ["Camera permission denied", "Allow the camera for this page in the browser's site settings and try again, or import photos."],
        NotFoundError: ["No camera found", "Connect a camera and try again, or import photos of your pages."],
        NotReadableError: ["Camera busy", "Another application is using the camera. Close it and try again, or import photos."],
        OverconstrainedError: ["No suitable camera", "The camera can't deliver video here. Import photos instead."],
      };
      const [title, text] = reasons[error.name] || ["Camera failed", `${error.message || error.name}. You can still import photos.`];
      this.showCameraMessage(title, text);
    }
  }

  stopCamera() {
    this.abort?.abort();
    if (this.stream) this.stream.getTracks().forEach((track) => track.stop());
    this.stream = null;
    this.video.srcObject = null;
    this.quad.clear();
  }

  showCameraMessage(title, text) {
    this.app.state.camera = "unavailable";
    this.shutter.disabled = true;
    document.getElementById("camera-message-title").textContent = title;
    document.getElementById("camera-message-text").textContent = text;
    document.getElementById("camera-message").hidden = false;
    this.hint.hidden = true;
  }

  setHint(text, steady = false) {
    this.hint.hidden = false;
    if (this.hint.textContent !== text) this.hint.textContent = text;
    this.hint.classList.toggle("steady", steady);
  }

  /** The current video frame as a JPEG, its long side at most `longSide` (null: full resolution). */
  frameBlob(longSide, quality) {
    const { videoWidth: w, videoHeight: h } = this.video;
    const scale = longSide ? Math.min(1, longSide / Math.max(w, h)) : 1;
    const canvas = this.frameCanvas;
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    const context = canvas.getContext("2d", { alpha: false });
    context.drawImage(this.video, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the camera frame could not be encoded"))), "image/jpeg", quality);
    });
  }

  // MARK: - Live detection

  async detectLoop() {
    const stream = this.stream;
    while (this.active && this.stream === stream) {
      const started = performance.now();
      if (this.video.readyState >= 2 && this.video.videoWidth > 0 && this.app.session && !this.busy) {
        this.abort = new AbortController();
        try {
          const blob = await this.frameBlob(LIVE.detectLongSide, LIVE.detectQuality);
          const result = await api.detect(this.app.session.id, blob, this.abort.signal);
          if (this.stream === stream) this.handleDetection(result);
        } catch (error) {
          if (error.name === "AbortError") return;
          this.setHint("Detection unavailable; use the shutter");
          this.app.state.errors.push(error.message);
          await sleep(1000);
        }
      }
      const elapsed = performance.now() - started;
      if (elapsed < LIVE.minimumFrameMs) await sleep(LIVE.minimumFrameMs - elapsed);
    }
  }

  handleDetection(result) {
    const state = this.app.state;
    const now = performance.now();
    this.detectTimes.push(now);
    while (this.detectTimes.length && now - this.detectTimes[0] > 1000) this.detectTimes.shift();
    state.detections += 1;
    state.detectFPS = this.detectTimes.length;
    state.lastDetection = result;

    const sx = this.video.videoWidth / (result.width || this.frameCanvas.width);
    const sy = this.video.videoHeight / (result.height || this.frameCanvas.height);
    const corners = result.corners ? result.corners.map(([x, y]) => [x * sx, y * sy]) : null;
    const auto = this.app.settingsSheet.current.autoCapture;

    if (corners) {
      state.detectionsWithQuad += 1;
      this.quad.show(corners, now);
      this.missing = 0;
    } else {
      this.missing += 1;
    }
    if (!this.armed) {
      const diagonal = Math.hypot(this.video.videoWidth, this.video.videoHeight);
      if (this.missing >= LIVE.rearmMissing || (corners && meanShift(corners, this.capturedQuad) > LIVE.rearmShift * diagonal)) {
        this.armed = true;
      }
    }

    if (this.busy) return;
    if (!corners) this.setHint(this.retakePage ? "Point the camera at the page to retake" : "Point the camera at a page");
    else if (!auto) this.setHint("Page found: press the shutter", true);
    else if (!this.armed) this.setHint("Captured. Next page?", true);
    else this.setHint("Hold still…", true);

    if (result.steady && corners && auto && this.armed) {
      this.armed = false;
      this.capturedQuad = corners;
      this.capture("auto");
    }
  }

  // MARK: - Capture and import

  flash() {
    const flash = document.getElementById("flash");
    flash.classList.remove("on");
    void flash.offsetWidth; // restart the animation
    flash.classList.add("on");
    if (navigator.userActivation?.hasBeenActive) navigator.vibrate?.(30);
  }

  async capture(kind) {
    if (this.busy) return;
    if (!this.stream || !this.video.videoWidth) {
      this.app.toast("The camera is not ready; import photos instead", true);
      return;
    }
    this.busy = true;
    this.shutter.classList.add("busy");
    this.flash();
    this.setHint("Captured", true);
    try {
      const blob = await this.frameBlob(null, LIVE.captureQuality);
      await this.upload(blob);
      if (kind === "auto") this.app.state.autoCaptures += 1;
      else this.app.state.manualCaptures += 1;
    } catch (error) {
      this.app.toast(error.message, true);
    } finally {
      this.busy = false;
      this.shutter.classList.remove("busy");
    }
  }

  /** Adds the photo as a new page, or replaces the page being retaken. */
  async upload(blob) {
    const session = this.app.session;
    if (this.retakePage) {
      const page = await api.retake(session.id, this.retakePage.id, blob);
      this.app.updatePage(page);
      this.setRetake(null);
      this.app.toast("Page replaced");
      this.app.show("review", { pageID: page.id });
      return page;
    }
    const page = await api.addPage(session.id, blob);
    session.pages.push(page);
    this.app.state.pageCount = session.pages.length;
    this.app.emit();
    this.app.toast(page.corners ? `Page ${session.pages.length} added` : `Page ${session.pages.length} added; no outline found, adjust it in Review`);
    return page;
  }

  async importFiles(files) {
    let done = 0;
    for (const file of files) {
      this.app.toast(files.length > 1 ? `Importing ${done + 1} of ${files.length}…` : "Importing…");
      try {
        await this.upload(await uploadable(file));
        done += 1;
        this.app.state.imports += 1;
      } catch (error) {
        this.app.toast(`${file.name}: ${error.message}`, true);
        return;
      }
    }
    if (files.length > 1) this.app.toast(`${done} pages imported`);
  }
}

/** The file as the server takes it: JPEG, PNG and HEIC as they are; other images re-encoded as JPEG. */
async function uploadable(file) {
  if (SUPPORTED_UPLOADS.has(file.type)) return file;
  if (file.type === "image/heif") return new Blob([file], { type: "image/heic" });
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error("this file is not an image the browser can read; choose a JPEG, PNG or HEIC photo");
  });
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext("2d").drawImage(bitmap, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", LIVE.captureQuality));
}

function meanShift(a, b) {
  if (!a || !b) return Infinity;
  return a.reduce((sum, [x, y], i) => sum + Math.hypot(x - b[i][0], y - b[i][1]), 0) / 4;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
