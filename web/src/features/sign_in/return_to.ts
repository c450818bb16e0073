// Where the sign-in returns to (the `redirect` the signed-in layout puts on /login). The address
// comes from the URL, so anyone can write it: only a path of this site is followed, resolved the
// way the browser would resolve it, so that "//host", "/\host" or a tab inside the slashes cannot
// lead to another site.

const BASE = "https://portal.invalid";

/** The path (with query and hash) to go to after signing in: `raw` when it is a path of this
 * site other than the sign-in page, else home ("/"). */
export function returnTo(raw: unknown): string {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//")) return "/";
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE || url.pathname === "/login") return "/";
  return url.pathname + url.search + url.hash;
}

/** The search of the pages that pass the return address on (/login, the forced change). */
export interface ReturnSearch {
  redirect?: string;
}

/** Reads `?redirect=` (a string, else nothing); whether it may be followed is returnTo's call. */
export function validateReturnSearch(raw: Record<string, unknown>): ReturnSearch {
  return typeof raw.redirect === "string" ? { redirect: raw.redirect } : {};
}

/** The search that carries `href` on to the next page: nothing for home, which is the default. */
export function carrying(href: string): ReturnSearch {
  const to = returnTo(href);
  return to === "/" ? {} : { redirect: to };
}
