// The crossword game (Erudit) in the browser: the board, the rack, tiles laid by dragging, by
// tapping a tile then a cell, or by typing after choosing a cell, and before a play is sent the
// words it makes and what they score. The preview adds up what the view shows, and asks the
// server (a `check`, nothing played) whether the words stand: the server judges every play, and
// says why it refuses one, before Play is pressed and after (that stays beside the board).
//
// On a phone the board is seen through a lens: about nine cells across, readable, around the
// last play or the cell tapped; "Whole board" shows all of it, and a tap there zooms in again.
// The rack and the controls stay at the bottom of the screen.

import { results } from "../../../web/table.js";

export { strings } from "./strings.js";
/** This game's stylesheet, linked into the page after the page's own (games.js). */
export const stylesheet = new URL("style.css", import.meta.url).href;

const SIZE = 15;
const CENTRE = 7;
const COLUMNS = "ABCDEFGHIJKLMNO";
const LETTER_TIMES = { t: 3, d: 2 };
const WORD_TIMES = { 3: 3, 2: 2 };
const PREMIUMS = { 3: ["cwWord", 3], 2: ["cwWord", 2], t: ["cwLetter", 3], d: ["cwLetter", 2] };
const DRAG_FROM = 6; // pixels a pointer moves before a press becomes a drag
const LENS = 9; // the cells across the board a phone shows at once
const CHECK_AFTER = 250; // ms without a change before the words laid are checked by the server
const NARROW = "(max-width: 820px)";

/**
 * What a seat sees of the game (rules.py, `view`); the parts the page reads.
 * @typedef {object} CrosswordView
 * @property {string[]} board 15 rows of 15 characters: "." empty, an upper-case letter a tile,
 *   a lower-case letter a blank standing for it
 * @property {string[]} premiums the layout, 15 rows: "3" word ×3, "2" word ×2, "t" letter ×3,
 *   "d" letter ×2, "." plain
 * @property {Record<string, number>} points what a tile of each letter scores ("*": a blank)
 * @property {number} rack_size the tiles a rack holds: laying them all earns the bonus
 * @property {{premiums?: "every" | "first", bonus?: number}} [options]
 * @property {string[]} [rack] the seat's own tiles ("*": a blank)
 * @property {Turn[]} turns every turn so far, the score sheet
 * @property {[number, number, string, boolean][]} [last] the tiles of the last play
 */

/** A turn on the score sheet: a play's words and points, an exchange's count, or a pass.
 * @typedef {{kind: "play" | "exchange" | "pass", seat: number, score: number, words?: [string, number][], tiles?: number}} Turn */

/** A tile laid this turn: its cell, its letter (lower case), whether a blank stands for it,
 * and (on the page) its place in the rack.
 * @typedef {{row: number, col: number, letter: string, blank: boolean, index?: number}} Laid */

/** A word the tiles laid make, as the preview shows it.
 * @typedef {{text: string, score: number, start: string, across: boolean}} PreviewWord */

/** The preview of the tiles laid: their words, the all-tiles bonus, the total, and why they
 * cannot stand (a string key: cwCentre, cwTwoLetters, cwCling, cwNoWord) or null.
 * @typedef {{words: PreviewWord[], bonus: number, total: number, problem: string | null}} Preview */

// What the seat shown has done since its view came: the tiles laid, the tile and cell chosen.
// It lives here, not in the DOM, for the page is drawn again on every message from the server.
let st = null;

// How a phone shows the board, kept across turns for the room and seat: the whole board or
// the lens, where the lens looks (scrolled), and the cell it should move to next.
/** @type {{key: string | null, whole: boolean, left: number | null, top: number | null, turns: number, aim: {row: number, col: number} | null}} */
const lens = { key: null, whole: false, left: null, top: null, turns: -1, aim: null };
let asked = 0; // the checks asked, to name each

function fresh(key, view, context) {
  return {
    key,
    turns: view.turns.length,
    rack: view.rack.join(""),
    order: view.rack.map((_, index) => index), // the rack as shown (shuffled or not)
    laid: [], // {row, col, letter, blank, index}: index is the tile's place in view.rack
    selected: null, // the rack tile tapped, to be laid on the cell tapped next
    cursor: null, // {row, col, across}: where typed letters go
    exchange: null, // the rack tiles chosen to change, while choosing
    passing: false, // asking whether to pass
    asking: null, // {row, col, index}: a blank laid, waiting for the letter it stands for
    refusal: null,
    refusalCount: context.refusal?.count ?? 0,
    note: null, // a word of help from the page itself (a letter not on the rack)
    verdict: null, // {tiles, ok, reason}: the server's answer about the tiles laid
    checking: null, // the tiles laid that the server is being asked about
    checkTimer: null,
  };
}

