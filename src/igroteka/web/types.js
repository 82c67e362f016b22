// The shapes the client's modules hand each other, written as JSDoc types for `tsc --checkJs`
// (`make js`). Nothing here runs and no page loads it; a module names a type as
// `import("./types.js").RenderContext` (from a game's games/<name>/web/: "../../../web/types.js").

/**
 * `h(tag, attributes, ...children)` (dom.js): an element; `on…` attributes are listeners,
 * `class` its class, `style` its CSS text; false, null and undefined are left out.
 * `h("input")` is an HTMLInputElement, `h("dialog")` an HTMLDialogElement, and so on.
 * @typedef {{
 *   <K extends keyof HTMLElementTagNameMap>(tag: K, attributes?: Record<string, any>, ...children: any[]): HTMLElementTagNameMap[K];
 *   (tag: string, attributes?: Record<string, any>, ...children: any[]): HTMLElement;
 * }} H
 */

/**
 * `t(key, values)` (i18n.js): a UI string in the page's language, its `{fields}` filled.
 * @typedef {(key: string, values?: Record<string, any>) => string} T
 */

/**
 * What the server last refused a seat, and how many refusals it has had: a renderer shows a
 * refusal until the count changes.
 * @typedef {{reason: string, count: number}} Refusal
 */

/**
 * The server's answer to a `check` (docs/protocol.md): would the action be accepted now?
 * @typedef {{ok: boolean, reason?: string, detail?: any}} CheckAnswer
 */

/**
 * What a renderer is given beside the view (room.js, replay.js).
 * @typedef {object} RenderContext
 * @property {number | null} seat the seat shown, or null for a spectator
 * @property {string[]} names every seat's name, by seat
 * @property {number[]} held the seats this page holds
 * @property {T} t
 * @property {H} h
 * @property {(action: object) => void} send
 * @property {(action: object, id: string, answered: (answer: CheckAnswer) => void) => void} [check]
 * @property {() => void} [redraw] the page drawn again (a renderer's own state changed)
 * @property {string} record the address of the game's record (a room's key, too)
 * @property {(text: string) => void} toast
 * @property {Refusal | null} [refusal]
 * @property {HTMLElement} [notes] the rules met for the first time, for a renderer to place
 * @property {HTMLElement} [log] the move log, for a renderer to place
 * @property {() => HTMLElement} [rematch] the results' "play again" and "new game"
 */

export {};
