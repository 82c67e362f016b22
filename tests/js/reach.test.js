// What the page says while the server starts or cannot be reached, and when it tries again
// (web/reach.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { ApiError } from "../../src/igroteka/web/dom.js";
import { setLanguage } from "../../src/igroteka/web/i18n.js";
import { backoff, unreachable, waitingWords, waitsForDictionary } from "../../src/igroteka/web/reach.js";
import { pretendBrowser } from "./browser.js";

pretendBrowser();

test("no answer, a gateway's 502 or 504 and the server's 503 are tried again; a refusal is not", () => {
  assert.equal(unreachable(new ApiError("no answer", 0)), true);
  assert.equal(unreachable(new ApiError("Bad Gateway", 502)), true);
  assert.equal(unreachable(new ApiError("Gateway Timeout", 504)), true);
  assert.equal(unreachable(new ApiError("the server is starting", 503, { error: "starting" })), true);
  assert.equal(unreachable(new ApiError("Service Unavailable", 503)), true); // a proxy's, no JSON
  // the server is there, and refuses this one request until a dictionary is ready
  assert.equal(unreachable(new ApiError("preparing", 503, { error: "preparing", progress: 0.4 })), false);
  assert.equal(unreachable(new ApiError("no room", 404, { error: "no-room" })), false);
  assert.equal(unreachable(new ApiError("bug", 500)), false);
  assert.equal(unreachable(new TypeError("a bug of the page")), false);
});

test("a room's page waits for its dictionary too; the lobby's form does not", () => {
  const preparing = new ApiError("Erudit in Russian can be played once…", 503, { error: "preparing", progress: 0.4 });
  assert.equal(waitsForDictionary(preparing), true);
  assert.equal(waitsForDictionary(new ApiError("cannot be prepared", 503, { error: "no-dictionary" })), true);
  assert.equal(waitsForDictionary(new ApiError("no answer", 0)), true);
  assert.equal(waitsForDictionary(new ApiError("no room", 404, { error: "no-room" })), false);
  const said = waitingWords(preparing, 2);
  assert.equal(said.trouble, "Erudit in Russian can be played once…");
  assert.match(said.help, /tries again by itself/);
});

test("the page tries again sooner at first, then every 10 s", () => {
  assert.equal(backoff(1), 1000);
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 50].map(backoff), [1000, 2000, 3000, 5000, 8000, 10000, 10000, 10000]);
});

test("the page says the server is starting, or cannot be reached, in the person's language", () => {
  const down = waitingWords(new ApiError("no answer", 0), 5);
  assert.equal(`${down.trouble}: ${down.next}`, "Cannot reach the server: trying again in 5 s");
  assert.match(down.help, /opens by itself/);
  const starting = waitingWords(new ApiError("the server is starting", 503, { error: "starting" }), 3);
  assert.equal(`${starting.trouble}: ${starting.next}`, "The server is starting: trying again in 3 s");
  const failed = waitingWords(new ApiError("the server could not start: no space", 503, { error: "failed" }), 10);
  assert.equal(failed.trouble, "The server could not start: no space");
  setLanguage("uk");
  const ukrainian = waitingWords(new ApiError("", 502), 5);
  assert.equal(`${ukrainian.trouble}: ${ukrainian.next}`, "Не вдається зв’язатися із сервером: пробуємо знову через 5 с");
  setLanguage("ru");
  assert.equal(waitingWords(new ApiError("", 0), null).next, "пробуем…");
  setLanguage("en");
});
