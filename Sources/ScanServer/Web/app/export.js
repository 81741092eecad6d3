// The export sheet: PDF (optionally searchable) or a ZIP of page images, downloaded with a progress
// bar read from the response stream.

import { api, request } from "./api.js";

export class ExportSheet {
  constructor(app) {
    this.app = app;
    this.dialog = document.getElementById("export-sheet");
    this.progress = document.getElementById("export-progress");
    this.bar = document.getElementById("export-bar");
    this.percent = document.getElementById("export-percent");
    this.status = document.getElementById("export-status");
    this.ocr = document.getElementById("export-ocr");
    this.choices = [document.getElementById("export-pdf"), document.getElementById("export-zip"), this.ocr];
    this.controller = null;

    document.getElementById("export-pdf").addEventListener("click", () => this.run("pdf"));
    document.getElementById("export-zip").addEventListener("click", () => this.run("zip"));
    document.getElementById("export-cancel").addEventListener("click", () => this.close());
    this.dialog.addEventListener("cancel", () => this.controller?.abort());
  }

  open() {
    const count = this.app.pages.length;
    document.getElementById("export-count").textContent = `${count} page${count === 1 ? "" : "s"}`;
    this.status.textContent = "";
    this.status.classList.remove("error");
    this.progress.hidden = true;
    this.dialog.showModal();
    this.checkOCR();
  }

  close() {
    this.controller?.abort();
    this.dialog.close();
  }

  /** Greys out the OCR choice when the server says it has no OCR. */
  async checkOCR() {
    try {
      const health = await api.health();
      const available = health.ocr !== false;
      this.ocr.disabled = !available;
      if (!available) this.ocr.checked = false;
      this.ocr.closest("label").title = available ? "" : "OCR is not installed on the server";
    } catch (_) { /* keep the choice; the export will say what went wrong */ }
  }

  async run(format) {
    const session = this.app.session;
    const ocr = format === "pdf" && this.ocr.checked;
    this.controller = new AbortController();
    this.choices.forEach((c) => { c.disabled = true; });
    this.progress.hidden = false;
    this.bar.removeAttribute("value"); // indeterminate until the size is known
    this.percent.textContent = "";
    this.status.classList.remove("error");
    this.status.textContent = ocr ? "Preparing the searchable PDF (OCR takes a while)…" : "Preparing…";
    const started = performance.now();
    try {
      const response = await request(api.exportPath(session.id, format, ocr), { signal: this.controller.signal });
      const blob = await this.readWithProgress(response);
      const name = fileName(response, format);
      download(blob, name);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.status.textContent = `Saved ${name} (${formatBytes(blob.size)}, ${seconds} s).`;
      this.app.state.lastExport = { format, name, bytes: blob.size, type: blob.type };
    } catch (error) {
      if (error.name === "AbortError") {
        this.status.textContent = "Export cancelled.";
      } else {
        this.status.classList.add("error");
        this.status.textContent = error.message;
        this.app.state.errors.push(error.message);
      }
    } finally {
      this.progress.hidden = true;
      this.choices.forEach((c) => { c.disabled = false; });
      this.checkOCR();
      this.controller = null;
    }
  }

  async readWithProgress(response) {
    const total = Number(response.headers.get("Content-Length")) || 0;
    const type = response.headers.get("Content-Type") || "application/octet-stream";
    if (!response.body) return response.blob();
    const reader = response.body.getReader();
    const chunks = [];
    let received = 0;
    this.status.textContent = "Downloading…";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      if (total) {
        const percent = Math.min(100, Math.round((received / total) * 100));
        this.bar.value = percent;
        this.percent.textContent = `${percent} %`;
      } else {
        this.percent.textContent = formatBytes(received);
      }
    }
    this.bar.value = 100;
    return new Blob(chunks, { type });
  }
}

function fileName(response, format) {
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (match) return decodeURIComponent(match[1]);
  const date = new Date().toISOString().slice(0, 10);
  return `scan-${date}.${format}`;
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
