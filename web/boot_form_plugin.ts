// Writes the sign-in form into index.html at build time (issue 51: /login usable from the server's
// HTML), in the texts of the sign-in page's catalogues: English in place, and every other
// language's in a data block that the first chunk (web/src/boot.ts) shows when the device keeps
// that language. A catalogue text that is not plain (an ICU placeholder) stops the build.

import { readdirSync, readFileSync } from "node:fs";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import {
  BOOT_TEXT_KEYS,
  bootFormHtml,
  type BootTexts,
} from "./src/features/sign_in/boot_form_html.ts";

/** The sign-in page's catalogues: one folder per language. */
const LOCALES = new URL("./src/features/sign_in/locales/", import.meta.url);

/** The marker in index.html that the form replaces. */
const MARKER = "<!--boot-login-->";

/** One language's texts of the form, each checked to be plain text. */
function textsOf(language: string): BootTexts {
  const file = new URL(`${language}/shell_login.json`, LOCALES);
  const catalogue = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const out = {} as BootTexts;
  for (const key of BOOT_TEXT_KEYS) {
    // Lingui's compiled form: a plain text is a list of strings only
    const compiled = compileMessage(catalogue[key] ?? "");
    const parts = Array.isArray(compiled) ? compiled : [compiled];
    const plain = parts.every((part) => typeof part === "string") ? parts.join("") : "";
    if (plain === "") {
      throw new Error(`${file.pathname}: "${key}" must be a plain, non-empty text`);
    }
    out[key] = plain;
  }
  return out;
}

/** The Vite plugin that writes the form into index.html. */
export function bootLoginForm(): Plugin {
  return {
    name: "portal-boot-login-form",
    transformIndexHtml(page) {
      if (!page.includes(MARKER)) throw new Error(`index.html has no ${MARKER}`);
      const others: Record<string, BootTexts> = {};
      for (const language of readdirSync(LOCALES)) {
        if (language !== "en") others[language] = textsOf(language);
      }
      return page.replace(MARKER, bootFormHtml(textsOf("en"), others));
    },
  };
}
