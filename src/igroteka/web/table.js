// The table of face-down cards the card games share: a grid, a back for each face-down card,
// a face for each face-up one, an empty place for each card taken; and the page's frame that
// fits it to the screen beside (or, on a phone, above) the player's cards and controls.
//
// By keyboard the grid is one stop of Tab (a roving tabindex): the arrows move between cards
// by rows of `columns`, Home and End go to the first and last, typing a card's number moves to
// that card, and Enter or Space turns it up (a card is a button).

/** @type {number | null} */
let focusAt = null; // the position the person last moved to on the table
/** @type {{digits: string, timer: ReturnType<typeof setTimeout> | undefined}} */
const typedNumber = { digits: "", timer: undefined };

// Whether a cell can hold the focus: a card that can be turned up, or one face up.
const focusable = (cell) => cell && !cell.disabled && cell.hasAttribute("tabindex");

function moveTo(table, position) {
  const cell = table.querySelector(`[data-position="${position}"]`);
  if (!focusable(cell)) return false;
  cell.focus();
  return true;
}

// The nearest card that can hold the focus from `from`, `step` positions at a time.
function next(table, from, step, count) {
  for (let position = from + step; position >= 0 && position < count; position += step) {
    if (moveTo(table, position)) return true;
  }
  return false;
}

function keydown(event, columns, count) {
  const table = event.currentTarget;
  const cell = event.target.closest("[data-position]");
  const at = cell ? Number(cell.dataset.position) : focusAt ?? -1;
  const steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
  if (event.key in steps) {
    event.preventDefault();
    if (!cell && focusAt !== null && moveTo(table, focusAt)) return;
    next(table, at, steps[event.key], count);
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    if (event.key === "Home") next(table, -1, 1, count);
    else next(table, count, -1, count);
  } else if (/^[0-9]$/.test(event.key)) {
    // a card's number, typed: the focus goes to that card as the digits come
    event.preventDefault();
    clearTimeout(typedNumber.timer);
    typedNumber.digits += event.key;
    typedNumber.timer = setTimeout(() => (typedNumber.digits = ""), 1200);
    if (!moveTo(table, Number(typedNumber.digits) - 1)) {
      typedNumber.digits = event.key;
      moveTo(table, Number(event.key) - 1);
    }
  }
}

function focused(event) {
  const cell = event.target.closest("[data-position]");
  if (!cell) return;
  focusAt = Number(cell.dataset.position);
  for (const other of event.currentTarget.querySelectorAll("[data-position][tabindex]")) {
    other.tabIndex = other === cell ? 0 : -1;
  }
}

// `face(card)`: the card's face; `label(card)`: what a screen reader says of it.
export function grid(view, context, face, { canFlip, flip, label }) {
  const { h, t } = context;
  const count = view.table.length;
  const cells = view.table.map((cell, position) => {
    const number = position + 1;
    if (cell === "down") {
      return h(
        "button",
        {
          class: "card back",
          "data-position": position,
          "aria-label": t("cardDown", { n: number }),
          tabindex: "-1",
          disabled: !canFlip(position),
          onclick: () => flip(position),
        },
        h("span", { class: "number", "aria-hidden": "true" }, number),
      );
    }
    if (cell === "up") {
      const card = view.faces[String(position)];
      return h(
        "div",
        {
          class: "card up",
          "data-position": position,
          role: card.kind === "word" ? "group" : "img", // a word's card holds its 🔊 button
          tabindex: "-1",
          "aria-label": t("cardUp", { n: number, face: label(card) }),
          style: `--len: ${longestWord(card.text ?? "")}`,
        },
        face(card),
      );
    }
    return h("div", { class: "card gone", "aria-hidden": "true" });
  });
  // one card is the Tab stop: the one last moved to, else the first that can be turned up
  const stops = cells.filter(focusable);
  const stop = stops.find((c) => Number(c.dataset.position) === focusAt) ?? cells.find((c) => focusable(c) && c.tagName === "BUTTON") ?? stops[0];
  if (stop) stop.tabIndex = 0;
  const columns = fitting(count, view.columns);
  const rows = Math.ceil(count / columns);
  return h(
    "div",
    {
      class: "table",
      role: "group",
      "data-key": "table",
      tabindex: stop ? "-1" : "0", // no card to move to: the table itself is the Tab stop
      "aria-label": t("tableCards", { n: count }),
      "aria-describedby": "table-keys",
      style: `--columns: ${columns}; --rows: ${rows}`,
      onkeydown: (event) => keydown(event, columns, count),
      onfocusin: focused,
    },
    cells,
  );
}

