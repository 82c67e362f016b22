// The association game (Imaginarium, Dixit) in the browser: cards drawn as SVG from the view's
// data, the storyteller's card and clue, cards laid and votes cast in secret, the reveal of whose
// card was whose and who voted for what, and the track. The server judges every action (a clue of
// the wrong form, a vote for one's own card) and says why it refuses one: that stays beside the
// controls until the next change.
//
// Everything shown comes from the view; user text (clues, names) is put in text nodes only.

import { results, speak } from "../../../web/table.js";

export { strings } from "./strings.js";
/** This game's stylesheet, linked into the page after the page's own (games.js). */
export const stylesheet = new URL("style.css", import.meta.url).href;

const SVG = "http://www.w3.org/2000/svg";
const CLUE_LIMIT = 200; // rules.CLUE_LIMIT: characters a clue may have at most
const SHAPES = new Set(["circle", "ellipse", "rect", "polygon", "polyline", "path", "line"]);
const FORM_KEYS = { question: "asFormQuestion", four_words: "asFormFourWords", love: "asFormLove", story: "asFormStory" };
const CELL_KEYS = { question: "asCellQuestion", four_words: "asCellFourWords", love: "asCellLove", story: "asCellStory" };
const CELL_MARKS = { question: "?", four_words: "4", love: "♥", story: "✎" };
const REVEAL_MS = 3200; // how long the reveal's animation runs, all its steps together

// What the seat shown has chosen since its view came (cards, tokens, the clue typed). It lives
// here, not in the DOM, for the page is drawn again on every message from the server.
let st = null;
// What the page remembers of the game across views and seats: the rounds revealed (for the log),
// when each reveal was first drawn (its animation goes on across redraws), which were put away.
let memory = null;
let drawn = 0; // for ids unique in the document (a gradient per card)

function fresh(key, view, context) {
  return {
    key,
    step: `${view.round}/${view.phase}`,
    card: null, // tell: the card the clue is for
    others: [], // tell, at a table of two: the four laid with it
    chosen: [], // lay: the cards to lay
    ranks: [], // vote: the numbers of the cards, token 1 first
    clue: "",
    aloud: false,
    zoom: /** @type {{id: string, number: number | null} | null} */ (null), // the card shown big
    sent: null, // the view's signature when an action was sent: its controls wait
    refusal: null,
    refusalCount: context.refusal?.count ?? 0,
  };
}

const signature = (view) => `${view.round}/${view.phase}/${view.awaited.join(",")}`;

export function render(view, context) {
  const key = `${context.record}#${context.seat}`;
  if (!memory || memory.key !== context.record) {
    memory = { key: context.record, rounds: new Map(), shownAt: new Map(), put: new Map(), pawns: new Map() };
  }
  if (view.last) memory.rounds.set(lastRound(view), view.last);
  if (!st || st.key !== key) st = fresh(key, view, context);
  const step = `${view.round}/${view.phase}`;
  if (st.step !== step) {
    const { zoom, refusalCount } = st;
    st = fresh(key, view, context);
    st.refusalCount = refusalCount;
    st.zoom = zoom && view.cards?.[zoom.id] ? { id: zoom.id, number: null } : null;
  }
  if (context.refusal && context.refusal.count !== st.refusalCount) {
    st.refusalCount = context.refusal.count;
    st.refusal = context.refusal.reason; // stays until the next change
    st.sent = null;
  }
  if (st.sent && st.sent !== signature(view)) st.sent = null;
  st.view = view;
  st.context = context;
  st.root = context.h("div", { class: "as" });
  draw(false);
  return st.root;
}

// ---------------------------------------------------------------- the game's arithmetic

/** The cards each player lays: two at a table of three, else one.
 * @param {{players: number}} view */
export const lays = (view) => (view.players === 3 ? 2 : 1);
/** The tokens a voter may place: three at a table of two (ranked), else one.
 * @param {{players: number}} view */
export const mostTokens = (view) => (view.players === 2 ? 3 : 1);
const lastRound = (/** @type {{round: number}} */ view) => view.round - 1; // the round the view's `last` was

/** A round as revealed (the view's `last`): the cards on the table, whose each was, the votes
 * (each seat's card numbers, token 1 first), the steps each moved, the clue.
 * @typedef {{table: string[], owners: number[], storyteller: number, story?: number, votes: number[][],
 *   moves: number[], clue: string, accepted?: boolean}} Played */

/** The number of the card a round's clue was for (at a table of two all five are the
 * storyteller's: only `story` tells which).
 * @param {Played} played @returns {number} */
export function story(played) {
  if (played.story) return played.story;
  return played.owners.indexOf(played.storyteller) + 1;
}

function acting() {
  const { view, context } = st;
  return context.seat !== null && !view.outcome && view.awaited.includes(context.seat);
}

function waitingForServer() {
  return st.sent !== null && st.sent === signature(st.view);
}

