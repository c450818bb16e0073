// The time of each key typed, as a person feels it: from the key's event (its timeStamp, when the
// browser took it) to the frame after the input it made, the task after that frame's
// requestAnimationFrame. A key typed while the page is busy waits, and that wait counts.

import type { Page } from "@playwright/test";

declare global {
  var keyTimes: number[];
  var keysPending: number[];
}

/** Starts timing keys in the page from its next load: each key's time goes to globalThis.keyTimes. */
export async function timeKeys(page: Page): Promise<void> {
  await page.addInitScript(() => {
    globalThis.keyTimes = [];
    globalThis.keysPending = [];
    document.addEventListener("keydown", (e) => {
      if (e.key.length === 1 || e.key === "Enter") globalThis.keysPending.push(e.timeStamp);
    }, true);
    document.addEventListener("input", () => {
      const start = globalThis.keysPending.shift();
      if (start === undefined) return;
      requestAnimationFrame(() =>
        setTimeout(() => globalThis.keyTimes.push(performance.now() - start), 0)
      );
    }, true);
  });
}

/**
 * Types `text` into the focused box at a person's pace (a key every 60 ms, or later when the page
 * is busy) and returns the time of each key; a key that made no input within 30 s is not counted.
 */
export async function typeTimed(page: Page, text: string): Promise<number[]> {
  await page.evaluate(() => {
    globalThis.keyTimes = [];
    globalThis.keysPending = [];
  });
  await page.keyboard.type(text, { delay: 60 });
  await page.waitForFunction((n) => globalThis.keyTimes.length >= n, text.length, {
    timeout: 30_000,
    polling: 100,
  }).catch(() => undefined);
  return page.evaluate(() => globalThis.keyTimes);
}
