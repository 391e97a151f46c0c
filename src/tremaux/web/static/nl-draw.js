/* Drawing the Number Link board: its grid, the solution's lines, the numbers and their labels. */
import { $, room, setupCanvas } from "./common.js";
import { NL, nlWhere, nlKeep } from "./numberlink.js";
import { keyLine } from "./nl-lines.js";

export function nlColour(k) {
  const base = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    "#bcbd22", "#7f7f7f", "#393b79", "#ad494a", "#637939", "#d6616b", "#3182bd", "#e6550d"];
  if (k >= 1 && k <= base.length) return base[k - 1];
  return `hsl(${(k * 137.508) % 360}, 65%, 42%)`;
}

// The ink of a number on its colour: white or black, whichever stands out more (WCAG's contrast ratio, then
// 4.58:1 at least, whatever the colour); white on the light colours (yellow-green #bcbd22, cyan, orange) was
// 2:1 to 3:1, hard to read.
export function nlInk(colour) {
  let rgb;
  const hsl = /^hsl\(([\d.]+), ([\d.]+)%, ([\d.]+)%\)$/.exec(colour);
  if (hsl) {
    const h = Number(hsl[1]), sat = hsl[2] / 100, l = hsl[3] / 100, a = sat * Math.min(l, 1 - l);
    const f = (n) => { const k = (n + h / 30) % 12; return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)); };
    rgb = [f(0), f(8), f(4)];
  } else {
    rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255);
  }
  const lin = (v) => (v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
  const lum = 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? "#fff" : "#000";
}

export const NL_MIN_FONT = 10;  // CSS px: the numbers' font on small cells, where a row has room for it
export const NL_SMALLEST_FONT = 7;  // CSS px: the font of a crowded run of numbers (see nlLabels)
// The board fits the stage's width and, with the number box and the message under it, the window's height
// (a phone turned on its side is 400 px tall or so): scrolled to, the whole board shows at once.
export const NL_MIN_TALL = 160;
export function nlGeometry() {
  const fit = Math.min(560, room(NL.canvas, []).width - 2);
  const under = [$("nl-entry").closest("p"), $("nl-message")]
    .reduce((h, el) => h + el.getBoundingClientRect().height + 12, 0);
  // (not while the number box has the caret: a phone's keypad, where it shortens the window, does not
  // shrink the board under the finger)
  const typing = document.activeElement === $("nl-entry") && NL.tall;
  const tall = typing ? NL.tall : Math.min(480, Math.max(NL_MIN_TALL, Math.floor(window.innerHeight - under - 8)));
  NL.tall = tall;
  const fitted = Math.max(8, Math.floor(Math.min(fit / NL.cols, tall / NL.rows, NL_MAX_CELL)));
  // cells enlarged with "+" (NL.cell): the board is then larger than its box, which scrolls (see nlZoom)
  const size = NL.cell ? Math.max(fitted, Math.min(NL_MAX_CELL, NL.cell)) : fitted;
  return { size, fitted, box: tall + 4, x0: 1, y0: 1, width: NL.cols * size + 2,
    height: NL.rows * size + 2, ratio: window.devicePixelRatio || 1 };
}

export const NL_MAX_CELL = 56;  // CSS px: the largest cell, fitted or zoomed
const ZOOM_STEP = 1.5;

// "+" and "-" under the board: each makes the cells half as large again (or back), from the size that fits the
// box up to NL_MAX_CELL; back at the fitted size the whole board shows again. The selected cell stays in view.
export function nlZoom(sign) {
  const g = NL.geo;
  if (!g) return;
  const next = sign > 0 ? Math.min(NL_MAX_CELL, Math.round(g.size * ZOOM_STEP)) : Math.round(g.size / ZOOM_STEP);
  NL.cell = next <= g.fitted ? null : next;
  nlDraw();
  nlShowCell(true);
}