// The number of columns that gives `count` cards (3:4) the largest size in the room a table
// has on this screen (the page's frame: beside the player's side on a wide one, above it on a
// phone), `columns` (the game's) when no other does better.
function fitting(count, columns) {
  return bestColumns(count, columns, { width: innerWidth, height: innerHeight, wide: matchMedia("(min-width: 821px)").matches });
}

/** The columns for `count` cards on a screen of `width` × `height` pixels (`wide`: more than
 * 820 px, where the player's side is beside the table): `columns` unless another count of
 * columns makes the cards more than 5% larger.
 * @param {number} count @param {number} columns
 * @param {{width: number, height: number, wide: boolean}} screen @returns {number} */
export function bestColumns(count, columns, { width: screenWidth, height: screenHeight, wide }) {
  const width = Math.min(screenWidth, 1400) - (wide ? 440 : 24);
  const height = screenHeight - (wide ? 160 : 360);
  const size = (/** @type {number} */ c) => Math.min(width / c, (height / Math.ceil(count / c)) * 0.75);
  let best = columns;
  for (let c = 2; c <= Math.min(count, 20); c += 1) if (size(c) > size(best) * 1.05) best = c;
  return best;
}

/** The length of the longest word of a card's text: its letters are sized so that it fits.
 * @param {string} text @returns {number} */
export function longestWord(text) {
  return Math.max(1, ...text.split(/\s+/).map((word) => [...word].length));
}

// The page of a table game: the table, sized to the room left, and beside it (below it on a
// phone) the player's cards and controls. `side`: what goes beside, the player's own first.
export function frame(context, table, side) {
  const { h, t } = context;
  return h(
    "div",
    { class: "fit" },
    table
      ? h(
          "div",
          { class: "fit-table", "data-area": "table" },
          table,
        )
      : null,
    h(
      "div",
      { class: "fit-side" },
      side,
      table ? h("p", { class: "table-keys muted", id: "table-keys" }, t("tableKeys")) : null,
    ),
  );
}

/** The seats with the page's own first (its hand, its words), each beside its seat.
 * @template X @param {X[]} bySeat @param {number | null} seat @returns {[X, number][]} */
export function ownFirst(bySeat, seat) {
  /** @type {[X, number][]} */
  const order = bySeat.map((item, s) => [item, s]);
  order.sort(([, a], [, b]) => Number(b === seat) - Number(a === seat));
  return order;
}

/** The results: who won, each seat's score and `lines(seat)`, play again, the record.
 * @param {any} view @param {import("./types.js").RenderContext} context
 * @param {(seat: number) => any} lines */
export function results(view, context, lines) {
  const { h, t, names } = context;
  const outcome = view.outcome;
  const winners = outcome.winners.map((seat) => names[seat]).join(", ");
  return h(
    "section",
    { class: "results panel", "data-area": "results" },
    h("h2", {}, t(outcome.winners.length > 1 ? "share" : "wins", { names: winners })),
    h(
      "table",
      {},
      names.map((name, seat) =>
        h(
          "tr",
          { class: outcome.winners.includes(seat) ? "winner" : "" },
          h("th", {}, name),
          h("td", {}, `${outcome.scores[seat]}`),
          h("td", {}, lines(seat)),
        ),
      ),
    ),
    // play again and a new game first: on a phone they are in sight with the table of scores
    context.rematch?.() ?? null,
    h(
      "p",
      { class: "results-links" },
      h("a", { href: context.record, download: "", class: "button" }, t("download")),
      " ",
      h("a", { href: context.record.replace("/api/rooms/", "/r/").replace("/record", "/replay"), class: "button replay-link" }, t("replay")),
    ),
  );
}

export function speak(text, lang) {
  if (!("speechSynthesis" in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = { en: "en-GB", uk: "uk-UA", ru: "ru-RU" }[lang] || lang;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