export function render(view, context) {
  const key = `${context.record}#${context.seat}`;
  const rack = (view.rack || []).join("");
  keepPan();
  if (!st || st.key !== key || st.turns !== view.turns.length || st.rack !== rack) {
    clearTimeout(st?.checkTimer);
    st = fresh(key, { ...view, rack: view.rack || [] }, context);
  }
  if (lens.key !== key) Object.assign(lens, { key, whole: false, left: null, top: null, turns: -1, aim: null });
  if (lens.turns !== view.turns.length) {
    lens.turns = view.turns.length; // a new play: the lens goes to it
    lens.aim = lastPlayed(view);
  }
  if (context.refusal && context.refusal.count !== st.refusalCount) {
    st.refusalCount = context.refusal.count;
    st.refusal = context.refusal.reason; // stays until the next change
  }
  st.view = view;
  st.context = context;
  st.root = context.h("div", { class: "cw" });
  draw();
  return st.root;
}

// ---------------------------------------------------------------- the board's arithmetic

/** @param {CrosswordView} view @param {number} row @param {number} col */
function premiumAt(view, row, col) {
  return view.premiums[row][col];
}

/** The letter on a cell after the tiles laid: {letter, blank, fresh} or null.
 * @param {CrosswordView} view @param {Laid[]} laid @param {number} row @param {number} col
 * @returns {{letter: string, blank: boolean, fresh: boolean} | null} */
function letterAt(view, laid, row, col) {
  if (row < 0 || col < 0 || row >= SIZE || col >= SIZE) return null;
  const tile = laid.find((t) => t.row === row && t.col === col);
  if (tile) return { letter: tile.letter, blank: tile.blank, fresh: true };
  const char = view.board[row][col];
  if (char === ".") return null;
  return { letter: char.toLowerCase(), blank: char !== char.toUpperCase(), fresh: false };
}

/** @param {CrosswordView} view */
function boardEmpty(view) {
  return view.board.every((row) => /^\.*$/.test(row));
}

/** Why the tiles laid cannot stand (a string key) or null, as the rules' placement check.
 * @param {CrosswordView} view @param {Laid[]} laid @returns {string | null} */
export function placementProblem(view, laid) {
  if (boardEmpty(view)) {
    if (!laid.some((t) => t.row === CENTRE && t.col === CENTRE)) return "cwCentre";
    if (laid.length < 2) return "cwTwoLetters";
  }
  const occupied = new Set();
  const seeds = [];
  for (let row = 0; row < SIZE; row += 1) {
    for (let col = 0; col < SIZE; col += 1) {
      if (view.board[row][col] !== ".") {
        occupied.add(row * SIZE + col);
        seeds.push(row * SIZE + col);
      }
    }
  }
  if (!seeds.length) seeds.push(CENTRE * SIZE + CENTRE);
  for (const t of laid) occupied.add(t.row * SIZE + t.col);
  const reached = new Set(seeds);
  const frontier = [...seeds];
  while (frontier.length) {
    const cell = /** @type {number} */ (frontier.pop());
    const row = Math.floor(cell / SIZE);
    const col = cell % SIZE;
    for (const [r, c] of [[row - 1, col], [row + 1, col], [row, col - 1], [row, col + 1]]) {
      const next = r * SIZE + c;
      if (r >= 0 && c >= 0 && r < SIZE && c < SIZE && occupied.has(next) && !reached.has(next)) {
        reached.add(next);
        frontier.push(next);
      }
    }
  }
  return [...occupied].every((cell) => reached.has(cell)) ? null : "cwCling";
}

/** Every word the tiles laid make, scored as score.py scores them, and the turn's total
 * (tests/data/crossword-score-cases.json holds cases both pass).
 * @param {CrosswordView} view @param {Laid[]} laid @returns {Preview | null} */
export function preview(view, laid) {
  if (!laid.length) return null;
  const every = view.options?.premiums !== "first";
  const found = [];
  for (const across of [true, false]) {
    const [dr, dc] = across ? [0, 1] : [1, 0];
    const starts = new Set();
    const sorted = [...laid].sort((a, b) => a.row - b.row || a.col - b.col);
    for (const tile of sorted) {
      let row = tile.row;
      let col = tile.col;
      while (letterAt(view, laid, row - dr, col - dc)) [row, col] = [row - dr, col - dc];
      if (starts.has(row * SIZE + col)) continue;
      const cells = [];
      for (let r = row, c = col; letterAt(view, laid, r, c); r += dr, c += dc) cells.push([r, c]);
      if (cells.length < 2) continue;
      starts.add(row * SIZE + col);
      let total = 0;
      let times = 1;
      let text = "";
      for (const [r, c] of cells) {
        const cell = /** @type {{letter: string, blank: boolean, fresh: boolean}} */ (letterAt(view, laid, r, c));
        text += cell.letter;
        let value = cell.blank ? 0 : view.points[cell.letter] ?? 0;
        if (every || cell.fresh) {
          const mark = premiumAt(view, r, c);
          value *= LETTER_TIMES[mark] ?? 1;
          times *= WORD_TIMES[mark] ?? 1;
        }
        total += value;
      }
      found.push({ text, score: total * times, start: `${COLUMNS[col]}${row + 1}`, across });
    }
  }
  const bonus = laid.length === view.rack_size ? view.options?.bonus ?? 0 : 0;
  const problem = placementProblem(view, laid) ?? (found.length ? null : "cwNoWord");
  return { words: found, bonus, total: found.reduce((sum, w) => sum + w.score, 0) + bonus, problem };
}

