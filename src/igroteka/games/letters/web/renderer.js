// Klepka letters in the browser.

import { frame, grid, ownFirst, results } from "../../../web/table.js";

export { strings } from "./strings.js";
/** This game's stylesheet, linked into the page after the page's own (games.js). */
export const stylesheet = new URL("style.css", import.meta.url).href;

const PRIZES = { polysemy: "✦ ", chaos: "⚡ ", exchange: "⇄ " };
// While the player picks the two cards of an Exchange: {key: the room and seat, give: the card
// id chosen to give, once chosen}. It is dropped as soon as it no longer fits the view.
let exchange = null;
// Per room and seat: the refusal the page has put away (its count) and the player's words then.
const putAway = new Map();

function cardFace(h, t, card) {
  if (card.kind !== "letter") {
    return h("span", { class: `prize ${card.kind}` }, PRIZES[card.kind] + t(`${card.kind}Card`));
  }
  return h(
    "span",
    { class: `letter colour-${card.colour}` },
    card.letter.toUpperCase(),
    h("sub", {}, card.points),
  );
}

/** What a screen reader says of a card: "А, worth 1, blue", or the prize's name.
 * @param {import("../../../web/types.js").T} t
 * @param {{kind: string, letter?: string, points?: number, colour?: string}} card @returns {string} */
export function cardLabel(t, card) {
  if (card.kind !== "letter") return t(`${card.kind}Card`);
  return t("letterCard", { letter: /** @type {string} */ (card.letter).toUpperCase(), points: card.points, colour: t(/** @type {string} */ (card.colour)) });
}

export function render(view, context) {
  const { h, t, seat, send } = context;
  const mine = seat !== null;
  const awaited = mine && view.awaited.includes(seat);
  const acting = mine && view.actors.includes(seat);
  const hand = mine ? view.hands[seat] : [];
  const holds = (kind) => hand.some((card) => card.kind === kind);
  const side = [];
  const downLeft = view.table.includes("down");
  const key = `${context.record}#${seat}`;
  // an Exchange begun here is dropped once it no longer fits: another room or seat, the game
  // over, the Exchange card or the card chosen to give no longer held
  const gone = (id) => id !== undefined && !hand.some((card) => card.id === id);
  if (exchange && (exchange.key !== key || !acting || !holds("exchange") || view.outcome || gone(exchange.give))) {
    exchange = null;
  }
  if (view.outcome) {
    side.push(
      results(view, context, (s) =>
        `${view.outcome.words[s].map((w) => w.word).join(", ") || "—"}; ${view.outcome.held[s]} ${t("held")}`,
      ),
    );
  }
  const table = view.outcome
    ? null
    : grid(view, context, (card) => cardFace(h, t, card), {
        canFlip: () => awaited && (view.phase !== "compose" || downLeft) && view.phase !== "reveal",
        flip: (position) => send({ type: "flip", position }),
        label: (card) => cardLabel(t, card),
      });
  if (awaited && view.phase === "flip") side.push(h("p", { class: "muted flips-left" }, t("flipsLeft", { n: view.left })));
  const controls = [];
  if (awaited && view.phase === "compose") controls.push(...composeBox(view, context, key));
  if (awaited && (view.phase === "again" || (view.phase === "compose" && !downLeft))) {
    controls.push(h("button", { class: "stop", onclick: () => send({ type: "stop" }) }, t("stop")));
  }
  if (acting && holds("chaos") && downLeft) {
    controls.push(h("button", { class: "chaos", onclick: () => send({ type: "chaos" }) }, t("playChaos")));
  }
  if (acting && holds("exchange")) {
    const change = (value) => {
      exchange = value;
      context.redraw();
    };
    if (exchange) {
      // the step of the Exchange, said on the page until it is done or cancelled
      const step = exchange.give === undefined ? t("pickGive") : t("pickTake");
      controls.push(
        h("p", { class: "exchange-step", role: "status" }, `⇄ ${step}`),
        h("button", { class: "exchange-cancel", onclick: () => change(null) }, t("cancel")),
      );
    } else {
      controls.push(h("button", { class: "exchange", onclick: () => change({ key }) }, t("playExchange")));
    }
  }
  if (controls.length) side.push(h("div", { class: "controls", "data-area": "controls" }, controls));
  side.push(hands(view, context));
  return frame(context, table, side);
}

