// Boot: the session (kept in localStorage so a reload resumes it), the screens, and the shared
// app object they talk through.

import { api, adoptTokenFromURL, APIError } from "./api.js";
import { Scanner } from "./scanner.js";
import { CropEditor } from "./crop.js";
import { Review } from "./review.js";
import { ExportSheet } from "./export.js";
import { SettingsSheet } from "./settings.js";

const SESSION_KEY = "flatbed.session";

/** State the end-to-end tests read (window.flatbed); the UI never reads it back. */
const state = {
  screen: "boot",
  sessionID: null,
  pageCount: 0,
  camera: "starting",
  detections: 0,
  detectionsWithQuad: 0,
  detectFPS: 0,
  lastDetection: null,
  overlayQuads: 0,
  autoCaptures: 0,
  manualCaptures: 0,
  imports: 0,
  lastExport: null,
  errors: [],
};
window.flatbed = state;

class App {
  constructor() {
    this.state = state;
    this.session = null;
    this.screens = {};
    this.current = null;
    this.toastTimer = 0;
  }

  async start() {
    adoptTokenFromURL();
    this.screens.scanner = new Scanner(this);
    this.screens.crop = new CropEditor(this);
    this.screens.review = new Review(this);
    this.exportSheet = new ExportSheet(this);
    this.settingsSheet = new SettingsSheet(this);
    try {
      await this.loadSession();
    } catch (error) {
      this.toast(error.message, true);
    }
    this.show("scanner");
  }

  async loadSession() {
    const saved = localStorage.getItem(SESSION_KEY);
    if (saved) {
      try {
        this.setSession(await api.session(saved));
        return;
      } catch (error) {
        if (!(error instanceof APIError) || error.status !== 404) throw error;
      }
    }
    const session = await api.createSession();
    localStorage.setItem(SESSION_KEY, session.id);
    this.setSession(session);
    await this.settingsSheet.pushSavedSettings();
  }

  /** Starts an empty session (after an export, say); the old one stays on the server. */
  async newSession() {
    localStorage.removeItem(SESSION_KEY);
    await this.loadSession();
    this.show("scanner");
  }

  setSession(session) {
    this.session = session;
    state.sessionID = session.id;
    state.pageCount = session.pages.length;
    this.emit();
  }

  get pages() { return this.session ? this.session.pages : []; }

  /** Re-reads the session from the server and redraws whatever shows pages. */
  async refresh() {
    if (!this.session) return;
    this.setSession(await api.session(this.session.id));
  }

  /** Replaces one page in the local copy after a PATCH/PUT answered with it. */
  updatePage(page) {
    const index = this.pages.findIndex((p) => p.id === page.id);
    if (index >= 0) {
      const old = this.pages[index];
      this.session.pages[index] = { ...page, revision: (old.revision || 0) + (page.createdAt === old.createdAt ? 0 : 1) };
    }
    this.emit();
  }

  emit() {
    for (const screen of Object.values(this.screens)) screen.sessionChanged?.();
  }

  /** Switches screens; `options` go to the new screen's `enter`. */
  show(name, options = {}) {
    if (this.current && this.current !== name) this.screens[this.current].leave?.();
    for (const [key, screen] of Object.entries(this.screens)) screen.element.hidden = key !== name;
    this.current = name;
    state.screen = name;
    this.screens[name].enter?.(options);
  }

  toast(message, isError = false) {
    const toast = document.getElementById("toast");
    toast.textContent = message;
    toast.classList.toggle("error", isError);
    toast.classList.add("show");
    if (isError) state.errors.push(message);
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => toast.classList.remove("show"), isError ? 5000 : 2200);
  }

  /** Runs an async action, turning failures into an error toast. */
  async guard(action) {
    try {
      return await action();
    } catch (error) {
      if (error.name !== "AbortError") this.toast(error.message || String(error), true);
      return undefined;
    }
  }
}

const app = new App();
window.addEventListener("DOMContentLoaded", () => app.start());