// ---------------------------------------------------------------- acting

function mine() {
  const { view, context } = st;
  return context.seat !== null && !view.outcome && view.awaited.includes(context.seat);
}

/** Something changed on the page: the refusal and the note said before it go. */
function changed() {
  st.refusal = null;
  st.note = null;
  draw();
}

function laidAt(row, col) {
  return st.laid.find((t) => t.row === row && t.col === col);
}

function free(row, col) {
  return st.view.board[row][col] === "." && !laidAt(row, col);
}

function lay(index, row, col, letter = null) {
  const tile = st.view.rack[index];
  const earlier = st.laid.find((t) => t.index === index);
  st.laid = st.laid.filter((t) => t.index !== index);
  if (tile === "*" && !letter) {
    if (earlier) letter = earlier.letter; // a blank moved keeps its letter
    else {
      st.asking = { index, row, col };
      return;
    }
  }
  st.laid.push({ row, col, letter: letter ?? tile, blank: tile === "*", index });
}

function takeBack(index) {
  st.laid = st.laid.filter((t) => t.index !== index);
}

function recall() {
  st.laid = [];
  st.selected = null;
  st.asking = null;
}

function shuffle() {
  const order = st.order;
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
}

function tapRack(index) {
  if (!mine()) return;
  if (st.exchange) {
    if (st.exchange.has(index)) st.exchange.delete(index);
    else st.exchange.add(index);
  } else {
    st.selected = st.selected === index ? null : index;
  }
  changed();
}

function tapCell(row, col) {
  if (!mine() || st.exchange || st.asking) return;
  const tile = laidAt(row, col);
  if (tile) {
    takeBack(tile.index); // a tile laid this turn goes back to the rack
  } else if (st.selected !== null && free(row, col)) {
    lay(st.selected, row, col);
    st.selected = null;
  } else {
    const at = st.cursor && st.cursor.row === row && st.cursor.col === col;
    if (!at) st.cursor = { row, col, across: true };
    else if (st.cursor.across) st.cursor = { row, col, across: false };
    else st.cursor = null;
  }
  changed();
}

function dropOn(index, target) {
  if (!mine() || st.exchange) return;
  const cell = target?.closest?.(".cw-cell");
  if (cell) {
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    if (free(row, col)) lay(index, row, col);
  } else if (target?.closest?.(".cw-rack")) {
    takeBack(index);
  }
  st.selected = null;
  changed();
}

/** A letter as typed, as the rules read it (any case; Ё is Е), or null if not of the set.
 * @param {CrosswordView} view @param {string} key @returns {string | null} */
export function typedLetter(view, key) {
  if (key.length !== 1) return null;
  const letter = key.toLowerCase().replace("ё", "е");
  return letter !== "*" && letter in view.points ? letter : null;
}

function typeLetter(letter) {
  const { cursor } = st;
  if (!cursor) return;
  const [dr, dc] = cursor.across ? [0, 1] : [1, 0];
  let { row, col } = cursor;
  while (row < SIZE && col < SIZE && !free(row, col)) [row, col] = [row + dr, col + dc];
  if (row >= SIZE || col >= SIZE) return;
  const left = (tile) => st.order.find((i) => st.view.rack[i] === tile && !st.laid.some((t) => t.index === i));
  const index = left(letter) ?? left("*");
  if (index === undefined) {
    st.refusal = null;
    st.note = st.context.t("cwNoTile", { letter: letter.toUpperCase() });
    draw();
    return;
  }
  lay(index, row, col, letter);
  [row, col] = [row + dr, col + dc];
  while (row < SIZE && col < SIZE && !free(row, col)) [row, col] = [row + dr, col + dc];
  st.cursor = row < SIZE && col < SIZE ? { row, col, across: cursor.across } : { ...cursor, row: row - dr, col: col - dc };
  changed();
}

function backspace() {
  const last = st.laid.at(-1);
  if (!last) return;
  takeBack(last.index);
  st.cursor = { row: last.row, col: last.col, across: st.cursor ? st.cursor.across : true };
  changed();
}

function onKey(event, typing = false) {
  if (!st || !st.root?.isConnected || !mine()) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (!typing && event.target.closest?.("input, textarea, select")) return;
  const letter = typedLetter(st.view, event.key);
  if (st.asking) {
    if (letter) chooseBlank(letter);
    else if (event.key === "Escape") {
      st.asking = null;
      changed();
    } else return;
    event.preventDefault();
    return;
  }
  if (event.key === "Escape") {
    recall();
    st.cursor = null;
    changed();
  } else if (event.key === "Backspace") {
    backspace();
  } else if (letter && st.cursor && !st.exchange) {
    typeLetter(letter);
  } else return;
  event.preventDefault();
}

