// The review screen: one finished page at a time with its tools (rotate, colour mode, crop, retake,
// delete), and the strip where pages are reordered by dragging or with the move buttons.

import { api } from "./api.js";
import { renderStrip } from "./strip.js";
import { containFit } from "./geometry.js";

const REVIEW_MAX_SIDE = 1600; // px of the rendered page shown large
const DELETE_CONFIRM_MS = 3000; // the delete button asks again for this long

export class Review {
  constructor(app) {
    this.app = app;
    this.element = document.getElementById("review");
    this.image = document.getElementById("review-image");
    this.strip = document.getElementById("review-strip");
    this.deleteButton = document.getElementById("delete-button");
    this.modeButtons = [...document.querySelectorAll("#mode-group [data-mode]")];
    this.index = 0;
    this.deleteTimer = 0;

    const on = (id, handler) => document.getElementById(id).addEventListener("click", handler);
    on("review-back", () => app.show("scanner"));
    on("review-scan", () => app.show("scanner"));
    on("export-button", () => app.exportSheet.open());
    on("prev-page", () => this.select(this.index - 1));
    on("next-page", () => this.select(this.index + 1));
    on("rotate-left", () => this.rotate(-90));
    on("rotate-right", () => this.rotate(90));
    on("crop-button", () => this.page && app.show("crop", { pageID: this.page.id }));
    on("retake-button", () => this.page && app.show("scanner", { retake: this.page }));
    on("move-left", () => this.move(-1));
    on("move-right", () => this.move(1));
    this.deleteButton.addEventListener("click", () => this.remove());
    for (const button of this.modeButtons) {
      button.addEventListener("click", () => this.setMode(button.dataset.mode));
      button.addEventListener("keydown", (event) => this.modeKeys(event, button));
    }
    this.image.addEventListener("load", () => {
      this.setLoading(false);
      this.fitImage();
    });
    new ResizeObserver(() => this.fitImage()).observe(this.image.parentElement);
    this.image.addEventListener("error", () => this.setLoading(false));
    this.element.addEventListener("keydown", (event) => {
      if (event.target.closest("[role=radiogroup]") || event.target.closest(".strip")) return;
      if (event.key === "ArrowLeft") this.select(this.index - 1);
      if (event.key === "ArrowRight") this.select(this.index + 1);
    });
  }

  get page() { return this.app.pages[this.index] || null; }

  enter(options = {}) {
    if (options.pageID) {
      const index = this.app.pages.findIndex((p) => p.id === options.pageID);
      if (index >= 0) this.index = index;
    } else if (options.pageID === undefined && this.index >= this.app.pages.length) {
      this.index = Math.max(0, this.app.pages.length - 1);
    }
    this.render();
  }

  sessionChanged() {
    if (!this.element.hidden) this.render();
  }

  select(index) {
    const count = this.app.pages.length;
    if (count === 0) return;
    this.index = Math.min(count - 1, Math.max(0, index));
    this.render();
  }

  render() {
    const pages = this.app.pages;
    this.index = Math.min(this.index, Math.max(0, pages.length - 1));
    const page = this.page;
    const empty = !page;
    document.getElementById("review-empty").hidden = !empty;
    this.image.hidden = empty;
    document.getElementById("review-position").textContent = empty ? "" : `${this.index + 1} / ${pages.length}`;
    document.getElementById("prev-page").disabled = this.index <= 0;
    document.getElementById("next-page").disabled = this.index >= pages.length - 1;
    document.getElementById("move-left").disabled = empty || this.index <= 0;
    document.getElementById("move-right").disabled = empty || this.index >= pages.length - 1;
    document.getElementById("export-button").disabled = empty;
    for (const button of document.querySelectorAll("#page-tools button")) button.disabled = empty;
    this.resetDelete();
    if (page) {
      const url = api.renderURL(this.app.session.id, page, REVIEW_MAX_SIDE);
      if (this.image.getAttribute("src") !== url) {
        this.setLoading(true);
        this.image.src = url;
      }
      this.image.alt = `Page ${this.index + 1}, ${modeName(page.mode)}${page.rotation ? `, rotated ${page.rotation}°` : ""}`;
      for (const button of this.modeButtons) {
        const checked = button.dataset.mode === page.mode;
        button.setAttribute("aria-checked", String(checked));
        button.tabIndex = checked || (!this.modeButtons.some((b) => b.dataset.mode === page.mode) && button === this.modeButtons[0]) ? 0 : -1;
      }
    }
    renderStrip(this.strip, pages, {
      sessionID: this.app.session.id,
      selectedID: page?.id,
      onSelect: (p) => this.select(this.app.pages.indexOf(p)),
      onReorder: (ids, movedID) => this.reorder(ids, movedID),
    });
  }

