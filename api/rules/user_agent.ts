// A session's browser in a few readable words, from the User-Agent its sign-in sent. Pure, shared:
// the server names the browser in audit entries and the screens name it in session lists, the same.

/** Characters of a User-Agent kept with a session (real ones are 100-200; the rest is noise). */
export const USER_AGENT_MAX = 200;

/** The User-Agent as a session keeps it: control characters out, at most USER_AGENT_MAX long. */
export function keptUserAgent(header: string | undefined): string {
  // deno-lint-ignore no-control-regex
  return (header ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, USER_AGENT_MAX);
}

/** Browsers by their token, the first that matches winning: Edge and Opera also say Chrome, and
 * Chrome also says Safari. */
const BROWSERS: readonly (readonly [string, RegExp])[] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|Opera)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

/** Systems by their token, the first that matches winning: Android also says Linux, and iOS
 * says "like Mac OS X". */
const SYSTEMS: readonly (readonly [string, RegExp])[] = [
  ["Android", /\bAndroid\b/],
  ["iOS", /\b(?:iPhone|iPad|iPod)\b/],
  ["Windows", /\bWindows\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

/**
 * A short readable name of the browser of a User-Agent: "Chrome 142 on Windows", "Safari 17 on
 * iOS", "Firefox 128", "Windows", or "Unknown browser" when nothing in it is known (a script).
 */
export function browserName(userAgent: string): string {
  let browser: string | null = null;
  for (const [name, re] of BROWSERS) {
    const m = re.exec(userAgent);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([, re]) => re.test(userAgent))?.[0] ?? null;
  if (browser !== null && system !== null) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown browser";
}
