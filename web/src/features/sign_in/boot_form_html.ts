// The sign-in form of the server's HTML (issue 51): the markup that web/boot_form_plugin.ts writes
// into index.html at build time, in the sign-in page's own texts (shell_login's catalogues), so
// that /login can be typed into before any of the app has loaded. boot_form.ts wires it, and the
// sign-in page takes over what was typed (LoginPage.tsx).

/** The sign-in page's texts the server's form shows (keys of shell_login). */
export const BOOT_TEXT_KEYS = [
  "portal",
  "signIn",
  "signingIn",
  "employeeCode",
  "password",
  "notice",
] as const;

/** The server form's texts in one language. */
export type BootTexts = Record<(typeof BOOT_TEXT_KEYS)[number], string>;

/** The id of the form's container (inside #root: the app's first render replaces it). */
export const BOOT_FORM_ID = "boot-login";

/** The id of the data block with the other languages' texts. */
export const BOOT_TEXTS_ID = "boot-login-texts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** A text as HTML. */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The form's markup, as the sign-in page lays it out (its classes, labels and button), in English,
 * with each other language's texts in a JSON data block (a script of type application/json, which
 * runs nothing, so the page's script policy allows it).
 */
export function bootFormHtml(english: BootTexts, others: Record<string, BootTexts>): string {
  const t = (key: keyof BootTexts) => `data-t="${key}">${html(english[key])}`;
  // "<" never appears raw in the block, so no text can close the script element
  const data = JSON.stringify(others).replace(/</g, "\\u003c");
  return `<div class="login" id="${BOOT_FORM_ID}">
      <header class="login-header"><h1 ${t("portal")}</h1></header>
      <main class="login-main">
        <div class="language-switch boot-spacer"></div>
        <form class="panel" method="post" action="/login" novalidate aria-labelledby="boot-signin-title">
          <h2 id="boot-signin-title" ${t("signIn")}</h2>
          <label><span ${
    t("employeeCode")
  }</span><input name="employeeCode" autocomplete="username" autocapitalize="characters" autofocus></label>
          <label><span ${
    t("password")
  }</span><input name="password" type="password" autocomplete="current-password"></label>
          <p class="error" role="alert" aria-live="assertive"></p>
          <button type="submit" class="primary" data-busy="${html(english.signingIn)}" ${
    t("signIn")
  }</button>
          <p class="notice" ${t("notice")}</p>
        </form>
      </main>
      <script type="application/json" id="${BOOT_TEXTS_ID}">${data}</script>
    </div>`;
}