// (a test imports the module's pure parts where there is no page)
if (typeof document !== "undefined") document.addEventListener("keydown", onKey);

function chooseBlank(letter) {
  const { index, row, col } = st.asking;
  st.asking = null;
  lay(index, row, col, letter);
  changed();
}

function sendPlay() {
  st.context.send({
    type: "play",
    tiles: st.laid.map((t) => [t.row, t.col, t.letter.toUpperCase(), t.blank]),
  });
}

// ---------------------------------------------------------------- dragging, with a pointer of any kind

let drag = null;

function press(event, index) {
  if (event.button !== undefined && event.button !== 0) return;
  if (!mine()) return;
  drag = { index, x: event.clientX, y: event.clientY, ghost: null, source: event.currentTarget };
  window.addEventListener("pointermove", moved, true);
  window.addEventListener("pointerup", released, true);
  window.addEventListener("pointercancel", cancelled, true);
}

function moved(event) {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_FROM) return;
    const ghost = drag.source.cloneNode(true);
    const box = drag.source.getBoundingClientRect();
    ghost.classList.add("cw-ghost");
    ghost.style.width = `${box.width}px`;
    ghost.style.height = `${box.height}px`;
    document.body.append(ghost);
    drag.ghost = ghost;
  }
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
  event.preventDefault();
}

function ended() {
  window.removeEventListener("pointermove", moved, true);
  window.removeEventListener("pointerup", released, true);
  window.removeEventListener("pointercancel", cancelled, true);
  drag?.ghost?.remove();
  const was = drag;
  drag = null;
  return was;
}

function released(event) {
  const was = ended();
  if (!was) return;
  event.stopPropagation(); // handled here: the cell under the pointer is not tapped as well
  if (was.ghost) {
    dropOn(was.index, document.elementFromPoint(event.clientX, event.clientY));
    return;
  }
  // a press without a move is a tap: on a rack tile it chooses it, on the board it takes it back
  const laid = st.laid.find((t) => t.index === was.index);
  if (laid) tapCell(laid.row, laid.col);
  else tapRack(was.index);
}

function cancelled() {
  ended();
}

// ---------------------------------------------------------------- drawing

function draw() {
  const { view, context } = st;
  const { h } = context;
  keepPan();
  const board = h("div", { class: "cw-main" }, drawBoard(), drawLegend());
  const rack = context.seat !== null && !view.outcome ? drawRack() : null;
  const controls = mine() ? drawControls() : null;
  // on a phone the rack and the controls stay at the bottom of the screen (the dock)
  const side = h(
    "div",
    { class: "cw-side" },
    rack || controls ? h("div", { class: "cw-dock" }, rack, controls) : null,
    context.notes ?? null, // the rules met for the first time (room.js), beside the board
    drawPreview(),
    drawScores(),
    context.log ?? null, // the move log (room.js): beside the board, on a phone just under it
    drawLog(),
    drawUnseen(),
  );
  // at the end, the results come first: they are what a player looks for then
  st.root.replaceChildren(...(view.outcome ? [drawResults()] : []), h("div", { class: "cw-layout" }, board, side));
  placePan();
  focusTyping();
  askLater();
}

// ---------------------------------------------------------------- the server's word on the words laid

/** The tiles laid, as a play sends them. */
function tilesLaid() {
  return st.laid.map((t) => [t.row, t.col, t.letter.toUpperCase(), t.blank]);
}

// Once the tiles laid make words the page finds no fault with, and stay so for a moment, the
// server is asked whether it would take them (the dictionary is the server's); only the answer
// about the tiles laid now counts.
function askLater() {
  const { view, context } = st;
  const shown = preview(view, st.laid);
  const tiles = JSON.stringify(tilesLaid());
  if (!context.check || !mine() || !shown || shown.problem) return;
  if (st.verdict?.tiles === tiles || st.checking === tiles) return;
  clearTimeout(st.checkTimer);
  const asking = st;
  st.checkTimer = setTimeout(() => {
    if (st !== asking || JSON.stringify(tilesLaid()) !== tiles) return;
    st.checking = tiles;
    asked += 1;
    context.check({ type: "play", tiles: tilesLaid() }, `cw-check-${asked}`, (answer) => {
      if (asking.checking === tiles) asking.checking = null;
      asking.verdict = { tiles, ok: answer.ok, reason: answer.reason ?? "" };
    });
  }, CHECK_AFTER);
}

/** The server's answer about the tiles laid now, or null while it is not known. */
function verdict() {
  const tiles = JSON.stringify(tilesLaid());
  return st.verdict?.tiles === tiles ? st.verdict : null;
}

// ---------------------------------------------------------------- the lens (a phone)

function narrow() {
  return matchMedia(NARROW).matches;
}

/** The cell in the middle of the last play, else the centre: where the lens looks first.
 * @param {CrosswordView} view @returns {{row: number, col: number}} */