/** Whether a card of the hand may be chosen now, or a card of the table voted for. */
function pickable(id) {
  const { view } = st;
  if (!acting() || waitingForServer()) return false;
  return (view.phase === "tell" || view.phase === "lay") && view.hand.includes(id);
}

function votable(number) {
  const { view } = st;
  if (!acting() || waitingForServer() || view.phase !== "vote") return false;
  return !view.mine.includes(view.table[number - 1]);
}

/** A card of the hand tapped: chosen, or put back. */
function pick(id) {
  const { view } = st;
  if (view.phase === "tell") {
    if (view.players === 2) {
      if (st.card === id) st.card = null;
      else if (st.others.includes(id)) st.others = st.others.filter((c) => c !== id);
      else if (!st.card) st.card = id;
      else if (st.others.length < 4) st.others.push(id);
      else st.others = [...st.others.slice(1), id];
    } else {
      st.card = st.card === id ? null : id;
    }
  } else if (view.phase === "lay") {
    const count = lays(view);
    if (st.chosen.includes(id)) st.chosen = st.chosen.filter((c) => c !== id);
    else if (count === 1) st.chosen = [id];
    else st.chosen = [...st.chosen, id].slice(-count);
  }
  changed();
}

/** A card of the table tapped: a token on it, or taken off (the others' numbers close up). */
function token(number) {
  st.ranks = withToken(st.ranks, number, mostTokens(st.view));
  changed();
}

/** The cards a voter's tokens are on (token 1 first) once card `number` is tapped: a token
 * taken off it (the later tokens close up), else put on it; with one token it moves there, with
 * several a tap once all are placed changes nothing.
 * @param {number[]} ranks @param {number} number @param {number} most @returns {number[]} */
export function withToken(ranks, number, most) {
  if (ranks.includes(number)) return ranks.filter((n) => n !== number);
  if (most === 1) return [number];
  if (ranks.length < most) return [...ranks, number];
  return ranks;
}

function send(action) {
  st.sent = signature(st.view);
  st.refusal = null;
  st.context.send(action);
  draw();
}

function tell() {
  const { view } = st;
  const clue = st.clue;
  const action = { type: "tell", card: st.card, clue: st.aloud ? clue.trim() : clue, aloud: st.aloud };
  if (view.players === 2) action.others = [...st.others];
  send(action);
}

/** Something changed on the page: the refusal said before it goes. */
function changed() {
  st.refusal = null;
  draw();
}

/** @param {string | null} id @param {number | null} [number] */
function zoom(id, number = null) {
  const was = st.zoom;
  st.zoom = id ? { id, number } : null;
  draw();
  if (st.zoom) st.root.querySelector(".as-zoom-close")?.focus({ preventScroll: true });
  else if (was) st.root.querySelector(`[data-focus="zoom-${was.id}"]`)?.focus({ preventScroll: true });
}

function onKey(event) {
  if (!st?.zoom || !st.root?.isConnected || event.key !== "Escape") return;
  event.preventDefault();
  zoom(null);
}

// (a test imports the module's pure parts where there is no page)
if (typeof document !== "undefined") document.addEventListener("keydown", onKey);

// ---------------------------------------------------------------- cards as SVG

function svg(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  return element;
}

/** A picture of a teacher's may come from this server, over http(s), or as data.
 * @param {unknown} url @returns {string | null} */
export function safeImage(url) {
  if (typeof url !== "string" || !url) return null;
  const scheme = url.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  if (!scheme) return url; // a path of this server's
  return scheme === "http" || scheme === "https" || /^data:image\//i.test(url) ? url : null;
}

/** A card drawn from the view's data: its backdrop, then its emoji in order; or its picture. */
export function cardPicture(view, id, label) {
  const face = view.cards?.[id];
  const picture = svg("svg", { viewBox: "0 0 100 100", class: "as-svg", role: "img", "aria-label": label });
  const image = safeImage(face?.image);
  if (image) {
    picture.append(svg("rect", { width: 100, height: 100, fill: "#f3f1ea" }));
    picture.append(svg("image", { href: image, x: 0, y: 0, width: 100, height: 100, preserveAspectRatio: "xMidYMid slice" }));
    return picture;
  }
  const backdrop = view.backdrops?.[face?.backdrop];
  const sky = backdrop?.sky?.length ? backdrop.sky : ["#d9d4c7", "#efece4"];
  drawn += 1;
  const gradient = `as-sky-${drawn}`;
  const stops = sky.map((colour, i) =>
    svg("stop", { offset: sky.length > 1 ? i / (sky.length - 1) : 0, "stop-color": colour }),
  );
  const linear = svg("linearGradient", { id: gradient, x1: 0, y1: 0, x2: 0, y2: 1 });
  linear.append(...stops);
  const defs = svg("defs");
  defs.append(linear);
  picture.append(defs, svg("rect", { x: 0, y: 0, width: 100, height: 100, fill: `url(#${gradient})` }));
  for (const shape of backdrop?.shapes ?? []) {
    if (!SHAPES.has(shape.type)) continue;
    const attributes = {};
    for (const [name, value] of Object.entries(shape)) {
      if (name === "type" || /^on|href|style/i.test(name)) continue;
      attributes[name] = value;
    }
    picture.append(svg(shape.type, attributes));
  }
  for (const [emoji, x, y, size, rotate = 0, opacity = 1] of face?.emoji ?? []) {
    const glyph = svg("text", {
      x,
      y,
      "font-size": size,
      "text-anchor": "middle",
      "dominant-baseline": "central",
      transform: rotate ? `rotate(${rotate} ${x} ${y})` : null,
      opacity: opacity !== 1 ? opacity : null,
    });
    glyph.textContent = emoji;
    picture.append(glyph);
  }
  if (!face) {
    const unknown = svg("text", { x: 50, y: 50, "font-size": 30, "text-anchor": "middle", "dominant-baseline": "central" });
    unknown.textContent = "?";
    picture.append(unknown);
  }
  return picture;
}

