// The browser names that session lists and audit entries show, from real User-Agents.

import assert from "node:assert/strict";
import { browserName, keptUserAgent, USER_AGENT_MAX } from "./user_agent.ts";

const AGENTS: readonly (readonly [string, string])[] = [
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
    "Chrome 142 on Windows",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.3537.71",
    "Edge 141 on Windows",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
    "Safari 17 on macOS",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Safari 17 on iOS",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
    "Chrome 124 on iOS",
  ],
  [
    "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    "Firefox 128 on Linux",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
    "Samsung Internet 25 on Android",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
    "Chrome 142 on Android",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
    "Opera 115 on Windows",
  ],
  [
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
    "Chrome 142 on ChromeOS",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.7444.59 Safari/537.36",
    "Chrome 142 on Linux",
  ],
  ["curl/8.5.0", "Unknown browser"],
  ["", "Unknown browser"],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "Windows"],
];

Deno.test("a User-Agent names its browser and system in a few words", () => {
  for (const [agent, name] of AGENTS) assert.equal(browserName(agent), name, agent);
});

Deno.test("a session keeps at most 200 characters of the User-Agent, without control characters", () => {
  assert.equal(USER_AGENT_MAX, 200);
  const long = `Mozilla/5.0 (Windows NT 10.0) Chrome/142.0.0.0 ${"x".repeat(5000)}`;
  assert.equal(keptUserAgent(long).length, 200);
  assert.equal(browserName(keptUserAgent(long)), "Chrome 142 on Windows");
  assert.equal(keptUserAgent("Firefox/128.0\r\nX-Fake: 1"), "Firefox/128.0 X-Fake: 1");
  assert.equal(keptUserAgent(undefined), "");
});
