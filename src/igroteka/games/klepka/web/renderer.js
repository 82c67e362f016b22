// Klepka, words and pictures, in the browser.

import { frame, grid, ownFirst, results, speak } from "../../../web/table.js";

export { strings } from "./strings.js";
/** This game's stylesheet, linked into the page after the page's own (games.js). */
export const stylesheet = new URL("style.css", import.meta.url).href;

const SYNCOPE = "SYNCOPE";

// The chains being built on this page, by room and seat: the links tapped so far and what the
// server said of them. Any news of the room draws the page again; the chain stays as it was.
const building = new Map();
let asked = 0;

function builderOf(context) {
  const key = `${context.record}#${context.seat}`;
  if (!building.has(key)) building.set(key, { links: [], broken: null, pending: null });
  return building.get(key);
}

// Ask the server about the chain as far as its last word: the rules judge it (one source of
// truth), and a refusal names the link that breaks it. A Syncope tapped last is judged with the
// word after it. Each change asks again; only the answer to the latest question counts.
function askAbout(chain, context) {
  const links = linksToJudge(chain.links);
  chain.broken = null;
  if (!links.length || !context.check) {
    chain.pending = null;
    return;
  }
  const id = `chain-${++asked}`;
  chain.pending = id;
  context.check({ type: "chain", links }, id, (answer) => {
    if (chain.pending !== id) return; // a later tap asked again
    chain.pending = null;
    chain.broken = answer.ok ? null : { link: answer.detail?.link ?? links.length - 1, reason: answer.reason };
  });
}

/** The links of a chain being built as the server is asked about them: a Syncope tapped last
 * waits for the word after it.
 * @param {string[]} links @returns {string[]} */
export function linksToJudge(links) {
  const judged = [...links];
  while (judged.length && judged[judged.length - 1] === SYNCOPE) judged.pop();
  return judged;
}

/** How a placed link is shown: the one the server refused ("broken"), those after it ("after"),
 * else "checking" while the server is asked, "ok" once it has answered.
 * @param {{broken: {link: number} | null, pending: string | null}} chain @param {number} index
 * @returns {"broken" | "after" | "checking" | "ok"} */
export function linkState(chain, index) {
  const broken = chain.broken;
  if (broken && index === broken.link) return "broken";
  if (broken && index > broken.link) return "after";
  return chain.pending ? "checking" : "ok";
}

/** A chain as the results say it: its words joined by arrows, ✦ for a Syncope, "—" for none.
 * @param {string[]} links @returns {string} */
export function chainText(links) {
  return links.map((w) => (w === SYNCOPE ? "✦" : w)).join(" → ") || "—";
}

// The chain phase for a player who builds: their word cards to tap in order, a Syncope button
// while they hold one, undo and clear, the links placed with the reason beside a link that breaks.
function chainBuilder(view, context) {
  const { h, t, seat, send } = context;
  const chain = builderOf(context);
  const words = view.collections[seat].words;
  const held = view.collections[seat].syncopes;
  const used = chain.links.filter((link) => link === SYNCOPE).length;
  const last = chain.links[chain.links.length - 1];
  const broken = chain.broken;
  const change = (links) => {
    chain.links = links;
    askAbout(chain, context);
    context.redraw?.();
  };
  const placed = chain.links.map((link, index) =>
    h(
      "li",
      { class: `chain-link ${link === SYNCOPE ? "is-syncope" : "is-word"}`, "data-state": linkState(chain, index), "data-link": index },
      h("span", { class: "chain-link-text" }, link === SYNCOPE ? `✦ ${t("syncopeCard")}` : link),
      broken && index === broken.link ? h("span", { class: "link-reason", role: "alert" }, broken.reason) : null,
    ),
  );
  const inChain = new Set(chain.links);
  const wordButtons = words.map((word) =>
    h(
      "button",
      {
        type: "button",
        class: "chain-word",
        "data-word": word,
        disabled: inChain.has(word) || broken !== null,
        onclick: () => change([...chain.links, word]),
      },
      word,
    ),
  );
  const canSyncope = used < held && last !== undefined && last !== SYNCOPE && broken === null;
  const canSubmit = chain.links.length > 0 && last !== SYNCOPE && broken === null && chain.pending === null;
  return h(
    "div",
    { class: "panel chain chain-builder", "data-area": "controls" },
    h("p", {}, t("chainPrompt")),
    h(
      "ol",
      { class: "chain-links", "aria-label": t("chain"), "aria-live": "polite" },
      placed.length ? placed : h("li", { class: "chain-empty muted" }, t("chainEmpty")),
    ),
    h("div", { class: "chain-words", role: "group", "aria-label": t("yourWords") }, wordButtons),
    h(
      "div",
      { class: "chain-controls" },
      held
        ? h(
            "button",
            { type: "button", class: "chain-syncope", disabled: !canSyncope, onclick: () => change([...chain.links, SYNCOPE]) },
            `✦ ${t("syncopeCard")} ×${held - used}`,
          )
        : null,
      h("button", { type: "button", class: "chain-undo", disabled: !chain.links.length, onclick: () => change(chain.links.slice(0, -1)) }, t("undoLink")),
      h("button", { type: "button", class: "chain-clear", disabled: !chain.links.length, onclick: () => change([]) }, t("clearChain")),
      h(
        "button",
        { type: "button", class: "primary chain-submit", disabled: !canSubmit, onclick: () => send({ type: "chain", links: chain.links }) },
        t("submitChain"),
      ),
    ),
  );
}

