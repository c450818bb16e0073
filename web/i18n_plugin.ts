// Compiles the message catalogues (<language>/<area>.json under a locales/ folder: a feature's,
// web/src/features/<feature>/locales/, or the shared web/src/i18n/locales/; and the engine's
// texts, web/src/i18n/engine/<language>/<area>.json) at build time with
// Lingui's own ICU MessageFormat compiler, as @lingui/vite-plugin does for its catalogues: the
// browser gets Lingui's compiled form and never ships the message parser. A catalogue stays JSON
// (the compiled forms are strings and arrays), so Vite's JSON handling imports it as before.

import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/** A catalogue's path: web/src/i18n/locales/<language>/<area>.json or the same under a feature's
 * folder (web/src/features/admin/audit/locales/ar/adm_audit.json), or a translation of the
 * engine's texts (web/src/i18n/engine/ar/flight.json), whose values need the compiled form too. */
const CATALOGUE =
  /[\\/]src[\\/](i18n|features([\\/][a-z_]+)+)[\\/]locales[\\/][a-z]{2}[\\/][a-z_]+\.json$|[\\/]src[\\/]i18n[\\/]engine[\\/][a-z]{2}[\\/][a-z_]+\.json$/;

/** Each message of a catalogue's JSON text in Lingui's compiled form, as JSON text. */
export function compileCatalogue(json: string, file: string): string {
  const messages = JSON.parse(json) as Record<string, string>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      compiled[key] = compileMessage(message);
    } catch (err) {
      throw new Error(`${file}: message "${key}" is not ICU MessageFormat: ${String(err)}`);
    }
  }
  return JSON.stringify(compiled);
}

/** The Vite plugin that compiles the catalogues. */
export function i18nCatalogues(): Plugin {
  return {
    name: "portal-i18n-catalogues",
    enforce: "pre",
    transform(code, id) {
      const [file, query] = id.split("?");
      // `?raw` asks for the file's text as it is (the catalogue check reads it)
      if (!CATALOGUE.test(file) || query !== undefined) return null;
      return { code: compileCatalogue(code, file), map: null };
    },
  };
}