export function lastPlayed(view) {
  const last = view.last || [];
  if (!last.length) return { row: CENTRE, col: CENTRE };
  const middle = (/** @type {number[]} */ values) => Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);
  return { row: middle(last.map(([row]) => row)), col: middle(last.map(([, col]) => col)) };
}

/** Where the lens on the page looks, kept before the page is drawn again. */
function keepPan() {
  const shown = st?.root?.isConnected ? st.root.querySelector(".cw-zoomed") : null;
  if (shown) [lens.left, lens.top] = [shown.scrollLeft, shown.scrollTop];
}

// The lens drawn again looks where it looked, or at the cell it was sent to; typing keeps the
// cursor in sight.
function placePan() {
  const place = () => {
    const shown = st.root.querySelector(".cw-zoomed");
    if (!shown) return;
    const at = (row, col) => shown.querySelector(`[data-row="${row}"][data-col="${col}"]`);
    if (lens.aim) {
      const cell = at(lens.aim.row, lens.aim.col);
      shown.scrollLeft = cell.offsetLeft + cell.offsetWidth / 2 - shown.clientWidth / 2;
      shown.scrollTop = cell.offsetTop + cell.offsetHeight / 2 - shown.clientHeight / 2;
      lens.aim = null;
    } else if (lens.left !== null) {
      [shown.scrollLeft, shown.scrollTop] = [lens.left, lens.top];
    }
    const cursor = st.cursor && mine() ? at(st.cursor.row, st.cursor.col) : null;
    if (cursor) {
      const { offsetLeft: x, offsetTop: y, offsetWidth: w, offsetHeight: hh } = cursor;
      if (x < shown.scrollLeft) shown.scrollLeft = x;
      else if (x + w > shown.scrollLeft + shown.clientWidth) shown.scrollLeft = x + w - shown.clientWidth;
      if (y < shown.scrollTop) shown.scrollTop = y;
      else if (y + hh > shown.scrollTop + shown.clientHeight) shown.scrollTop = y + hh - shown.clientHeight;
    }
    [lens.left, lens.top] = [shown.scrollLeft, shown.scrollTop];
  };
  if (st.root.isConnected) place();
  else queueMicrotask(() => st.root.isConnected && place()); // drawn for the page, placed straight after
}

/** The lens looks at a cell (a tap on the whole board), or the whole board is shown. */
function zoomTo(row, col) {
  lens.whole = false;
  lens.aim = { row, col };
  draw();
}

function toggleLens() {
  if (lens.whole) return zoomTo(...(st.cursor ? [st.cursor.row, st.cursor.col] : Object.values(lastPlayed(st.view))));
  lens.whole = true;
  draw();
}

// Typed letters come through a hidden input at the cursor: a phone's keyboard, an input method
// and a physical keyboard all give `input` to it. Keys alone (Backspace, Escape) come as keys.
function typingInput() {
  const { h, t } = st.context;
  const { row, col } = st.cursor;
  return h("input", {
    class: "cw-type",
    "aria-label": t("cwType"),
    autocomplete: "off",
    autocapitalize: "off",
    autocorrect: "off",
    spellcheck: "false",
    enterkeyhint: "done",
    style: `left: ${(col * 100) / SIZE}%; top: ${(row * 100) / SIZE}%`,
    oninput: (event) => {
      const text = event.target.value;
      event.target.value = "";
      for (const char of text) {
        const letter = typedLetter(st.view, char);
        if (letter && st.cursor) typeLetter(letter);
      }
    },
    onkeydown: (event) => {
      if (["Escape", "Backspace"].includes(event.key) && !event.target.value) {
        onKey(event, true);
      }
    },
  });
}

/** Keep the hidden input focused while a cell is chosen, unless the person is elsewhere. */
function focusTyping() {
  const was = document.activeElement;
  if (was && was !== document.body && !was.closest?.(".cw") && st.root.isConnected) return;
  const focus = () => {
    const input = st.root.querySelector(".cw-type");
    if (input && document.activeElement !== input) input.focus({ preventScroll: true });
  };
  if (st.root.isConnected) focus();
  else queueMicrotask(focus); // drawn for the page, which puts it in place straight after
}

function tileFace(h, view, letter, blank) {
  return [
    h("span", { class: "cw-letter" }, letter.toUpperCase()),
    h("sub", { class: "cw-points" }, blank ? "" : view.points[letter] ?? ""),
  ];
}

