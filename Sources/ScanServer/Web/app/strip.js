// The thumbnail strip: one button per page; with `onReorder`, pages can be dragged to a new place
// with a mouse, a finger or a pen (pointer events). Keyboard users reorder with the move buttons.

import { api } from "./api.js";

const DRAG_THRESHOLD = 8; // px of movement before a press becomes a drag rather than a click
const TOUCH_HOLD_MS = 350; // a finger holds this long before dragging, so a swipe still scrolls the strip

/**
 * Renders `pages` into the <ol> `list`, reusing <img> elements whose picture did not change.
 * options: { sessionID, selectedID, onSelect(page), onReorder(pageIDs) | null }
 */
export function renderStrip(list, pages, options) {
  const known = new Map([...list.children].map((li) => [li.dataset.key, li]));
  const fragment = document.createDocumentFragment();
  pages.forEach((page, index) => {
    const url = api.renderURL(options.sessionID, page, 200);
    const key = `${page.id}|${url}`;
    let li = known.get(key);
    if (!li) {
      li = document.createElement("li");
      li.dataset.key = key;
      li.dataset.id = page.id;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "thumb";
      const img = document.createElement("img");
      img.alt = "";
      img.decoding = "async";
      button.classList.add("loading");
      img.addEventListener("load", () => button.classList.remove("loading"), { once: true });
      img.addEventListener("error", () => button.classList.remove("loading"), { once: true });
      img.src = url;
      const number = document.createElement("span");
      number.className = "number";
      button.append(img, number);
      li.append(button);
      if (options.animateNew) li.classList.add("new");
    }
    const button = li.firstElementChild;
    button.querySelector(".number").textContent = String(index + 1);
    button.setAttribute("aria-label", `Page ${index + 1} of ${pages.length}`);
    button.setAttribute("aria-current", String(page.id === options.selectedID));
    button.onclick = (event) => {
      if (li.dataset.dragged === "1") { event.preventDefault(); return; }
      options.onSelect?.(page);
    };
    fragment.append(li);
  });
  list.replaceChildren(fragment);
  if (options.onReorder) enableDrag(list, options.onReorder);
  const current = list.querySelector('[aria-current="true"]');
  current?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "smooth" });
}

function enableDrag(list, onReorder) {
  if (list.dataset.drag === "on") {
    list._onReorder = onReorder;
    return;
  }
  list.dataset.drag = "on";
  list._onReorder = onReorder;
  // While a page is being dragged by a finger, the strip must not scroll under it.
  list.addEventListener("touchmove", (event) => {
    if (list.dataset.dragging === "1") event.preventDefault();
  }, { passive: false });
  list.addEventListener("pointerdown", (event) => {
    const li = event.target.closest("li");
    if (!li || event.button !== 0) return;
    startPress(list, li, event);
  });
}

function startPress(list, li, down) {
  const startX = down.clientX;
  const startY = down.clientY;
  const before = [...list.children].map((item) => item.dataset.id);
  let ghost = null;
  let offsetX = 0;
  let offsetY = 0;
  li.dataset.dragged = "0";
  const isTouch = down.pointerType === "touch";
  let held = !isTouch;
  const holdTimer = isTouch ? setTimeout(() => { held = true; list.dataset.dragging = "1"; navigator.vibrate?.(10); }, TOUCH_HOLD_MS) : 0;

  const move = (event) => {
    if (!ghost) {
      const distance = Math.hypot(event.clientX - startX, event.clientY - startY);
      if (!held) {
        if (distance >= DRAG_THRESHOLD) end(); // a swipe: let the strip scroll
        return;
      }
      if (distance < DRAG_THRESHOLD) return;
      const rect = li.getBoundingClientRect();
      offsetX = startX - rect.left;
      offsetY = startY - rect.top;
      ghost = li.firstElementChild.cloneNode(true);
      ghost.classList.add("drag-ghost");
      ghost.style.width = `${rect.width}px`;
      ghost.style.height = `${rect.height}px`;
      document.body.append(ghost);
      li.classList.add("dragging");
      li.dataset.dragged = "1";
      try { list.setPointerCapture(down.pointerId); } catch (_) { /* pointer already gone */ }
    }
    event.preventDefault();
    ghost.style.transform = `translate(${event.clientX - offsetX}px, ${event.clientY - offsetY}px) scale(1.08) rotate(-2deg)`;
    // Insert before the first item whose centre lies right of the pointer.
    const others = [...list.children].filter((item) => item !== li);
    const target = others.find((item) => {
      const r = item.getBoundingClientRect();
      return event.clientX < r.left + r.width / 2;
    });
    if (target) {
      if (li.nextElementSibling !== target) list.insertBefore(li, target);
    } else if (list.lastElementChild !== li) {
      list.append(li);
    }
    autoScroll(list, event.clientX);
  };

  const end = () => {
    clearTimeout(holdTimer);
    list.dataset.dragging = "0";
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", end);
    window.removeEventListener("pointercancel", end);
    if (!ghost) return;
    ghost.remove();
    li.classList.remove("dragging");
    // The click that follows a drag must not select; clear the flag after it.
    setTimeout(() => { li.dataset.dragged = "0"; }, 0);
    const after = [...list.children].map((item) => item.dataset.id);
    if (after.join() !== before.join()) list._onReorder(after, li.dataset.id);
  };

  window.addEventListener("pointermove", move, { passive: false });
  window.addEventListener("pointerup", end);
  window.addEventListener("pointercancel", end);
}

function autoScroll(list, x) {
  const rect = list.getBoundingClientRect();
  const edge = 40;
  if (x < rect.left + edge) list.scrollLeft -= 12;
  else if (x > rect.right - edge) list.scrollLeft += 12;
}
