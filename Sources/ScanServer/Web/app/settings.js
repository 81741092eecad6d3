// Capture settings: the stabiliser's thresholds and the auto-capture switch. Saved to the session
// on the server (which drives /api/detect) and to localStorage (the person's preference for new sessions).

import { api } from "./api.js";

const STORAGE_KEY = "flatbed.settings";

/** Seed defaults (DESIGN.md: IoU 0.9 over 3 frames, area change 0.1). */
export const DEFAULT_SETTINGS = { minimumIoU: 0.9, frameCount: 3, maximumAreaChange: 0.1, autoCapture: true };

export class SettingsSheet {
  constructor(app) {
    this.app = app;
    this.dialog = document.getElementById("settings-sheet");
    this.status = document.getElementById("settings-status");
    this.fields = {
      minimumIoU: { input: document.getElementById("setting-iou"), output: document.getElementById("setting-iou-value"), format: (v) => v.toFixed(2) },
      maximumAreaChange: { input: document.getElementById("setting-area"), output: document.getElementById("setting-area-value"), format: (v) => `${Math.round(v * 100)} %` },
      frameCount: { input: document.getElementById("setting-frames"), output: document.getElementById("setting-frames-value"), format: (v) => String(v) },
    };
    this.auto = document.getElementById("setting-auto");
    this.saveTimer = 0;

    document.getElementById("settings-button").addEventListener("click", () => this.open());
    for (const [key, field] of Object.entries(this.fields)) {
      field.input.addEventListener("input", () => {
        field.output.textContent = field.format(this.read()[key]);
        this.scheduleSave();
      });
    }
    this.auto.addEventListener("change", () => this.save());
    document.getElementById("settings-defaults").addEventListener("click", () => {
      this.fill(DEFAULT_SETTINGS);
      this.save();
    });
  }

  /** The settings in force: the session's, else the saved preference, else the defaults. */
  get current() {
    return { ...DEFAULT_SETTINGS, ...this.saved(), ...(this.app.session?.settings || {}) };
  }

  saved() {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEY) || "{}") || {};
    } catch (_) {
      return {};
    }
  }

  /** A fresh session starts with the person's saved preferences. */
  async pushSavedSettings() {
    const saved = this.saved();
    if (Object.keys(saved).length === 0) return;
    await this.app.guard(async () => {
      this.app.session.settings = await api.putSettings(this.app.session.id, { ...DEFAULT_SETTINGS, ...saved });
      this.app.emit();
    });
  }

  open() {
    this.fill(this.current);
    this.status.textContent = "";
    this.dialog.showModal();
  }

  fill(settings) {
    for (const [key, field] of Object.entries(this.fields)) {
      field.input.value = String(settings[key]);
      field.output.textContent = field.format(Number(settings[key]));
    }
    this.auto.checked = Boolean(settings.autoCapture);
  }

  read() {
    return {
      minimumIoU: Number(this.fields.minimumIoU.input.value),
      maximumAreaChange: Number(this.fields.maximumAreaChange.input.value),
      frameCount: Math.round(Number(this.fields.frameCount.input.value)),
      autoCapture: this.auto.checked,
    };
  }

  scheduleSave() {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), 250);
  }

  /** Saves `changes` merged over the current settings (the auto toggle calls this too). */
  async save(changes = null) {
    clearTimeout(this.saveTimer);
    const settings = changes ? { ...this.current, ...changes } : this.read();
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
    if (this.app.session) this.app.session.settings = settings;
    this.app.emit();
    if (!this.app.session) return;
    try {
      this.app.session.settings = await api.putSettings(this.app.session.id, settings);
      this.status.classList.remove("error");
      this.status.textContent = "Saved.";
    } catch (error) {
      this.status.classList.add("error");
      this.status.textContent = error.message;
    }
    this.app.emit();
  }
}