  setLoading(loading) {
    this.image.parentElement.classList.toggle("loading", loading);
    this.image.parentElement.setAttribute("aria-busy", String(loading));
  }

  /** Sizes the page to fill the free space (small renders are enlarged, keeping their shape). */
  fitImage() {
    const { naturalWidth: w, naturalHeight: h } = this.image;
    const box = this.image.parentElement;
    if (!w || !h || !box.clientWidth) return;
    const fit = containFit(w, h, box.clientWidth, box.clientHeight);
    this.image.style.width = `${Math.floor(w * fit.scale)}px`;
    this.image.style.height = `${Math.floor(h * fit.scale)}px`;
  }

  // MARK: - Page edits

  async patch(changes) {
    const page = this.page;
    if (!page) return;
    const updated = await this.app.guard(() => api.patchPage(this.app.session.id, page.id, changes));
    if (updated) this.app.updatePage(updated);
  }

  rotate(delta) {
    if (!this.page) return;
    this.patch({ rotation: (((this.page.rotation || 0) + delta) % 360 + 360) % 360 });
  }

  setMode(mode) {
    if (this.page && this.page.mode !== mode) this.patch({ mode });
  }

  /** Arrow keys move the choice within the colour-mode radio group. */
  modeKeys(event, button) {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const i = this.modeButtons.indexOf(button);
    const next = this.modeButtons[(i + step + this.modeButtons.length) % this.modeButtons.length];
    next.focus();
    this.setMode(next.dataset.mode);
  }

  async remove() {
    if (!this.page) return;
    if (!this.deleteButton.classList.contains("confirm")) {
      this.deleteButton.classList.add("confirm");
      this.deleteButton.querySelector(".tool-label").textContent = "Sure?";
      this.deleteButton.setAttribute("aria-label", "Press again to delete this page");
      this.deleteTimer = setTimeout(() => this.resetDelete(), DELETE_CONFIRM_MS);
      return;
    }
    this.resetDelete();
    const page = this.page;
    // A picture of the page still loading when it is gone would come back "not found" (logged
    // by the browser as an error): stop loading them first, and show them again if it stays.
    this.stopLoadingPictures(page.id);
    const done = await this.app.guard(async () => {
      await api.deletePage(this.app.session.id, page.id);
      return true;
    });
    if (!done) {
      this.render();
      return;
    }
    this.app.session.pages = this.app.pages.filter((p) => p.id !== page.id);
    this.app.state.pageCount = this.app.pages.length;
    this.app.toast("Page deleted");
    this.app.emit();
  }

  /** Stops loading the page's large picture and thumbnail; `render` loads them anew. */
  stopLoadingPictures(pageID) {
    if (this.page?.id === pageID) this.image.removeAttribute("src");
    for (const li of this.strip.children) {
      if (li.dataset.id !== pageID) continue;
      li.querySelector("img")?.removeAttribute("src");
      delete li.dataset.key; // not reused by renderStrip, which makes the thumbnail again
    }
  }

  resetDelete() {
    clearTimeout(this.deleteTimer);
    this.deleteButton.classList.remove("confirm");
    this.deleteButton.querySelector(".tool-label").textContent = "Delete";
    this.deleteButton.setAttribute("aria-label", "Delete this page");
  }

  // MARK: - Order

  async move(step) {
    const ids = this.app.pages.map((p) => p.id);
    const from = this.index;
    const to = from + step;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    await this.reorder(ids, ids[to]);
    document.getElementById(step < 0 ? "move-left" : "move-right").focus();
  }

  async reorder(ids, movedID) {
    const session = await this.app.guard(() => api.reorder(this.app.session.id, ids));
    if (session) {
      this.index = Math.max(0, session.pages.findIndex((p) => p.id === movedID));
      this.app.setSession({ ...this.app.session, ...session, pages: session.pages.map((p) => this.keepRevision(p)) });
      this.app.toast(`Moved to position ${this.index + 1}`);
    } else {
      this.render(); // put the strip back as the server has it
    }
  }

  keepRevision(page) {
    const old = this.app.pages.find((p) => p.id === page.id);
    return old && old.revision ? { ...page, revision: old.revision } : page;
  }
}

function modeName(mode) {
  return { color: "colour", gray: "grayscale", bw: "black and white", auto: "automatic colour", photo: "photo" }[mode] || mode;
}