/** @param {string} id @param {number | null} [number] */
function cardLabel(id, number = null) {
  const { view, context } = st;
  const tags = view.cards?.[id]?.tags ?? [];
  const named = tags.slice(0, 3).join(", ");
  return number ? `${context.t("asCardN", { n: number })}${named ? `: ${named}` : ""}` : named || context.t("asCard");
}

/**
 * A card: its picture (a button when it may be chosen or voted for; else it enlarges), a button
 * that enlarges it, and the marks said about it (chosen, a token, your card, whose).
 * @param {string} id
 * @param {{number?: number | null, chosen?: string | null, mark?: string | null, onpick?: (() => void) | null,
 *   classes?: string[], below?: HTMLElement[], style?: string | null}} [parts]
 */
function card(id, { number = null, chosen = null, mark = null, onpick = null, classes = [], below = [], style = null } = {}) {
  const { h, t } = st.context;
  const label = cardLabel(id, number);
  const face = h(
    "button",
    {
      type: "button",
      class: "as-face",
      "aria-label": onpick ? `${t("asChoose")}: ${label}` : `${t("asEnlarge")}: ${label}`,
      "aria-pressed": onpick ? String(Boolean(chosen)) : null,
      "data-focus": `face-${id}`,
      onclick: () => (onpick ? onpick() : zoom(id, number)),
    },
    cardPicture(st.view, id, label),
  );
  return h(
    "div",
    {
      class: ["as-card", chosen ? "as-chosen" : "", ...classes].filter(Boolean).join(" "),
      "data-card": id,
      "data-number": number,
      style,
    },
    face,
    number ? h("span", { class: "as-number", "aria-hidden": "true" }, number) : null,
    chosen ? h("span", { class: "as-mark-chosen", "aria-hidden": "true" }, chosen) : null,
    mark ? h("span", { class: "as-mine" }, mark) : null,
    h(
      "button",
      {
        type: "button",
        class: "as-zoom",
        "aria-label": `${t("asEnlarge")}: ${label}`,
        title: t("asEnlarge"),
        "data-focus": `zoom-${id}`,
        onclick: () => zoom(id, number),
      },
      "⤢",
    ),
    below,
  );
}

function back(index) {
  const { h, t } = st.context;
  return h("div", { class: "as-card as-back", "aria-label": t("asFaceDown"), style: `--i: ${index}` }, h("span", { class: "as-back-face" }));
}

// ---------------------------------------------------------------- drawing

function draw(connected = true) {
  const { view, context } = st;
  const { h } = context;
  const active = /** @type {HTMLInputElement | null} */ (connected ? document.activeElement : null);
  const focus = active && st.root.contains(active) ? active.dataset.focus : null;
  const selection = focus && active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  const play = h(
    "div",
    { class: "as-play" },
    drawBanner(),
    drawTable(),
    context.seat !== null && !view.outcome ? drawHand() : null,
    drawControls(),
    context.log ?? null, // the last moves (room.js), just under the table and the hand
  );
  // the rules met for the first time (room.js) come first beside the table
  const side = h("div", { class: "as-side" }, context.notes ?? null, drawPlayers(), drawTrack(), drawLog());
  st.root.dataset.form = view.form || "";
  st.root.dataset.players = view.players;
  st.root.dataset.seat = context.seat ?? "";
  st.root.replaceChildren(
    ...[h("div", { class: "as-layout" }, play, side), view.outcome ? drawResults() : null, st.zoom ? drawZoom() : null].filter(Boolean),
  );
  if (focus) {
    const again = st.root.querySelector(`[data-focus="${focus}"]`);
    if (again) {
      again.focus({ preventScroll: true });
      if (selection && again.setSelectionRange) again.setSelectionRange(...selection);
    }
  } else if (st.zoom && !connected) {
    queueMicrotask(() => {
      if (st.root.isConnected && (!document.activeElement || document.activeElement === document.body)) {
        st.root.querySelector(".as-zoom-close")?.focus({ preventScroll: true });
      }
    });
  }
}

