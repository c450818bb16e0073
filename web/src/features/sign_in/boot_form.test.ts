// The sign-in form of the server's HTML before the app has loaded: shown in the kept language on
// /login only, the code in capitals, a Sign In pressed meanwhile held (never posted), and all of it
// handed to the app once.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import enRaw from "./locales/en/shell_login.json?raw";
import arRaw from "./locales/ar/shell_login.json?raw";
import { dropBootForm, startBootForm, takeBootForm } from "./boot_form.ts";
import { BOOT_TEXT_KEYS, bootFormHtml, type BootTexts } from "./boot_form_html.ts";

/** A language's texts of the form, from its catalogue. */
function textsOf(raw: string): BootTexts {
  const catalogue = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(BOOT_TEXT_KEYS.map((k) => [k, catalogue[k]])) as BootTexts;
}

const EN = textsOf(enRaw);
const AR = textsOf(arRaw);

/** The page as the server sends it, at `path`. */
function serve(path: string, english = EN, arabic = AR) {
  history.replaceState(null, "", path);
  document.body.innerHTML = `${bootFormHtml(english, { ar: arabic })}<div id="root"></div>`;
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name=${name}]`)!;

/** Types a text into a field as a key would (its value, then the input event). */
function type(name: string, text: string) {
  const input = field(name);
  input.focus();
  input.value += text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

beforeEach(() => dropBootForm());
afterEach(() => {
  dropBootForm();
  document.body.innerHTML = "";
});

describe("the server's sign-in form", () => {
  it("shows on /login in English, labelled as the app's form is", () => {
    serve("/login");
    startBootForm("en");
    expect(document.documentElement.dataset.boot).toBe("login");
    expect(document.querySelector("label:has(input[name=employeeCode])")?.textContent).toBe(
      "Employee code",
    );
    expect(document.querySelector("button[type=submit]")?.textContent).toBe("Sign In");
    expect(document.querySelector("form")?.getAttribute("method")).toBe("post");
  });

  it("shows the kept language's texts", () => {
    serve("/login");
    startBootForm("ar");
    expect(document.querySelector("h2")?.textContent).toBe(AR.signIn);
    expect(document.querySelector("label:has(input[name=password])")?.textContent).toBe(
      AR.password,
    );
  });

  it("is dropped on any other page", () => {
    serve("/admin");
    startBootForm("en");
    expect(document.getElementById("boot-login")).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(takeBootForm()).toBeNull();
  });

  it("writes the employee code in capitals, as the app does", () => {
    serve("/login");
    startBootForm("en");
    type("employeeCode", "ab12");
    expect(field("employeeCode").value).toBe("AB12");
  });

  it("holds a Sign In pressed before the app has loaded, and hands everything over once", () => {
    serve("/login");
    startBootForm("ar");
    type("employeeCode", "u1");
    type("password", "secret");
    const form = document.querySelector("form")!;
    const posted = form.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
    expect(posted).toBe(false);
    const button = document.querySelector<HTMLButtonElement>("button[type=submit]")!;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe(AR.signingIn);
    expect(takeBootForm()).toEqual({
      code: "U1",
      password: "secret",
      focused: { field: "password", start: 6, end: 6 },
      submitted: true,
    });
    expect(document.getElementById("boot-login")).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(takeBootForm()).toBeNull();
  });

  it("keeps a text that looks like markup as text, in the page and in its data block", () => {
    serve("/login", EN, { ...AR, signIn: "</script><b>دخول</b>" });
    startBootForm("ar");
    expect(document.querySelector("b")).toBeNull();
    expect(document.querySelector("h2")?.textContent).toBe("</script><b>دخول</b>");
    serve("/login", { ...EN, signIn: "</script><b>Sign</b> & In" });
    startBootForm("en");
    expect(document.querySelector("h2")?.textContent).toBe("</script><b>Sign</b> & In");
  });
});
