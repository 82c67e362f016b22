// Klepka, words and pictures, in the browser.

import { grid, results, speak } from "./table.js";

// What a typed word and a card share: case, ё/е, apostrophe variants (' ’ ʼ) and spaces forgiven.
const cardKey = (text) =>
  text.normalize("NFC").toLowerCase().replace(/[’ʼ]/g, "'").replace(/ё/g, "е").split(/\s+/).filter(Boolean).join(" ");

// The links of a typed chain, until chains are built by tapping cards: the longest run of typed
// words that spells a card of the hand is that card (so "ice cream ~ mouse" works), a Syncope's
// name (the rules' list, from the view) is a Syncope, and any other word goes as typed: the rules
// match it to a card or say why not.
export function readChain(text, hand, syncopeNames) {
  const tokens = text.replace(/[,→]/g, " ").split(/\s+/).filter(Boolean);
  const cards = new Map(hand.map((card) => [cardKey(card), card]));
  const longest = Math.max(1, ...hand.map((card) => cardKey(card).split(" ").length));
  const links = [];
  for (let index = 0; index < tokens.length; ) {
    const token = tokens[index];
    if (syncopeNames.includes(token.toLowerCase())) {
      links.push("SYNCOPE");
      index += 1;
      continue;
    }
    let size = Math.min(longest, tokens.length - index);
    for (; size > 1; size -= 1) {
      const card = cards.get(cardKey(tokens.slice(index, index + size).join(" ")));
      if (card !== undefined) {
        links.push(card);
        break;
      }
    }
    if (size === 1) links.push(token);
    index += size;
  }
  return links;
}

export function render(view, context) {
  const { h, t, seat, send, names } = context;
  const acting = seat !== null && view.actors.includes(seat);
  const parts = [];
  if (view.phase === "london" && acting) {
    parts.push(
      h(
        "div",
        { class: "panel question" },
        h("p", {}, t("london")),
        h("button", { class: "primary", onclick: () => send({ type: "london", yes: true }) }, t("yes")),
        h("button", { onclick: () => send({ type: "london", yes: false }) }, t("no")),
      ),
    );
  }
  const lang = view.deck.lang;
  const face = (card) => {
    if (card.kind === "syncope") return h("span", { class: "syncope" }, `✦ ${t("syncopeCard")}`);
    if (card.kind === "picture") return h("span", { class: "picture" }, card.text);
    return h(
      "span",
      { class: "word" },
      card.text,
      h("button", { class: "speak", title: t("speak"), "aria-label": t("speak"), onclick: () => speak(card.text, lang) }, "🔊"),
    );
  };
  const flipping = acting && ["first", "second", "search"].includes(view.phase);
  parts.push(
    grid(view, context, face, {
      canFlip: (position) => flipping && !view.tried.includes(position),
      flip: (position) => send({ type: "flip", position }),
    }),
  );
  parts.push(
    h(
      "ul",
      { class: "collections" },
      view.collections.map((held, s) =>
        h(
          "li",
          { class: s === view.turn ? "current" : "" },
          h("b", {}, names[s]),
          ": ",
          held.words.join(", ") || "—",
          held.syncopes ? ` + ✦×${held.syncopes}` : "",
        ),
      ),
    ),
  );
  if (view.phase === "chain" && acting) {
    const words = view.collections[seat].words;
    const input = h("input", { class: "chain-input", "aria-label": t("chain"), value: words.join(" ") });
    parts.push(
      h(
        "form",
        {
          class: "panel chain",
          onsubmit: (event) => {
            event.preventDefault();
            send({ type: "chain", links: readChain(input.value, words, view.syncope_names || []) });
          },
        },
        h("p", {}, t("chainPrompt")),
        h("p", { class: "muted" }, `${t("yourWords")}: ${words.join(", ")}`),
        input,
        h("button", { class: "primary", type: "submit" }, t("submitChain")),
      ),
    );
  }
  if (view.outcome) {
    const show = (links) => links.map((w) => (w === "SYNCOPE" ? "✦" : w)).join(" → ") || "—";
    parts.push(
      results(view, context, (s) =>
        h(
          "span",
          {},
          `${t("chain")}: ${show(view.outcome.chains[s])}`,
          h("br"),
          h("small", {}, `${t("bestChain")}: ${show(view.outcome.best_chains[s])}`),
        ),
      ),
    );
  }
  return h("div", {}, parts);
}