function seatName(seat) {
  const { names, t } = st.context;
  return names[seat] ?? `${t("seat")} ${seat + 1}`;
}

function who(seat, extra = "") {
  const { h } = st.context;
  return h("span", { class: `as-who as-seat-${seat}`, "data-seat": seat }, h("i", { class: "as-dot", "aria-hidden": "true" }), seatName(seat), extra);
}

function formText(form) {
  return form ? st.context.t(FORM_KEYS[form]) : "";
}

function drawBanner() {
  const { view, context } = st;
  const { h, t } = context;
  const told = view.phase !== "tell" && !view.outcome;
  const clue = told
    ? h(
        "p",
        { class: "as-clue-shown" },
        h("span", { class: "muted" }, `${t("asClue")}: `),
        view.clue ? h("q", { class: "as-clue-text" }, view.clue) : null,
        view.aloud ? h("span", { class: "as-aloud-said" }, ` ${t("asSaidAloud")}`) : null,
      )
    : null;
  const form = view.form && !view.outcome ? h("p", { class: "as-form" }, `${CELL_MARKS[view.form]} ${t("asFormAsked", { form: formText(view.form) })}`) : null;
  if (view.outcome) {
    const rounds = view.outcome.rounds ?? view.round - 1;
    return h("div", { class: "as-banner" }, h("p", { class: "as-round" }, h("b", {}, t("asPlayedRounds", { n: rounds }))), h("p", { class: "as-hint" }, hint()));
  }
  return h(
    "div",
    { class: "as-banner" },
    h(
      "p",
      { class: "as-round" },
      h("b", {}, t("asRound", { n: view.round })),
      " · ",
      t("asStoryteller"),
      ": ",
      who(view.storyteller, view.storyteller === context.seat ? ` (${t("you")})` : ""),
    ),
    clue,
    form,
    h("p", { class: "as-hint" }, hint()),
  );
}

/** What the person may do now, in a sentence. */
function hint() {
  const { view, context } = st;
  const { t, seat } = context;
  if (view.outcome) return t("asHintOver");
  if (seat === null) return t("asHintWatch");
  const me = acting();
  const teller = seatName(view.storyteller);
  if (waitingForServer()) return t("asHintSent");
  if (view.phase === "tell") {
    if (!me) return t("asHintWaitTell", { name: teller });
    if (view.players === 2) {
      if (!st.card) return t("asHintTellTwo");
      if (st.others.length < 4) return t("asHintTellMore", { n: 4 - st.others.length });
      return t("asHintTellClue");
    }
    return st.card ? t("asHintTellClue") : t("asHintTell");
  }
  if (view.phase === "confirm") return me ? t("asHintConfirm", { form: formText(view.form) }) : t("asHintWaitConfirm");
  if (view.phase === "lay") {
    if (seat === view.storyteller) return t("asHintTellerWaits");
    if (me) return t(lays(view) === 2 ? "asHintLayTwo" : "asHintLay");
    return t("asHintLaid");
  }
  if (seat === view.storyteller) return t("asHintTellerVote");
  if (me) return t(view.players === 2 ? "asHintVoteTwo" : "asHintVote", { name: teller });
  return t("asHintVoted");
}

function drawTable() {
  const { view, context } = st;
  const { h, t } = context;
  const round = lastRound(view);
  const put = memory.put.get(String(context.seat)) === round;
  if (view.phase === "vote" && !view.outcome) return drawVoting();
  if (view.last && (!put || view.outcome)) return drawReveal(view.last, round);
  // the cards laid so far, face down; one's own face up
  const cards = [];
  let index = 0;
  const teller = view.phase === "confirm" && view.players === 2 ? 5 : 1;
  if (context.seat === view.storyteller) for (const id of view.mine) cards.push(card(id, { mark: t("asYourCard") }));
  else for (let n = 0; n < (view.phase === "tell" ? 0 : teller); n += 1) cards.push(back(index++));
  for (const seat of view.done ?? []) {
    if (view.phase !== "lay") break;
    if (seat === context.seat) for (const id of view.mine) cards.push(card(id, { mark: t("asYourCard") }));
    else for (let n = 0; n < lays(view); n += 1) cards.push(back(index++));
  }
  const empty = !cards.length;
  return h(
    "section",
    { "data-area": "table", class: "as-table as-table-down", "aria-label": t("asTable") },
    h("h3", { class: "as-heading" }, t("asTable")),
    empty
      ? h("p", { class: "as-empty muted" }, t(view.phase === "tell" ? "asTableEmpty" : "asTableWaiting"))
      : h("div", { class: "as-row", style: `--n: ${Math.max(cards.length, 5)}` }, cards),
    view.last && put
      ? h("button", { type: "button", class: "as-show-last", onclick: () => { memory.put.delete(String(context.seat)); draw(); } }, t("asShowLast"))
      : null,
  );
}