// Scroll the board's box (when the board is larger than it) so that the selected cell shows, `centred` or
// just inside its edge.
export function nlShowCell(centred) {
  const box = $("nl-box"), g = NL.geo;
  if (!box || !g) return;
  const [r, c] = NL.sel, margin = centred ? null : g.size;
  const fitIn = (start, view, lo, hi) => {
    if (margin === null) return Math.max(0, (lo + hi) / 2 - view / 2);
    if (lo - margin < start) return Math.max(0, lo - margin);
    if (hi + margin > start + view) return hi + margin - view;
    return start;
  };
  const left = g.x0 + c * g.size, top = g.y0 + r * g.size;
  box.scrollLeft = fitIn(box.scrollLeft, box.clientWidth, left, left + g.size);
  box.scrollTop = fitIn(box.scrollTop, box.clientHeight, top, top + g.size);
}



export function nlDraw() {
  nlWhere();
  nlKeep();
  const g = nlGeometry();
  NL.geo = g;
  const ctx = setupCanvas(NL.canvas, g);
  // the box the board scrolls in: as wide as the column (style.css) and as tall as the window allows (the
  // board with its border)
  const box = $("nl-box");
  box.style.maxHeight = `${g.box}px`;
  box.classList.toggle("zoomed", g.size > g.fitted);
  $("nl-zoom-out").disabled = g.size <= g.fitted;
  $("nl-zoom-in").disabled = g.size >= NL_MAX_CELL;
  $("nl-cell-px").value = `${g.size} px`;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, g.width, g.height);
  ctx.strokeStyle = "#ccc";
  ctx.lineWidth = 1;
  for (let r = 0; r <= NL.rows; r++) {
    ctx.beginPath(); ctx.moveTo(g.x0, g.y0 + r * g.size + 0.5); ctx.lineTo(g.x0 + NL.cols * g.size, g.y0 + r * g.size + 0.5); ctx.stroke();
  }
  for (let c = 0; c <= NL.cols; c++) {
    ctx.beginPath(); ctx.moveTo(g.x0 + c * g.size + 0.5, g.y0); ctx.lineTo(g.x0 + c * g.size + 0.5, g.y0 + NL.rows * g.size); ctx.stroke();
  }
  const centre = (r, c) => [g.x0 + (c + 0.5) * g.size, g.y0 + (r + 0.5) * g.size];
  // the solver's answer, or the lines drawn by hand
  const paths = NL.answer ? (NL.shown === "second" ? NL.answer.second : NL.answer.paths) : NL.drawn;
  if (paths) {
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.lineWidth = Math.max(3, g.size * 0.32);
    for (const [num, cells] of Object.entries(paths)) {
      ctx.strokeStyle = nlColour(Number(num));
      ctx.beginPath();
      cells.forEach(([r, c], k) => { const [x, y] = centre(r, c); if (k) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
      ctx.stroke();
    }
  }
  const [sr, sc] = NL.sel;
  const line = keyLine();
  if (line) {  // a line drawn with the keys: the cell it has reached, ringed thicker in the line's colour
    ctx.strokeStyle = nlColour(line.num);
    ctx.lineWidth = 4;
    ctx.strokeRect(g.x0 + sc * g.size + 3, g.y0 + sr * g.size + 3, g.size - 5, g.size - 5);
  } else if (document.activeElement === NL.canvas || NL.phase === "editing") {
    ctx.strokeStyle = "#3b6fb6";
    ctx.lineWidth = 2;
    ctx.strokeRect(g.x0 + sc * g.size + 2, g.y0 + sr * g.size + 2, g.size - 3, g.size - 3);
  }
  nlLabels(ctx, g, centre);
}

// The numbers: a disc in the number's colour, or a label wider than its cell (a readable font on small
// cells). Each run of numbered cells in a row shares the run's cells and the free cells on either side up to
// nearly half way to the next run, so that labels never meet across a free cell; the labels of a run are
// squeezed (to 3/4 at most) to fit there, and where even that is too wide (three-digit numbers side by side
// on small cells) the run's font shrinks, down to NL_SMALLEST_FONT, then its labels are squeezed further:
// a label never leaves its run's stretch. The selected cell's label comes last, on top; the number box
// shows it too.
export function nlLabels(ctx, g, centre) {
  const base = Math.max(NL_MIN_FONT, Math.floor(g.size * 0.48));
  const gap = Math.min(4, Math.max(1, Math.floor(g.size / 6))), pad = Math.min(2, gap / 2);
  const fontOf = (px) => `bold ${px}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const place = new Map();
  for (let r = 0; r < NL.rows; r++) {
    for (let a = 0; a < NL.cols; a++) {
      if (!NL.grid[r][a]) continue;
      let b = a;
      while (b + 1 < NL.cols && NL.grid[r][b + 1]) b++;
      // the run's stretch: its cells and the free cells on either side up to the middle of the free cells
      // between it and the next run (less a twentieth of a cell), or up to the board's edge
      let p = a - 1, q = b + 1;
      while (p >= 0 && !NL.grid[r][p]) p--;
      while (q < NL.cols && !NL.grid[r][q]) q++;
      const lo = g.x0 + (p < 0 ? 0 : (p + 1 + a) / 2 + 0.05) * g.size + 1;
      const hi = g.x0 + (q >= NL.cols ? NL.cols : (b + 1 + q) / 2 - 0.05) * g.size - 1;
      const run = [];
      for (let c = a; c <= b; c++) run.push({ c, text: nlName(NL.grid[r][c]) });
      const n = run.length, room = hi - lo - gap * (n - 1);
      const measure = (px) => {
        ctx.font = fontOf(px);
        for (const l of run) { l.font = px; l.w = ctx.measureText(l.text).width; }
        return run.reduce((t, l) => t + l.w, 0);
      };
      let sum = measure(base);
      if (0.75 * sum > room) {
        const px = Math.max(NL_SMALLEST_FONT, Math.min(base - 1, Math.floor(base * room / (0.75 * sum))));
        sum = measure(px);
        // text widths are not quite proportional to the font: a pixel less until the run fits
        while (0.75 * sum > room && run[0].font > NL_SMALLEST_FONT) sum = measure(run[0].font - 1);
      }
      const f = Math.min(1, room / sum);  // under 3/4 only at the smallest font
      for (const l of run) l.shown = l.w * f;
      if (run.every((l) => l.shown + gap <= g.size)) {
        for (const l of run) l.x = centre(r, l.c)[0];
      } else {  // side by side from the left, the run centred on its cells and kept in its stretch
        const total = run.reduce((t, l) => t + l.shown, 0) + gap * (n - 1);
        const mid = g.x0 + ((a + b + 1) / 2) * g.size;
        let x = Math.min(Math.max(mid - total / 2, lo), hi - total);
        for (const l of run) { l.x = x + l.shown / 2; x += l.shown + gap; }
      }
      for (const l of run) place.set(r * NL.cols + l.c, l);
      a = b;
    }
  }
  const [sr, sc] = NL.sel, sel = sr * NL.cols + sc;
  const order = [...place.keys()].filter((k) => k !== sel);
  if (place.has(sel)) order.push(sel);
  NL.labels = [];
  for (const k of order) {
    const r = Math.floor(k / NL.cols), { c, text, shown, x, font } = place.get(k), y = centre(r, c)[1];
    ctx.font = fontOf(font);
    ctx.fillStyle = nlColour(NL.grid[r][c]);
    ctx.beginPath();
    if (shown + 4 <= g.size * 0.76 && font <= g.size * 0.6) {
      ctx.arc(x, y, g.size * 0.38, 0, 2 * Math.PI);
    } else {  // a rounded box just larger than the text, ringed in white to stand out from the lines
      const bw = shown + 2 * pad, bh = Math.min(font + 4, Math.max(font + 1, g.size - 1));  // no taller than its row
      ctx.roundRect(x - bw / 2, y - bh / 2, bw, bh, Math.min(bh / 2, 6));
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    ctx.fill();
    ctx.fillStyle = nlInk(nlColour(NL.grid[r][c]));
    ctx.fillText(text, x, y + 1, shown);
    NL.labels.push({ r, c, text, font, left: x - shown / 2, right: x + shown / 2, top: y - font / 2, bottom: y + font / 2 });
  }
}

// The label shown for number v: the loaded puzzle's own (R), else the number; "" for an empty cell.
export function nlName(v) {
  return v ? NL.names[v] || String(v) : "";
}

// The number of a label typed in the number box: digits, or one of the loaded puzzle's own labels.
