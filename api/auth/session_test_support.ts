// What the session tests share: a sign-in from a browser at an address, through an app that
// trusts one proxy (as the e2e server does), so that a session's address and browser are known.

import { createApp } from "../app.ts";
import { PASSWORD, type TestApi } from "../test_support.ts";

/** A Chrome on Windows, as the session lists name it "Chrome 142 on Windows". */
export const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
/** A Firefox on Linux ("Firefox 128 on Linux"). */
export const FIREFOX =
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** Signs `code` in (password PASSWORD) from `address` (given by the trusted proxy's
 * X-Forwarded-For) with `userAgent`; returns the token, or throws with the refusal. */
export function browserSignIn(api: TestApi) {
  const app = createApp({
    kv: api.kv,
    now: () => api.clock.now,
    secureCookies: false,
    trustedProxies: 1,
  });
  return async (code: string, address: string, userAgent: string): Promise<string> => {
    const res = await app.request("/api/auth/login", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": userAgent,
        // the client's own claim first: only the proxy's entry (the last) is read
        "x-forwarded-for": `6.6.6.6, ${address}`,
      },
      body: JSON.stringify({ employeeCode: code, password: PASSWORD }),
    }, { remoteAddr: { hostname: "127.0.0.1", port: 1, transport: "tcp" } });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`sign-in of ${code}: ${res.status} ${json.message}`);
    return json.data.token as string;
  };
}