function drawBoard() {
  const { view, context } = st;
  const { h, t } = context;
  const acting = mine();
  const small = narrow();
  const whole = small && lens.whole;
  const last = new Set((view.last || []).map(([row, col]) => row * SIZE + col));
  const cells = [];
  for (let row = 0; row < SIZE; row += 1) {
    for (let col = 0; col < SIZE; col += 1) {
      const mark = premiumAt(view, row, col);
      const char = view.board[row][col];
      const tile = laidAt(row, col);
      const cursor = st.cursor && acting && st.cursor.row === row && st.cursor.col === col;
      const classes = ["cw-cell", `cw-p${mark === "." ? "0" : mark}`];
      if (row === CENTRE && col === CENTRE) classes.push("cw-centre");
      if (last.has(row * SIZE + col)) classes.push("cw-last");
      if (cursor) classes.push("cw-cursor");
      let content;
      if (tile) {
        content = h(
          "span",
          {
            class: `cw-tile cw-new${tile.blank ? " cw-blank" : ""}`,
            "data-index": tile.index,
            onpointerdown: (event) => press(event, tile.index),
          },
          tileFace(h, view, tile.letter, tile.blank),
        );
      } else if (char !== ".") {
        const blank = char !== char.toUpperCase();
        content = h("span", { class: `cw-tile${blank ? " cw-blank" : ""}` }, tileFace(h, view, char.toLowerCase(), blank));
      } else if (PREMIUMS[mark]) {
        const [kind, times] = PREMIUMS[mark];
        content = h(
          "span",
          { class: "cw-prem", "aria-hidden": "true" },
          h("b", {}, `×${times}`),
          h("small", { class: "cw-long" }, t(`${kind}Cell`)),
          h("small", { class: "cw-short" }, t(`${kind}Short`)),
        );
      } else if (row === CENTRE && col === CENTRE) {
        content = h("span", { class: "cw-star", "aria-hidden": "true" }, "★");
      }
      const name = `${COLUMNS[col]}${row + 1}`;
      const label = [name, char !== "." ? char.toUpperCase() : tile ? tile.letter.toUpperCase() : PREMIUMS[mark] ? t(`${PREMIUMS[mark][0]}${PREMIUMS[mark][1]}`) : ""]
        .filter(Boolean)
        .join(" ");
      cells.push(
        h(
          "button",
          {
            type: "button",
            class: classes.join(" "),
            "data-row": row,
            "data-col": col,
            "data-cell": name,
            "aria-label": label,
            tabindex: acting ? 0 : -1,
            onclick: (event) => {
              if (event.detail === 0) tapCell(row, col); // the keyboard's click; a pointer's is a tap
            },
            // a press on a tile is handled by `released`; on the whole board of a phone a tap
            // zooms in there
            onpointerup: () => (whole ? zoomTo(row, col) : tapCell(row, col)),
          },
          content,
          cursor ? h("span", { class: "cw-arrow", "aria-hidden": "true" }, st.cursor.across ? "→" : "↓") : null,
        ),
      );
    }
  }
  const board = h(
    "div",
    { class: "cw-board", role: "grid", "aria-label": t("cwBoard") },
    cells,
    st.cursor && acting && !st.asking && !st.exchange ? typingInput() : null,
  );
  const zoomed = small && !whole;
  return h(
    "div",
    { class: "cw-frame" },
    h(
      "div",
      // the lens scrolls by itself (data-scrolls), never the page
      { class: `cw-view${zoomed ? " cw-zoomed" : ""}`, "data-area": "table", "data-scrolls": zoomed ? "" : null, style: `--lens: ${LENS}` },
      board,
    ),
    small
      ? h(
          "button",
          { type: "button", class: "cw-lens", "aria-pressed": whole ? "true" : "false", onclick: toggleLens, title: whole ? t("cwZoomHint") : null },
          whole ? `🔍 ${t("cwZoomIn")}` : `⤢ ${t("cwWhole")}`,
        )
      : null,
    st.asking ? drawBlankChoice() : null,
  );
}

function drawBlankChoice() {
  const { view, context } = st;
  const { h, t } = context;
  const letters = Object.keys(view.points).filter((letter) => letter !== "*");
  return h(
    "div",
    { class: "cw-ask panel", role: "dialog", "aria-label": t("cwBlankAsk") },
    h("p", {}, t("cwBlankAsk")),
    h(
      "div",
      { class: "cw-letters" },
      letters.map((letter) =>
        h("button", { type: "button", "data-letter": letter, onclick: () => chooseBlank(letter) }, letter.toUpperCase()),
      ),
    ),
    h("button", { type: "button", class: "cw-ask-cancel", onclick: () => { st.asking = null; changed(); } }, t("cancel")),
  );
}

function drawLegend() {
  const { h, t } = st.context;
  return h(
    "ul",
    { class: "cw-legend" },
    ["3", "2", "t", "d"].map((mark) => {
      const [kind, times] = PREMIUMS[mark];
      return h("li", {}, h("span", { class: `cw-swatch cw-p${mark}` }), t(`${kind}${times}`));
    }),
    h("li", {}, h("span", { class: "cw-swatch cw-blank-swatch" }, "A"), t("cwBlankTile")),
    h("li", {}, h("span", { class: "cw-swatch cw-last-swatch" }), t("cwLastPlay")),
  );
}