// The words to compose. What was typed stays until the server accepts it (the input's name
// follows the player's count of words, so a redraw carries it over until then), and a refusal
// stays beside the box, in the player's language, until they type again or a word is accepted.
function composeBox(view, context, key) {
  const { h, t, send, seat } = context;
  const words = view.sheets[seat].length;
  const refusal = context.refusal;
  const putAwayNow = () => putAway.set(key, { words, count: refusal?.count ?? 0 });
  if (putAway.get(key)?.words !== words) putAwayNow(); // a word accepted: what was said is old
  const shown = refusal && refusal.count !== putAway.get(key).count;
  const said = shown ? h("p", { class: "compose-refusal", role: "alert" }, refusal.reason) : null;
  const input = h("input", {
    class: "compose-input",
    name: `compose-${words}`,
    placeholder: t("composeHint"),
    "aria-label": t("compose"),
    oninput: () => {
      putAwayNow();
      said?.remove();
    },
  });
  const form = h(
    "form",
    {
      class: "compose",
      onsubmit: (event) => {
        event.preventDefault();
        const typed = input.value.split(/[\s,]+/).filter(Boolean);
        if (typed.length) send({ type: "compose", words: typed });
      },
    },
    input,
    h("button", { class: "primary", type: "submit" }, t("compose")),
  );
  return said ? [form, said] : [form];
}

/** A player's words as their sheet says them: each with its points, "×2" when doubled.
 * @param {{word: string, points: number, double?: boolean}[]} sheet @returns {string} */
export function sheetText(sheet) {
  return sheet.map((w) => `${w.word} ${w.points}${w.double ? "×2" : ""}`).join(" · ");
}

// Every player's cards and words, the player's own first: theirs is their hand.
function hands(view, context) {
  const { h, t, seat, send, names } = context;
  const pick = (owner, card) => {
    if (!exchange) return;
    if (owner === seat) {
      exchange.give = exchange.give === card.id ? undefined : card.id; // a second tap takes it back
      context.redraw();
    } else if (exchange.give !== undefined) {
      send({ type: "exchange", give: exchange.give, take: card.id });
      exchange = null;
      context.redraw();
    }
  };
  const chosen = (card) => exchange?.give === card.id;
  const line = (cards, s) =>
    h(
      "li",
      { class: s === view.turn ? "current" : "" },
      h("b", {}, `${names[s]} — ${view.points[s]} ${t("points")}`),
      h(
        "div",
        {
          class: "hand",
          role: "group",
          "aria-label": s === seat ? t("yourCards") : t("cardsOf", { name: names[s] }),
          "data-area": s === seat ? "hand" : null,
          "data-scrolls": s === seat ? "" : null,
        },
        cards.map((card) =>
          h(
            "button",
            {
              class: chosen(card) ? "chip chosen" : "chip",
              "data-card": card.id,
              "data-key": `card-${card.id}`,
              "aria-label": cardLabel(t, card),
              "aria-pressed": exchange && s === seat ? String(chosen(card)) : null,
              onclick: () => pick(s, card),
            },
            cardFace(h, t, card),
          ),
        ),
      ),
      h(
        "small",
        { class: "sheet" },
        sheetText(view.sheets[s]),
      ),
    );
  const order = ownFirst(view.hands, seat);
  return h("ul", { class: "hands" }, order.map(([cards, s]) => line(cards, s)));
}

// ---------------------------------------------------------------- How to play

/** An item of Klepka letters' guide (games/letters/guide.py) as the table shows it: a letter
 * card with its colour and points, a prize card; null for another. */
export function figure(data, { h, t }) {
  const card = (face) => h("div", { class: "card up guide-card" }, face);
  if (data.letter !== undefined) return card(cardFace(h, t, { kind: "letter", ...data }));
  if (data.prize !== undefined) return card(cardFace(h, t, { kind: data.prize }));
  return null;
}