function drawVoting() {
  const { view, context } = st;
  const { h, t } = context;
  const voted = view.voted ?? [];
  const clued = context.seat === view.storyteller ? view.mine[0] : null;
  const cards = view.table.map((id, index) => {
    const number = index + 1;
    const own = view.mine.includes(id);
    const rank = st.ranks.indexOf(number);
    const done = voted.indexOf(number);
    const can = votable(number);
    let chosen = null;
    if (rank >= 0) chosen = mostTokens(view) > 1 ? `${t("asToken")} ${rank + 1}` : "✓";
    else if (done >= 0) chosen = mostTokens(view) > 1 ? `${t("asToken")} ${done + 1}` : "✓";
    const mark = own ? (id === clued && view.players === 2 ? `★ ${t("asYourCard")}` : t("asYourCard")) : null;
    const node = card(id, {
      number,
      chosen,
      mark,
      onpick: can ? () => token(number) : null,
      classes: [own ? "as-own" : "", can ? "as-votable" : ""],
    });
    node.dataset.votable = can ? "yes" : "no";
    return node;
  });
  return h(
    "section",
    { "data-area": "table", class: "as-table as-voting", "aria-label": t("asTable") },
    h("h3", { class: "as-heading" }, t("asTable")),
    h("div", { class: "as-row", style: `--n: ${Math.max(cards.length, 5)}` }, cards),
  );
}

/** Whose card was whose, who voted for which, and the moves: drawn in steps, once. */
function drawReveal(last, round) {
  const { view, context } = st;
  const { h, t } = context;
  const shown = memory.shownAt.get(round) ?? performance.now();
  memory.shownAt.set(round, shown);
  const elapsed = performance.now() - shown;
  const animate = elapsed < REVEAL_MS;
  const delay = (ms) => `animation-delay: ${Math.round(ms - elapsed)}ms`;
  const count = last.table.length;
  const cards = last.table.map((id, index) => {
    const number = index + 1;
    const owner = last.owners[index];
    const storytellers = number === story(last);
    const voters = [];
    last.votes.forEach((numbers, seat) => {
      const rank = numbers.indexOf(number);
      if (rank >= 0) voters.push({ seat, rank });
    });
    const tokens = h(
      "span",
      { class: "as-voters" },
      voters.map(({ seat, rank }, j) =>
        h(
          "span",
          {
            class: `as-token as-seat-${seat}`,
            "data-seat": seat,
            title: seatName(seat),
            style: animate ? delay(count * 150 + 700 + (index * 2 + j) * 110) : null,
          },
          h("i", { class: "as-dot", "aria-hidden": "true" }),
          seatName(seat),
          last.votes[seat].length > 1 ? h("sup", {}, rank + 1) : null,
        ),
      ),
    );
    const whose = h(
      "span",
      { class: `as-owner as-seat-${owner}`, "data-owner": owner, style: animate ? delay(count * 150 + 300) : null },
      storytellers ? "★ " : "",
      seatName(owner),
    );
    const node = card(id, {
      number,
      classes: [storytellers ? "as-storytellers" : ""],
      style: animate ? `${delay(index * 150)}` : null,
      below: [h("div", { class: "as-under" }, whose, tokens)],
    });
    node.dataset.owner = owner;
    return node;
  });
  const found = last.votes
    .map((numbers, seat) => (seat !== last.storyteller && numbers[0] === story(last) ? seat : null))
    .filter((seat) => seat !== null);
  const moves = last.moves
    .map((steps, seat) => (steps ? `${seatName(seat)} +${steps}` : null))
    .filter(Boolean);
  return h(
    "section",
    { class: `as-table as-reveal${animate ? " as-animate" : ""}`, "aria-label": t("asRevealOf", { n: round }), "data-round": round },
    h(
      "h3",
      { class: "as-heading" },
      t("asRevealOf", { n: round }),
      " ",
      h("span", { class: "as-reveal-clue" }, seatName(last.storyteller), ": ", last.clue ? h("q", {}, last.clue) : t("asSaidAloud")),
    ),
    h("div", { class: "as-row", style: `--n: ${Math.max(cards.length, 5)}` }, cards),
    h(
      "p",
      { class: "as-moves", style: animate ? delay(count * 150 + 700 + count * 2 * 110) : null },
      foundText(last, found, context.t, seatName),
      last.accepted ? "" : ` ${t("asFormRefused")}`,
      " · ",
      h("b", {}, t("asMoves")),
      ": ",
      moves.length ? moves.join(", ") : t("asNoMoves"),
    ),
    view.outcome
      ? null
      : h("button", { type: "button", class: "as-put-away", onclick: () => { memory.put.set(String(context.seat), round); draw(); } }, t("asPutAway")),
  );
}

