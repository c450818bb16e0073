// The server's sign-in form at work (issue 51): index.html carries the form (boot_form_html.ts)
// beside the app's root, and the page's first chunk (web/src/boot.ts) wires it here before the
// app has loaded: the kept language's texts, the employee code in capitals as the app writes it,
// and a Sign In pressed meanwhile held for the app. Once the sign-in page has rendered, it takes
// what was typed, where the caret was and whether Sign In was pressed (takeBootForm), and the
// form is gone; any other first screen just drops it (dropBootForm).

import type { Language } from "../../i18n/language.ts";
import { BOOT_FORM_ID, BOOT_TEXTS_ID, type BootTexts } from "./boot_form_html.ts";

/** What was typed into the server's form before the app took it over. */
export interface BootHandover {
  code: string;
  password: string;
  /** The field that had the focus, and its selection then. */
  focused: { field: "code" | "password"; start: number; end: number } | null;
  /** Sign In was pressed before the app had loaded: the app signs in at once. */
  submitted: boolean;
}

/** The wired form of this page, until the app takes it. */
let wired: { root: HTMLElement; code: HTMLInputElement; password: HTMLInputElement } | null = null;
let submitted = false;

/** The texts of the kept language, from the form's data block (English is in place). */
function showTexts(root: HTMLElement, language: Language) {
  if (language === "en") return;
  let texts: Partial<BootTexts> | undefined;
  try {
    texts = JSON.parse(document.getElementById(BOOT_TEXTS_ID)?.textContent ?? "{}")[language];
  } catch {
    return; // no readable texts: the English stays
  }
  for (const el of root.querySelectorAll<HTMLElement>("[data-t]")) {
    const shown = texts?.[el.dataset.t as keyof BootTexts];
    if (shown !== undefined) el.textContent = shown;
  }
  const button = root.querySelector<HTMLElement>("[data-busy]");
  if (button !== null && texts?.signingIn !== undefined) button.dataset.busy = texts.signingIn;
}

/** Shows and wires the server's form when this page is /login; drops it otherwise. */
export function startBootForm(language: Language): void {
  const root = document.getElementById(BOOT_FORM_ID);
  if (root === null) return;
  if (location.pathname !== "/login") {
    root.remove();
    return;
  }
  // the server marks /login itself; a page the service worker served is marked here
  document.documentElement.dataset.boot = "login";
  showTexts(root, language);
  const form = root.querySelector("form")!;
  const code = form.elements.namedItem("employeeCode") as HTMLInputElement;
  const password = form.elements.namedItem("password") as HTMLInputElement;
  code.addEventListener("input", () => {
    const { selectionStart, selectionEnd } = code;
    const upper = code.value.toUpperCase();
    if (upper === code.value) return;
    code.value = upper;
    code.setSelectionRange(selectionStart, selectionEnd);
  });
  form.addEventListener("submit", (event) => {
    // never posted: the app signs in with what was typed as soon as it has loaded
    event.preventDefault();
    submitted = true;
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    button.disabled = true;
    button.textContent = button.dataset.busy ?? button.textContent;
  });
  wired = { root, code, password };
}

/** Whether the server's form is there for the sign-in page to take: the page then leaves the
 * focus where it is in that form rather than moving it to its own first field. */
export function bootFormPending(): boolean {
  return wired !== null;
}

/** The field that has the focus now, with its selection (null: neither). */
function focusOf(code: HTMLInputElement, password: HTMLInputElement): BootHandover["focused"] {
  const el = document.activeElement;
  const field = el === code ? "code" : el === password ? "password" : null;
  if (field === null) return null;
  const input = field === "code" ? code : password;
  return { field, start: input.selectionStart ?? 0, end: input.selectionEnd ?? 0 };
}

/** What was typed into the server's form, which is removed (null: there was none, or it was
 * taken already). */
export function takeBootForm(): BootHandover | null {
  if (wired === null) return null;
  const { code, password } = wired;
  const handover = {
    code: code.value,
    password: password.value,
    focused: focusOf(code, password),
    submitted,
  };
  dropBootForm();
  return handover;
}

/** Removes the server's form, whatever the first screen is. */
export function dropBootForm(): void {
  wired = null;
  document.getElementById(BOOT_FORM_ID)?.remove();
  delete document.documentElement.dataset.boot;
}
