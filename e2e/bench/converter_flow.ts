// The converter's flow of the browser bench at one CPU rate: a 1 MB FFM pasted, typed into at its
// end and converted, twice, each phase timed with its main-thread tasks, each key typed timed.

import { expect, type Locator, type Page } from "@playwright/test";
import { measure, type Phase } from "./station.ts";
import { typeTimed } from "./typing.ts";

/** What a paste phase needs: the Clear button's name, the text, and the box pasted into. */
interface Paste {
  clear: string;
  text: string;
  input: Locator;
}

/**
 * Empties the panel (its Clear button), puts text on the clipboard, and times Ctrl+V into the
 * input until `shown` resolves.
 */
export async function measurePaste(
  page: Page,
  paste: Paste,
  shown: () => Promise<void>,
): Promise<Phase> {
  await page.getByRole("button", { name: paste.clear }).click();
  await page.evaluate((text) => navigator.clipboard.writeText(text), paste.text);
  await paste.input.focus();
  return measure(page, async () => {
    const start = Date.now();
    await page.keyboard.press("Control+V");
    await shown();
    return Date.now() - start;
  });
}

/** Clicks Convert & Copy and returns the time until the result shows, waited for in the page. */
function convertInPage(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const start = performance.now();
    const button = [...document.querySelectorAll("button")].find((b) =>
      b.textContent === "Convert & Copy"
    )!;
    const output = document.querySelector<HTMLTextAreaElement>("textarea[readonly]")!;
    const before = output.value;
    button.click();
    await new Promise<void>((done) => {
      const check = () =>
        output.value !== before && output.value.startsWith("QU")
          ? done()
          : requestAnimationFrame(check);
      check();
    });
    return performance.now() - start;
  });
}

/** The keys typed at the end of the FFM in each round. */
export const TYPED = "\nOSI/BENCH TYPING TEST";

/** The converter's phases at one rate (by name) and the time of every key typed. */
export interface ConverterRun {
  phases: Map<string, Phase>;
  keys: number[];
}

/** Runs the converter's phases in a page on /apps/ffm-to-uws, its clipboard allowed. */
export async function converterRun(page: Page, ffm: string): Promise<ConverterRun> {
  const input = page.getByLabel("Enter FFM input");
  const phases = new Map<string, Phase>();
  const keys: number[] = [];
  for (const round of [1, 2]) {
    phases.set(
      `paste 1 MB (round ${round})`,
      await measurePaste(
        page,
        { clear: "Clear all", text: ffm, input },
        () => expect(input).toHaveValue(/LAST\s*$/, { timeout: 60_000 }),
      ),
    );
    let typed: number[] = [];
    const typing = await measure(page, async () => {
      await page.keyboard.press("Control+End");
      typed = await typeTimed(page, TYPED);
      await expect(input).toHaveValue(/BENCH TYPING TEST$/, { timeout: 30_000 });
      return typed.reduce((a, b) => a + b, 0) / Math.max(1, typed.length);
    });
    keys.push(...typed);
    phases.set(`type ${TYPED.length} keys at the end, mean a key (round ${round})`, typing);
    phases.set(
      `convert 1 MB to result (round ${round})`,
      await measure(page, () => convertInPage(page)),
    );
  }
  await expect(page.getByLabel("UWS output")).toHaveValue(/^QU\n/);
  return { phases, keys };
}