function drawRack() {
  const { view, context } = st;
  const { h, t } = context;
  const laid = new Set(st.laid.map((tile) => tile.index));
  const tiles = st.order
    .filter((index) => !laid.has(index) && !(st.asking && st.asking.index === index))
    .map((index) => {
      const tile = view.rack[index];
      const classes = ["cw-tile"];
      if (tile === "*") classes.push("cw-blank");
      if (st.selected === index) classes.push("cw-selected");
      if (st.exchange?.has(index)) classes.push("cw-chosen");
      return h(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          "data-index": index,
          "data-letter": tile,
          "aria-pressed": st.selected === index || st.exchange?.has(index) ? "true" : "false",
          onpointerdown: (event) => press(event, index),
          onclick: (event) => {
            if (event.detail === 0) tapRack(index);
          },
        },
        tile === "*" ? h("span", { class: "cw-letter" }, "★") : tileFace(h, view, tile, false),
      );
    });
  return h(
    "div",
    { class: "cw-rack-box" },
    h("div", { class: "cw-rack", "aria-label": t("cwRack"), "data-area": "hand" }, tiles),
    mine() && !st.exchange ? h("p", { class: "muted cw-hint" }, t("cwHint")) : null,
  );
}

function drawControls() {
  const { view, context } = st;
  const { h, t, send } = context;
  if (st.exchange) {
    const chosen = [...st.exchange];
    const tooMany = chosen.length > view.bag;
    return h(
      "div",
      { class: "controls cw-controls", "data-area": "controls" },
      h("span", { class: "cw-ask-text" }, t("cwChooseExchange")),
      h(
        "button",
        {
          type: "button",
          class: "primary cw-exchange-confirm",
          disabled: !chosen.length || tooMany,
          onclick: () => send({ type: "exchange", tiles: chosen.map((index) => view.rack[index]) }),
        },
        t("cwExchangeN", { n: chosen.length }),
      ),
      h("button", { type: "button", class: "cw-cancel", onclick: () => { st.exchange = null; changed(); } }, t("cancel")),
      tooMany ? h("p", { class: "cw-why" }, t("cwBagHolds", { n: view.bag })) : null,
    );
  }
  if (st.passing) {
    return h(
      "div",
      { class: "controls cw-controls", "data-area": "controls" },
      h("span", { class: "cw-ask-text" }, t("cwPassSure")),
      h("button", { type: "button", class: "primary cw-pass-confirm", onclick: () => send({ type: "pass" }) }, t("cwPass")),
      h("button", { type: "button", class: "cw-cancel", onclick: () => { st.passing = false; changed(); } }, t("cancel")),
    );
  }
  const none = !st.laid.length;
  const empty = view.bag === 0;
  return h(
    "div",
    { class: "controls cw-controls", "data-area": "controls" },
    h("button", { type: "button", class: "primary cw-play", disabled: none, onclick: sendPlay }, t("cwPlay")),
    h("button", { type: "button", class: "cw-recall", disabled: none, onclick: () => { recall(); changed(); } }, t("cwRecall")),
    h("button", { type: "button", class: "cw-shuffle", onclick: () => { shuffle(); changed(); } }, t("cwShuffle")),
    h(
      "button",
      {
        type: "button",
        class: "cw-exchange",
        disabled: empty,
        title: empty ? t("cwBagEmpty") : null,
        onclick: () => { recall(); st.cursor = null; st.exchange = new Set(); changed(); },
      },
      t("cwExchange"),
    ),
    h("button", { type: "button", class: "cw-pass", onclick: () => { st.passing = true; changed(); } }, t("cwPass")),
    empty ? h("p", { class: "muted cw-why" }, t("cwBagEmpty")) : null,
  );
}

function drawPreview() {
  const { view, context } = st;
  const { h, t } = context;
  const parts = [];
  if (st.refusal) parts.push(h("p", { class: "cw-refusal", role: "alert" }, st.refusal));
  if (st.note) parts.push(h("p", { class: "cw-note" }, st.note));
  const shown = preview(view, st.laid);
  if (shown) {
    // the server's word: a refusal says why, in place of the score (the words stay named)
    const said = shown.problem ? null : verdict();
    const refused = said && !said.ok;
    const pending = !shown.problem && !said && mine() && context.check;
    parts.push(
      h(
        "div",
        { class: "cw-preview", "data-verdict": refused ? "refused" : said ? "ok" : pending ? "checking" : "none" },
        shown.problem ? h("p", { class: "cw-problem" }, t(shown.problem)) : null,
        h(
          "ul",
          { class: "cw-words" },
          shown.words.map((word) =>
            h("li", {}, h("span", { class: "cw-word" }, word.text.toUpperCase()), refused ? null : [" ", h("b", { class: "cw-word-score" }, word.score)]),
          ),
          shown.bonus && !refused ? h("li", {}, t("cwBonus"), " ", h("b", {}, shown.bonus)) : null,
        ),
        refused
          ? h("p", { class: "cw-verdict", role: "status" }, h("b", {}, t("cwRefused")), " ", said.reason)
          : h(
              "p",
              { class: "cw-total" },
              t("cwTotal"),
              " ",
              h("b", { class: "cw-total-score", "data-score": shown.total }, shown.total),
              pending ? h("span", { class: "muted cw-checking" }, ` · ${t("cwChecking")}`) : null,
            ),
      ),
    );
  }
  return parts.length ? h("div", { class: "cw-said" }, parts) : null;
}