export function render(view, context) {
  const { h, t, seat, send } = context;
  const acting = seat !== null && view.actors.includes(seat);
  const side = [];
  if (view.outcome) side.push(outcome(view, context));
  if (view.phase === "london" && acting) {
    side.push(
      h(
        "div",
        { class: "panel question", "data-area": "controls" },
        h("p", {}, t("london")),
        h("button", { class: "primary", onclick: () => send({ type: "london", yes: true }) }, t("yes")),
        " ",
        h("button", { onclick: () => send({ type: "london", yes: false }) }, t("no")),
      ),
    );
  }
  if (view.phase === "chain" && acting) side.push(chainBuilder(view, context));
  else building.delete(`${context.record}#${seat}`); // built and submitted, or not yet begun
  side.push(collections(view, context));
  const lang = view.deck.lang;
  const face = (card) => {
    if (card.kind === "syncope") return h("span", { class: "syncope" }, `✦ ${t("syncopeCard")}`);
    if (card.kind === "picture") return h("span", { class: "picture" }, card.text);
    return h(
      "span",
      { class: "word" },
      h("span", { class: "text" }, card.text),
      h("button", { class: "speak", title: t("speak"), "aria-label": t("speak"), onclick: () => speak(card.text, lang) }, "🔊"),
    );
  };
  const label = (card) => {
    if (card.kind === "syncope") return t("syncopeCard");
    if (card.kind === "picture") return t("pictureOf", { text: card.text });
    return card.text;
  };
  const flipping = acting && ["first", "second", "search"].includes(view.phase);
  // the chain phase comes once the table is empty: its empty places are not drawn
  const table = view.outcome || view.phase === "chain"
    ? null
    : grid(view, context, face, {
        canFlip: (position) => flipping && !view.tried.includes(position),
        flip: (position) => send({ type: "flip", position }),
        label,
      });
  return frame(context, table, side);
}

// Each player's words collected: the player's own first, as their hand.
function collections(view, context) {
  const { h, t, seat, names } = context;
  const line = (held, s) =>
    h(
      "li",
      {
        class: s === view.turn ? "current" : "",
        "data-area": s === seat ? "hand" : null,
        "aria-label": s === seat ? t("yourCards") : t("cardsOf", { name: names[s] }),
      },
      h("b", {}, names[s]),
      ": ",
      held.words.join(", ") || "—",
      held.syncopes ? ` + ✦×${held.syncopes}` : "",
    );
  const order = ownFirst(view.collections, seat);
  return h("ul", { class: "collections", "aria-label": t("collected") }, order.map(([held, s]) => line(held, s)));
}

function outcome(view, context) {
  const { h, t } = context;
  const show = chainText;
  return results(view, context, (s) =>
    h(
      "span",
      {},
      `${t("chain")}: ${show(view.outcome.chains[s])}`,
      h("br"),
      h("small", {}, `${t("bestChain")}: ${show(view.outcome.best_chains[s])}`),
    ),
  );
}

// ---------------------------------------------------------------- How to play

/** An item of Klepka's guide (games/klepka/guide.py) as the table shows it: a picture card, a
 * word card, the Syncope card; null for another. */
export function figure(data, { h, t }) {
  const card = (...content) => h("div", { class: "card up guide-card" }, ...content);
  if (data.picture !== undefined) return card(h("span", { class: "picture" }, data.picture));
  if (data.word !== undefined) return card(h("span", { class: "word" }, data.word));
  if (data.syncope) return card(h("span", { class: "syncope" }, `✦ ${t("syncopeCard")}`));
  return null;
}
