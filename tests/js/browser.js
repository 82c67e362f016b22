// What the client's modules read of a browser when they are called (never when imported): a
// page's storage and root element, enough for the language to be chosen in a test.

/** Give the test a browser's localStorage and <html> element, as bare as they can be. */
export function pretendBrowser() {
  const kept = new Map();
  globalThis.localStorage = {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
  };
  globalThis.document = { documentElement: {} };
}