function drawScores() {
  const { view, context } = st;
  const { h, t, names } = context;
  return h(
    "div",
    { class: "cw-scores" },
    h(
      "ul",
      { class: "cw-players" },
      // once the game is over, the final scores: the tiles left are subtracted
      (view.outcome?.scores ?? view.scores).map((score, seat) =>
        h(
          "li",
          { class: `${!view.outcome && seat === view.turn ? "current" : ""}`, "data-seat": seat },
          h("b", {}, names[seat] ?? `${seat + 1}`),
          seat === context.seat ? ` (${t("you")})` : "",
          " ",
          h("span", { class: "cw-score" }, score),
          h("small", { class: "muted" }, ` · ${t("cwTilesHeld", { n: view.racks[seat] })}`),
        ),
      ),
    ),
    h(
      "p",
      { class: "muted cw-bag" },
      t("cwBag", { n: view.bag }),
      view.outcome ? null : ` · ${t("cwRound", { n: view.round })}`,
    ),
  );
}

function drawLog() {
  const { view, context } = st;
  const { h, t, names } = context;
  if (!view.turns.length) return null;
  const rows = view.turns.map((turn, number) => {
    const what = turnText(turn, t);
    return h(
      "tr",
      { class: `cw-turn cw-turn-${turn.kind}`, "data-seat": turn.seat },
      h("td", { class: "muted" }, number + 1),
      h("th", {}, names[turn.seat] ?? ""),
      h("td", { class: "cw-turn-what" }, what),
      h("td", { class: "cw-turn-score" }, turn.score),
    );
  });
  const log = h("div", { class: "cw-log" }, h("table", {}, h("caption", {}, t("cwLog")), rows));
  requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; }); // the newest turn in sight
  return log;
}

/** What a turn did, as the score sheet says it: a play's words with their points, how many
 * tiles an exchange changed (never which), or a pass.
 * @param {Turn} turn @param {import("../../../web/types.js").T} t @returns {string} */
export function turnText(turn, t) {
  if (turn.kind === "play") {
    return (turn.words ?? []).map(([word, score]) => `${word.toUpperCase()} ${score}`).join(", ");
  }
  if (turn.kind === "exchange") return t("cwExchanged", { n: turn.tiles });
  return t("cwPassed");
}

function drawUnseen() {
  const { view, context } = st;
  const { h, t } = context;
  const letters = Object.entries(view.unseen || {});
  const count = letters.reduce((sum, [, n]) => sum + n, 0);
  return h(
    "details",
    { class: "cw-unseen" },
    h("summary", {}, t("cwUnseen", { n: count })),
    h(
      "p",
      {},
      letters.map(([letter, n]) =>
        h("span", { class: "cw-unseen-tile" }, letter === "*" ? "★" : letter.toUpperCase(), h("sub", {}, n)),
      ),
    ),
  );
}

function drawResults() {
  const { view, context } = st;
  const { h, t } = context;
  const outcome = view.outcome;
  return results(view, context, (seat) => {
    const left = (outcome.racks?.[seat] ?? "").toUpperCase().replaceAll("*", "★");
    const played = outcome.played?.[seat];
    return h(
      "span",
      { class: "cw-result" },
      t("cwPlayed", { n: played ?? "" }),
      " · ",
      t("cwLeft", { tiles: left || "—", n: outcome.left?.[seat] ?? 0 }),
    );
  });
}

// ---------------------------------------------------------------- How to play

/** An item of the crossword's guide (games/crossword/guide.py) as the board shows it: a tile,
 * a piece of a board; null for another. */
export function figure(data, { h }) {
  if (data.tile !== undefined) return guideTile(h, data.tile, data.points);
  if (data.board !== undefined) return guideBoard(h, data);
  return null;
}

function guideTile(h, letter, points, fresh = false) {
  const blank = letter === "*";
  return h(
    "span",
    { class: `cw-tile guide-tile${blank ? " cw-blank" : ""}${fresh ? " cw-new" : ""}` },
    h("span", { class: "cw-letter" }, blank ? "★" : letter.toUpperCase()),
    points === undefined || blank ? null : h("sub", { class: "cw-points" }, points),
  );
}

// A piece of a board: "." empty, upper case a tile there, lower case a tile just laid.
function guideBoard(h, { board: rows, centre }) {
  const cells = [];
  rows.forEach((row, r) => {
    [...row].forEach((char, c) => {
      const star = centre && centre[0] === r && centre[1] === c;
      const content = char === "." ? (star ? h("span", { class: "cw-star" }, "★") : null) : guideTile(h, char, undefined, char !== char.toUpperCase());
      cells.push(h("span", { class: `cw-cell guide-cell${star ? " guide-centre" : ""}` }, content));
    });
  });
  return h("div", { class: "guide-board", style: `--columns: ${rows[0].length}` }, cells);
}