/** Who found the storyteller's card, in a sentence: at a table of two, which token the
 * guesser put on it; else nobody, everybody, or who.
 * @param {Played} last @param {number[]} found the seats whose first token is on it
 * @param {import("../../../web/types.js").T} t @param {(seat: number) => string} seatName @returns {string} */
export function foundText(last, found, t, seatName) {
  if (last.votes.length === 2) {
    const guesser = 1 - last.storyteller;
    const rank = last.votes[guesser].indexOf(story(last));
    return rank >= 0 ? t("asTokenOnIt", { name: seatName(guesser), n: rank + 1 }) : t("asFoundNobody");
  }
  const guessers = last.votes.filter((numbers, seat) => seat !== last.storyteller && numbers.length).length;
  if (!found.length) return t("asFoundNobody");
  if (found.length === guessers && guessers > 1) return t("asFoundAll");
  return t("asFoundBy", { names: found.map(seatName).join(", ") });
}

function drawHand() {
  const { view, context } = st;
  const { h, t } = context;
  const cards = view.hand.map((id) => {
    const can = pickable(id);
    let chosen = null;
    if (view.phase === "tell" && st.card === id) chosen = view.players === 2 ? `★ ${t("asClued")}` : "✓";
    else if (view.phase === "tell" && st.others.includes(id)) chosen = `+${st.others.indexOf(id) + 1}`;
    else if (view.phase === "lay" && st.chosen.includes(id)) chosen = lays(view) > 1 ? `${st.chosen.indexOf(id) + 1}` : "✓";
    return card(id, { chosen, onpick: can ? () => pick(id) : null, classes: [can ? "as-pickable" : ""] });
  });
  // while a card is to be chosen, a phone shows the hand three to a row, each card easy to tap
  const choosing = view.hand.some((id) => pickable(id));
  return h(
    "section",
    { class: `as-hand${choosing ? " as-choosing" : ""}`, "aria-label": t("asHand"), "data-area": "hand" },
    h("h3", { class: "as-heading" }, t("asHand")),
    h("div", { class: "as-row", style: `--n: ${Math.max(cards.length, 5)}` }, cards),
  );
}

function drawControls() {
  const { view, context } = st;
  const { h, t } = context;
  const parts = [];
  if (st.refusal) parts.push(h("p", { class: "as-refusal", role: "alert" }, st.refusal));
  const wait = waitingForServer();
  if (acting() && view.phase === "tell") {
    const input = h("input", {
      id: "as-clue",
      class: "as-clue",
      type: "text",
      maxlength: CLUE_LIMIT,
      autocomplete: "off",
      enterkeyhint: "send",
      "aria-label": t("asYourClue"),
      placeholder: t(view.form ? "asCluePlaceholderForm" : "asCluePlaceholder", { form: formText(view.form) }),
      "data-focus": "clue",
      oninput: (event) => {
        st.clue = event.target.value;
        if (st.refusal) {
          st.refusal = null;
          st.root.querySelector(".as-refusal")?.remove();
        }
      },
    });
    input.value = st.clue;
    const aloud = h("input", {
      type: "checkbox",
      id: "as-aloud",
      class: "as-aloud",
      "data-focus": "aloud",
      onchange: (event) => {
        st.aloud = event.target.checked;
        changed();
      },
    });
    aloud.checked = st.aloud;
    const ready = st.card && (view.players !== 2 || st.others.length === 4);
    parts.push(
      h(
        "form",
        {
          class: "as-tell-form",
          onsubmit: (event) => {
            event.preventDefault();
            if (ready && !wait) tell();
          },
        },
        h("div", { class: "as-clue-line" }, input, h("button", { type: "submit", class: "primary as-tell", disabled: !ready || wait, "data-focus": "tell" }, t("asTell"))),
        h("label", { class: "as-aloud-label", for: "as-aloud" }, aloud, t("asAloud")),
        st.aloud && view.form ? h("p", { class: "muted as-note" }, t("asAloudForm")) : null,
      ),
    );
  } else if (acting() && view.phase === "confirm") {
    parts.push(
      h(
        "div",
        { class: "controls as-confirm" },
        h("span", { class: "as-ask" }, t("asConfirmAsk", { name: seatName(view.storyteller), form: formText(view.form) })),
        h("button", { type: "button", class: "primary as-yes", disabled: wait, onclick: () => send({ type: "confirm", ok: true }) }, t("asYes")),
        h("button", { type: "button", class: "as-no", disabled: wait, onclick: () => send({ type: "confirm", ok: false }) }, t("asNo")),
      ),
    );
  } else if (acting() && view.phase === "lay") {
    const count = lays(view);
    parts.push(
      h(
        "div",
        { class: "controls as-lay-controls" },
        h(
          "button",
          {
            type: "button",
            class: "primary as-lay",
            disabled: st.chosen.length !== count || wait,
            "data-focus": "lay",
            onclick: () => send({ type: "lay", cards: [...st.chosen] }),
          },
          t(count === 2 ? "asLayTwo" : "asLay"),
        ),
        h("span", { class: "muted" }, t("asChosenOf", { n: st.chosen.length, of: count })),
      ),
    );
  } else if (acting() && view.phase === "vote") {
    parts.push(
      h(
        "div",
        { class: "controls as-vote-controls" },
        h(
          "button",
          {
            type: "button",
            class: "primary as-vote",
            disabled: !st.ranks.length || wait,
            "data-focus": "vote",
            onclick: () => send({ type: "vote", cards: [...st.ranks] }),
          },
          t("asVote"),
        ),
        h("span", { class: "muted" }, st.ranks.length ? t("asTokensOn", { numbers: st.ranks.join(", ") }) : t("asNoToken")),
      ),
    );
  }
  return parts.length ? h("div", { class: "as-controls", "data-area": "controls" }, parts) : null;
}

