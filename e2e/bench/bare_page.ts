// A page in a Chromium of its own that no DevTools client inspects, driven over the DevTools pipe
// with the few calls a flow needs (issue 51, the sign-in flow). A Playwright page has the
// protocol's Runtime domain on, and with it V8 records a full stack, with lines and columns, for
// every Error made: React makes five as its chunk loads, in the one function that holds its 200
// KB, and V8 parses that function again to place them (CollectSourcePositions: 20 to 24 ms of
// CPU at 1x, 80 to 130 ms at 4x; trace of /login, 3 runs with the domain on and 3 without). A
// station PC has no inspector: this page measures what its user meets. Runtime.evaluate, which
// reads the page, does not turn that recording on; only Runtime.enable does.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import suite from "../playwright.config.ts";

/** A page of the bare Chromium: the calls the sign-in flow makes, as a Playwright page names
 * them where it has them (evaluate, waitForTimeout). */
export interface BarePage {
  /** Sends a DevTools call to the page. */
  send<T>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Opens a path of the suite's server; resolves once the navigation is under way. */
  goto(path: string): Promise<void>;
  /** Runs `fn` in the page and answers its value (awaited). */
  evaluate<T>(fn: () => T | Promise<T>): Promise<T>;
  /** Answers an expression's value in the page (a promise awaited); throws what it throws. */
  read<T>(expression: string): Promise<T>;
  /** Waits `ms`. */
  waitForTimeout(ms: number): Promise<void>;
  /** Ends the browser and removes its profile. */
  close(): Promise<void>;
}

/** The Chromium flags of the suite (playwright.config.ts), headless, with the pipe. */
function flags(profile: string): string[] {
  const args = suite.use?.launchOptions?.args ?? [];
  return [...args, "--headless", "--remote-debugging-pipe", `--user-data-dir=${profile}`];
}

/** The DevTools protocol over Chromium's pipe: messages are JSON, each ended by a NUL byte. */
function connect(child: ChildProcess) {
  const [out, input] = [child.stdio[3] as Writable, child.stdio[4] as Readable];
  let id = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let buffered = "";
  input.setEncoding("utf8");
  input.on("data", (chunk: string) => {
    const parts = (buffered + chunk).split("\0");
    buffered = parts.pop()!;
    for (const part of parts) {
      const message = JSON.parse(part);
      const call = waiting.get(message.id);
      if (call === undefined) continue;
      waiting.delete(message.id);
      if (message.error) call.reject(new Error(`${message.error.message} (${part.slice(0, 200)})`));
      else call.resolve(message.result);
    }
  });
  return <T>(method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const call = ++id;
      waiting.set(call, { resolve: resolve as (v: unknown) => void, reject });
      out.write(`${JSON.stringify({ id: call, method, params, sessionId })}\0`);
    });
}

/**
 * Starts a bare Chromium with a fresh profile and one page of it at `baseURL`, its main thread
 * `rate` times slower, with `initScripts` run in every document before the page's own scripts.
 */
export async function openBarePage(
  baseURL: string,
  rate: number,
  initScripts: readonly (() => void)[],
): Promise<BarePage> {
  const profile = mkdtempSync(join(tmpdir(), "bench-bare-chromium-"));
  const executable = suite.use?.launchOptions?.executablePath ?? "/usr/bin/chromium";
  const child = spawn(executable, flags(profile), {
    stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"],
  });
  const send = connect(child);
  const { targetId } = await send<{ targetId: string }>("Target.createTarget", {
    url: "about:blank",
  });
  const { sessionId } = await send<{ sessionId: string }>("Target.attachToTarget", {
    targetId,
    flatten: true,
  });
  const page = <T>(method: string, params?: Record<string, unknown>) =>
    send<T>(method, params, sessionId);
  await page("Emulation.setCPUThrottlingRate", { rate });
  // the Page domain runs the scripts added for new documents (it records no stacks)
  await page("Page.enable");
  for (const script of initScripts) {
    await page("Page.addScriptToEvaluateOnNewDocument", { source: `(${script})();` });
  }
  const read = async <T>(expression: string) => {
    const { result, exceptionDetails } = await page<{
      result: { value: T };
      exceptionDetails?: { text: string };
    }>("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
    return result.value;
  };
  return {
    send: page,
    goto: async (path) => {
      await page("Page.navigate", { url: new URL(path, baseURL).href });
    },
    evaluate: <T>(fn: () => T | Promise<T>) => read<T>(`(${fn})()`),
    read,
    waitForTimeout: (ms) => new Promise((done) => setTimeout(done, ms)),
    close: async () => {
      const ended = new Promise((done) => child.once("exit", done));
      // closed as a user closes it, so that it writes nothing more to the profile after
      await send("Browser.close").catch(() => child.kill());
      await ended;
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
