// topomap: browser plumbing that must work before the WebAssembly app runs
// (keeping what is typed while it loads) or on every pointer move (zoom,
// pan, tooltip placement), where a round trip through Go would cost more
// than the work. The app calls the functions on window.topomap*.
"use strict";
(function () {
  // --- Input typed before the app runs --------------------------------
  // The server's pre-rendered page is usable at once; when the wasm mounts
  // it replaces the page, so values typed meanwhile are recorded here and
  // handed to the app (topomapTakeTyped), which puts them back.
  const typed = {};
  const live = () => document.querySelector('#root[data-ready="true"]') !== null;
  const record = (commit) => (e) => {
    const t = e.target;
    if (live() || !t || !t.id || !("value" in t)) return;
    const prev = typed[t.id] || {};
    typed[t.id] = {value: t.value, committed: commit || prev.committed || false};
  };
  document.addEventListener("input", record(false), true);
  document.addEventListener("change", record(true), true);
  document.addEventListener("keydown", (e) => {
    if (!live() && e.key === "Enter" && e.target && e.target.id) record(true)(e);
  }, true);
  window.topomapTakeTyped = function () {
    const out = JSON.stringify({fields: typed, focus: (document.activeElement && document.activeElement.id) || ""});
    for (const k of Object.keys(typed)) delete typed[k];
    return out;
  };
  window.topomapFocus = function (id) {
    const el = document.getElementById(id);
    if (!el) return;
    el.focus();
    if (typeof el.setSelectionRange === "function" && el.type === "text") el.setSelectionRange(el.value.length, el.value.length);
  };

  // --- Downloads -------------------------------------------------------
  window.topomapSavePNG = function (name, svgDoc) {
    const url = URL.createObjectURL(new Blob([svgDoc], {type: "image/svg+xml"}));
    const img = new Image();
    img.onload = () => {
      const scale = Math.min(2, 8192 / Math.max(img.width, img.height));
      const c = document.createElement("canvas");
      c.width = Math.max(1, Math.round(img.width * scale));
      c.height = Math.max(1, Math.round(img.height * scale));
      const g = c.getContext("2d");
      g.fillStyle = "#fff";
      g.fillRect(0, 0, c.width, c.height);
      g.drawImage(img, 0, 0, c.width, c.height);
      URL.revokeObjectURL(url);
      c.toBlob((b) => {
        const a = document.createElement("a");
        a.href = URL.createObjectURL(b);
        a.download = name;
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      }, "image/png");
    };
    img.src = url;
  };

  // Copy with a fallback for plain HTTP, where navigator.clipboard does not
  // exist: select the text of the given input and use execCommand. Returns
  // "copied", or "selected" when the user must press Ctrl+C.
  window.topomapCopy = function (text, inputId) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text);
      return "copied";
    }
    // The app shows the input on its next render: wait for it.
    const select = (tries) => {
      const el = document.getElementById(inputId);
      if (!el || el.value !== text) {
        if (tries > 0) setTimeout(() => select(tries - 1), 20);
        return;
      }
      el.focus();
      el.select();
      try { document.execCommand("copy"); } catch (e) { /* the selection stays for Ctrl+C */ }
    };
    select(50);
    return "selected";
  };

  // --- Zoom and pan ----------------------------------------------------
  // Every .zoom-host holds one SVG; zooming rewrites its viewBox (no
  // re-render). Wheel and pinch zoom around the pointer, drag pans, keys
  // + - 0 and arrows work when the drawing has focus.
  const state = new WeakMap();
  function view(host) {
    const svg = host.querySelector("svg");
    if (!svg) return null;
    let s = state.get(svg);
    if (!s) {
      const vb = svg.viewBox.baseVal;
      s = {svg, x0: vb.x, y0: vb.y, w0: vb.width, h0: vb.height, x: vb.x, y: vb.y, w: vb.width, h: vb.height};
      state.set(svg, s);
    }
    return s;
  }
  function apply(host, s) {
    s.w = Math.min(s.w0, Math.max(s.w0 / 64, s.w));
    s.h = s.w * s.h0 / s.w0;
    s.x = Math.min(s.x0 + s.w0 - s.w, Math.max(s.x0, s.x));
    s.y = Math.min(s.y0 + s.h0 - s.h, Math.max(s.y0, s.y));
    s.svg.setAttribute("viewBox", s.x + " " + s.y + " " + s.w + " " + s.h);
    const zoom = s.w0 / s.w;
    host.dataset.zoom = zoom.toFixed(3);
    minimap(host, s, zoom);
  }
  // point converts client coordinates to the SVG's user units.
  function point(s, cx, cy) {
    const r = s.svg.getBoundingClientRect();
    // preserveAspectRatio meet: the content is scaled by the smaller ratio
    const k = Math.min(r.width / s.w, r.height / s.h);
    const ox = r.left + (r.width - s.w * k) / 2, oy = r.top + (r.height - s.h * k) / 2;
    return {x: s.x + (cx - ox) / k, y: s.y + (cy - oy) / k, k};
  }
  function zoomAt(host, factor, cx, cy) {
    const s = view(host);
    if (!s) return;
    const r = s.svg.getBoundingClientRect();
    if (cx === undefined) { cx = r.left + r.width / 2; cy = r.top + r.height / 2; }
    const p = point(s, cx, cy);
    const w = Math.min(s.w0, Math.max(s.w0 / 64, s.w / factor));
    const f = s.w / w;
    s.x = p.x - (p.x - s.x) / f;
    s.y = p.y - (p.y - s.y) / f;
    s.w = w;
    apply(host, s);
  }
  function panBy(host, dx, dy) { // in client pixels
    const s = view(host);
    if (!s) return;
    const k = point(s, 0, 0).k;
    s.x -= dx / k;
    s.y -= dy / k;
    apply(host, s);
  }
  window.topomapZoomReset = function (id) {
    const host = document.getElementById(id);
    const s = host && view(host);
    if (!s) return;
    s.x = s.x0; s.y = s.y0; s.w = s.w0;
    apply(host, s);
  };
  window.topomapZoom = function (id, factor) {
    const host = document.getElementById(id);
    if (host) zoomAt(host, factor);
  };
  function minimap(host, s, zoom) {
    const mm = host.querySelector(".minimap");
    if (!mm) return;
    mm.hidden = zoom <= 1.001 || !host.classList.contains("large");
    if (mm.hidden) return;
    let box = mm.querySelector("svg");
    if (!box || box.topomapFor !== s.svg) {
      mm.innerHTML = "";
      box = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      box.topomapFor = s.svg;
      box.setAttribute("viewBox", s.x0 + " " + s.y0 + " " + s.w0 + " " + s.h0);
      const heat = s.svg.querySelector("image.heat");
      if (heat) {
        const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
        g.setAttribute("transform", heat.parentNode.getAttribute("transform") || "");
        g.appendChild(heat.cloneNode(false));
        box.appendChild(g);
      }
      const frame = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      frame.setAttribute("class", "mm-view");
      box.appendChild(frame);
      mm.appendChild(box);
    }
    const f = box.querySelector(".mm-view");
    f.setAttribute("x", s.x); f.setAttribute("y", s.y);
    f.setAttribute("width", s.w); f.setAttribute("height", s.h);
  }
  const hostOf = (t) => t && t.closest ? t.closest(".zoom-host") : null;
  document.addEventListener("wheel", (e) => {
    const host = hostOf(e.target);
    if (!host || !view(host)) return;
    e.preventDefault();
    zoomAt(host, Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY);
  }, {passive: false});
  const pointers = new Map();
  let drag = null;
  document.addEventListener("pointerdown", (e) => {
    const host = hostOf(e.target);
    if (!host || !view(host) || e.button !== 0) return;
    pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
    drag = {host, moved: false};
  });
  document.addEventListener("pointermove", (e) => {
    tooltipMove(e);
    if (!drag || !pointers.has(e.pointerId)) return;
    const prev = pointers.get(e.pointerId);
    if (pointers.size === 2) { // pinch: zoom by the change of distance, pan by the midpoint's move
      const [a, b] = [...pointers.values()];
      const d0 = Math.hypot(a.x - b.x, a.y - b.y);
      pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
      const [c, d] = [...pointers.values()];
      const d1 = Math.hypot(c.x - d.x, c.y - d.y);
      panBy(drag.host, (c.x + d.x - a.x - b.x) / 2, (c.y + d.y - a.y - b.y) / 2);
      if (d0 > 0) zoomAt(drag.host, d1 / d0, (c.x + d.x) / 2, (c.y + d.y) / 2);
      drag.moved = true;
      return;
    }
    const dx = e.clientX - prev.x, dy = e.clientY - prev.y;
    if (!drag.moved && Math.hypot(dx, dy) < 3) return;
    drag.moved = true;
    pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
    panBy(drag.host, dx, dy);
  });
  const release = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size === 0) drag = null;
  };
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  document.addEventListener("keydown", (e) => {
    const host = e.target && e.target.classList && e.target.classList.contains("zoom-host") ? e.target : null;
    if (!host || !view(host)) return;
    const step = 40;
    const keys = {
      "+": () => zoomAt(host, 1.25), "=": () => zoomAt(host, 1.25), "-": () => zoomAt(host, 0.8), "_": () => zoomAt(host, 0.8),
      "0": () => window.topomapZoomReset(host.id),
      ArrowLeft: () => panBy(host, step, 0), ArrowRight: () => panBy(host, -step, 0),
      ArrowUp: () => panBy(host, 0, step), ArrowDown: () => panBy(host, 0, -step),
    };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });

  // topomapSVGPoint converts client coordinates to the user units of the
  // drawing's SVG document (zoom included).
  window.topomapSVGPoint = function (id, cx, cy) {
    const svg = document.getElementById(id)?.querySelector("svg");
    const m = svg && svg.getScreenCTM();
    if (!m) return [-1, -1];
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return [p.x, p.y];
  };

  // --- Tooltip and highlights -----------------------------------------
  // The app writes the tooltip's text; this places it at the pointer.
  function tooltipMove(e) {
    const host = hostOf(e.target);
    const area = host && host.closest(".tip-area");
    const tip = area && area.querySelector(":scope > .tooltip");
    if (!tip) return;
    const r = area.getBoundingClientRect();
    let x = e.clientX - r.left + 14, y = e.clientY - r.top + 14;
    const w = tip.offsetWidth, h = tip.offsetHeight;
    if (x + w > r.width) x = Math.max(0, e.clientX - r.left - w - 10);
    if (y + h > r.height) y = Math.max(0, e.clientY - r.top - h - 10);
    tip.style.left = x + "px";
    tip.style.top = y + "px";
  }
  function clearMarks(svg) {
    svg.querySelectorAll(".hl").forEach((el) => el.classList.remove("hl"));
    svg.querySelectorAll(".overlay").forEach((el) => el.remove());
  }
  function centre(el) {
    if (el.tagName === "circle") return [+el.getAttribute("cx"), +el.getAttribute("cy")];
    return [+el.getAttribute("x") + el.getAttribute("width") / 2, +el.getAttribute("y") + el.getAttribute("height") / 2];
  }
  // topomapMarkLink highlights link l of a link heat map and the guest
  // edges u-v listed (comma-separated "u-v" pairs): a hovered link and its
  // heaviest messages.
  window.topomapMarkLink = function (id, l, pairs) {
    const svg = document.getElementById(id)?.querySelector("svg");
    if (!svg) return 0;
    clearMarks(svg);
    let n = 0;
    const mark = (el) => { el.classList.add("hl"); n++; };
    svg.querySelectorAll('.l[data-l="' + l + '"]').forEach(mark);
    for (const p of pairs ? pairs.split(",") : []) {
      const [a, b] = p.split("-").map(Number);
      svg.querySelectorAll('.e[data-u="' + Math.min(a, b) + '"][data-v="' + Math.max(a, b) + '"]').forEach(mark);
    }
    return n;
  };

  // topomapMarkBox outlines a square of the drawing (a heat map's node,
  // which has no element of its own); a negative side clears it.
  window.topomapMarkBox = function (id, x, y, side) {
    const svg = document.getElementById(id)?.querySelector("svg");
    if (!svg) return;
    let box = svg.querySelector(":scope > rect.overlay");
    if (side < 0) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      box.setAttribute("class", "overlay box");
      svg.appendChild(box);
    }
    box.setAttribute("x", x); box.setAttribute("y", y);
    box.setAttribute("width", side); box.setAttribute("height", side);
  };

  // topomapMark highlights guest vertex v's node and incident edges, or,
  // with a route (host nodes, comma-separated), the edge u-v and its route;
  // on a link heat map also the route's links (link numbers, comma-separated).
  window.topomapMark = function (id, v, u, route, links) {
    const host = document.getElementById(id);
    const svg = host && host.querySelector("svg");
    if (!svg) return 0;
    clearMarks(svg);
    if (v < 0) return 0;
    let n = 0;
    const mark = (el) => { el.classList.add("hl"); n++; };
    if (u < 0) {
      svg.querySelectorAll('.e[data-u="' + v + '"], .e[data-v="' + v + '"], .n[data-v="' + v + '"]').forEach(mark);
    } else {
      svg.querySelectorAll('.e[data-u="' + Math.min(u, v) + '"][data-v="' + Math.max(u, v) + '"]').forEach(mark);
    }
    if (links) {
      for (const l of links.split(",")) svg.querySelectorAll('.l[data-l="' + l + '"]').forEach(mark);
    }
    if (route) {
      const pts = [];
      let parent = null;
      for (const h of route.split(",")) {
        const el = svg.querySelector('.n[data-h="' + h + '"]');
        if (!el) continue;
        parent = parent || el.parentNode;
        pts.push(centre(el).join(","));
      }
      if (parent && pts.length > 1) {
        const pl = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
        pl.setAttribute("class", "overlay route");
        pl.setAttribute("points", pts.join(" "));
        parent.appendChild(pl);
      }
    }
    return n;
  };

  // --- The skip link -----------------------------------------------------
  // go-app handles every link's click (on window) and would only scroll to
  // #content; the link is for the keyboard, so it moves the focus there.
  document.addEventListener("click", (e) => {
    const skip = e.target.closest ? e.target.closest("a.skip") : null;
    if (!skip) return;
    e.preventDefault();
    e.stopPropagation();
    document.getElementById("content").focus();
  });

  // --- Definitions of the pages' terms ------------------------------------
  // A defined term (class "term", its definition in title) takes the
  // keyboard's focus and a tap; focused, its definition shows in one box
  // under it, kept within the window and above every container that would
  // clip it (a table that scrolls on a phone). A tap on a term inside a
  // label or a summary shows the definition and does not tick the label's
  // control or open the details.
  let tip = null, shown = null; // the box, and the term it defines
  const termOf = (el) => (el && el.closest ? el.closest(".term") : null);
  const place = () => {
    const r = shown.getBoundingClientRect();
    tip.style.left = Math.max(8, Math.min(r.left, innerWidth - 8 - tip.offsetWidth)) + "px";
    tip.style.top = (r.bottom + tip.offsetHeight + 8 <= innerHeight ? r.bottom + 4 : Math.max(8, r.top - tip.offsetHeight - 4)) + "px";
  };
  document.addEventListener("focusin", (e) => {
    const t = termOf(e.target);
    if (!t || !t.title) return;
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "term-tip";
      tip.setAttribute("role", "tooltip");
      document.body.appendChild(tip);
    }
    tip.textContent = t.title;
    tip.hidden = false;
    tip.style.maxWidth = Math.min(320, innerWidth - 16) + "px";
    shown = t;
    place();
  });
  document.addEventListener("focusout", (e) => {
    if (tip && termOf(e.target) === shown) {
      tip.hidden = true;
      shown = null;
    }
  });
  addEventListener("scroll", () => { if (shown) place(); }, true); // the box follows its term
  document.addEventListener("click", (e) => {
    const t = termOf(e.target);
    if (t && t.closest("label, summary")) {
      e.preventDefault();
      t.focus();
    }
  }, true);
})();