function drawPlayers() {
  const { view, context } = st;
  const { h, t } = context;
  const done = new Set(view.done ?? []);
  const awaited = new Set(view.awaited);
  const doing = { confirm: "asAnswered", lay: "asLaid", vote: "asVoted" }[view.phase];
  return h(
    "ul",
    { class: "as-players", "aria-label": t("players") },
    view.steps.map((steps, seat) => {
      let state = "";
      let said = "";
      if (view.outcome) state = view.outcome.winners.includes(seat) ? "winner" : "";
      else if (seat === view.storyteller) {
        state = "storyteller";
        said = t(view.phase === "tell" ? "asTelling" : "asTells");
      } else if (done.has(seat)) {
        state = "done";
        said = `✓ ${t(doing)}`;
      } else if (awaited.has(seat)) {
        state = "awaited";
        said = t("asChoosing");
      }
      return h(
        "li",
        { class: `as-player as-seat-${seat}${seat === view.storyteller && !view.outcome ? " current" : ""}`, "data-seat": seat, "data-state": state },
        h("i", { class: "as-dot", "aria-hidden": "true" }),
        h("b", {}, seatName(seat)),
        seat === context.seat ? ` (${t("you")})` : "",
        " ",
        h("span", { class: "as-steps" }, t("asSteps", { n: steps })),
        said ? h("small", { class: "as-state" }, ` · ${said}`) : null,
      );
    }),
  );
}

/** Whether a pawn has just come to its cell (it hops there for a moment). */
function moved(seat, cell) {
  const now = performance.now();
  const was = memory.pawns.get(seat);
  if (!was) memory.pawns.set(seat, { cell, at: -Infinity });
  else if (was.cell !== cell) memory.pawns.set(seat, { cell, at: now });
  return now - memory.pawns.get(seat).at < 1200;
}

function drawTrack() {
  const { view, context } = st;
  const { h, t } = context;
  const last = view.goal + 1; // the pieces start on cell 1; the goal is so many steps on
  const cells = [];
  for (let cell = 1; cell <= last; cell += 1) {
    const form = view.special?.[String(cell)];
    const pawns = view.steps
      .map((steps, seat) => (Math.min(steps + 1, last) === cell ? seat : null))
      .filter((seat) => seat !== null);
    cells.push(
      h(
        "li",
        {
          class: `as-cell${form ? ` as-special as-special-${form}` : ""}${cell === last ? " as-goal" : ""}`,
          "data-cell": cell,
          title: form ? `${cell}: ${t(CELL_KEYS[form])}` : `${cell}`,
        },
        h("span", { class: "as-cell-number" }, cell === last ? "🏁" : form ? CELL_MARKS[form] : cell),
        pawns.length
          ? h(
              "span",
              { class: "as-pawns" },
              pawns.map((seat) =>
                h("i", { class: `as-pawn as-seat-${seat}${moved(seat, cell) ? " as-moved" : ""}`, "data-seat": seat, "data-cell": cell, title: seatName(seat) }),
              ),
            )
          : null,
      ),
    );
  }
  const forms = [...new Set(Object.values(view.special ?? {}))];
  return h(
    "section",
    { class: "as-track-box", "aria-label": t("asTrack") },
    h("h3", { class: "as-heading" }, t("asTrack"), " ", h("small", { class: "muted" }, t("asGoal", { n: view.goal }))),
    h("ol", { class: "as-track" }, cells),
    forms.length
      ? h(
          "ul",
          { class: "as-legend" },
          forms.map((form) => h("li", {}, h("span", { class: `as-cell as-special as-special-${form}` }, CELL_MARKS[form]), t(CELL_KEYS[form]))),
        )
      : null,
  );
}

function drawLog() {
  const { view, context } = st;
  const { h, t } = context;
  const lines = [];
  for (const [round, played] of [...memory.rounds.entries()].sort((a, b) => a[0] - b[0])) {
    const found = played.votes.filter((numbers, seat) => seat !== played.storyteller && numbers[0] === story(played));
    const moves = played.moves.map((steps, seat) => (steps ? `${seatName(seat)} +${steps}` : null)).filter(Boolean);
    lines.push(
      h(
        "li",
        { "data-round": round },
        h("b", {}, t("asRound", { n: round })),
        " · ",
        seatName(played.storyteller),
        ": ",
        played.clue ? h("q", {}, played.clue) : t("asSaidAloud"),
        ` — ${t("asFoundCount", { n: found.length })}; ${moves.length ? moves.join(", ") : t("asNoMoves")}`,
      ),
    );
  }
  if (!view.outcome) {
    lines.push(
      h(
        "li",
        { class: "as-now" },
        h("b", {}, t("asRound", { n: view.round })),
        " · ",
        t("asLogTeller", { name: seatName(view.storyteller) }),
        view.phase !== "tell" ? [" · ", view.clue ? h("q", {}, view.clue) : t("asSaidAloud")] : null,
      ),
    );
  }
  const log = h("ol", { class: "as-log", "aria-label": t("asLog") }, lines.slice(-8));
  requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
  return h("section", { class: "as-log-box" }, h("h3", { class: "as-heading" }, t("asLog")), log);
}

function drawZoom() {
  const { view, context } = st;
  const { h, t } = context;
  const { id, number } = st.zoom;
  const face = view.cards?.[id];
  const lang = view.options?.lang ?? "en";
  const backdrop = view.backdrops?.[face?.backdrop];
  const title = backdrop?.title?.[lang] ?? backdrop?.title?.en;
  const tags = face?.tags ?? [];
  const close = () => zoom(null);
  let action = null;
  if (view.hand.includes(id) && pickable(id)) {
    const chosen = st.card === id || st.others.includes(id) || st.chosen.includes(id);
    action = h("button", { type: "button", class: "primary as-zoom-pick", onclick: () => { pick(id); zoom(null); } }, t(chosen ? "asPutBack" : "asChoose"));
  } else if (number && votable(number)) {
    const chosen = st.ranks.includes(number);
    action = h("button", { type: "button", class: "primary as-zoom-pick", onclick: () => { token(number); zoom(null); } }, t(chosen ? "asTakeToken" : "asPutToken"));
  }
  return h(
    "div",
    {
      class: "as-overlay",
      onclick: (event) => {
        if (event.target === event.currentTarget) close();
      },
    },
    h(
      "div",
      { class: "as-zoom-dialog panel", role: "dialog", "aria-modal": "true", "aria-label": cardLabel(id, number) },
      h("div", { class: "as-zoom-card" }, cardPicture(view, id, cardLabel(id, number))),
      h(
        "div",
        { class: "as-zoom-words" },
        number ? h("p", { class: "as-zoom-number" }, t("asCardN", { n: number })) : null,
        title ? h("p", { class: "muted as-zoom-backdrop" }, title) : null,
        h("ul", { class: "as-tags", lang }, tags.map((tag) => h("li", {}, tag))),
        h(
          "div",
          { class: "controls" },
          action,
          tags.length ? h("button", { type: "button", class: "as-speak", onclick: () => speak(tags.join(", "), lang) }, `🔊 ${t("speak")}`) : null,
          h("button", { type: "button", class: "as-zoom-close", "data-focus": "close", onclick: close }, t("asClose")),
        ),
      ),
    ),
  );
}

function drawResults() {
  const { view, context } = st;
  const { t } = context;
  const cells = view.outcome.cells ?? view.steps.map((steps) => steps + 1);
  return results(view, context, (seat) => t("asResultLine", { cell: cells[seat] }));
}

// ---------------------------------------------------------------- How to play

// Where a guide card's one, two or three emoji stand: x, y and size.
const PLACES = { 1: [[50, 52, 58]], 2: [[34, 58, 42], [68, 38, 36]], 3: [[30, 62, 34], [70, 62, 34], [50, 30, 32]] };

/** An item of the association game's guide (games/associations/guide.py): a card drawn as the
 * table draws one, emoji over a sky, with the number it shows; a voting token; null for another. */
export function figure(data, { h }) {
  if (data.token !== undefined) return h("span", { class: "guide-token" }, data.token);
  if (data.story === undefined) return null;
  const { story: emoji, sky, number } = data;
  const places = PLACES[emoji.length] ?? PLACES[1];
  const view = {
    cards: { guide: { backdrop: "guide", emoji: emoji.map((glyph, i) => [glyph, ...places[i]]) } },
    backdrops: { guide: { sky, shapes: [] } },
  };
  return h(
    "div",
    { class: "as-card guide-story" },
    h("div", { class: "as-face" }, cardPicture(view, "guide", emoji.join(" "))),
    number ? h("span", { class: "as-number" }, number) : null,
  );
}
