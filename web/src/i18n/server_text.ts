// The server's messages in the user's language (issue 28). The server and the shared rules
// (api/rules/) answer in English, the spec's texts; the web shows them through `serverText`,
// which finds the English message in the language's server catalogue
// (locales/<language>/server.json: the English message, with `{name}` where a value stands, as
// the key; its translation as the value). One file per language, so that a message has one
// translation wherever it shows. English needs no catalogue at all, so nothing of this
// is in the English screens' chunks; a message the catalogue lacks is shown as the server wrote it.

import { i18n } from "@lingui/core";
import { currentLanguage, type Language } from "./language.ts";

/** One message with values: its pattern and the names of its values, in order. */
interface Pattern {
  id: string;
  match: RegExp;
  names: string[];
}

const exact = new Map<Language, Set<string>>();
const patterns = new Map<Language, Pattern[]>();
const loads = new Map<Language, Promise<void>>();

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Reads a language's server catalogue into Lingui (ids 'server:<English>') and the lookups. */
function take(language: Language, messages: Record<string, unknown>) {
  const ids = new Set<string>();
  const found: Pattern[] = [];
  const compiled: Record<string, never> = {};
  for (const [english, message] of Object.entries(messages)) {
    compiled[`server:${english}`] = message as never;
    const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (names.length === 0) {
      ids.add(english);
      continue;
    }
    const source = english.split(PLACEHOLDER).map((part, i) => i % 2 ? "(.+?)" : escape(part));
    found.push({ id: english, match: new RegExp(`^${source.join("")}$`, "s"), names });
  }
  i18n.load(language, compiled);
  exact.set(language, ids);
  // the most specific pattern first (the most fixed text): "Email {email} is already used by
  // another account" before "{field} is already used by {owner}"
  const fixed = (p: Pattern) => p.id.replace(PLACEHOLDER, "").length;
  patterns.set(language, found.sort((a, b) => fixed(b) - fixed(a)));
}

/** Loads a language's server catalogue (once); i18n.ts calls it when the language is chosen. */
export function loadServerTexts(language: Language): Promise<void> {
  if (language === "en") return Promise.resolve();
  let pending = loads.get(language);
  if (pending === undefined) {
    pending = import("./loaders.ts")
      .then(({ SERVER_LOADERS }) => SERVER_LOADERS[`./locales/${language}/server.json`]?.() ?? {})
      .then(
        (messages) => take(language, messages as Record<string, unknown>),
        () => void loads.delete(language),
      );
    loads.set(language, pending);
  }
  return pending;
}

/** A message of the server or of the shared rules in the language shown now (as it came when the
 * language's catalogue does not know it). */
export function serverText(message: string): string {
  const language = currentLanguage();
  if (language === "en") return message;
  if (exact.get(language)?.has(message)) return i18n._(`server:${message}`);
  for (const p of patterns.get(language) ?? []) {
    const m = p.match.exec(message);
    if (m === null) continue;
    const values: Record<string, string> = {};
    p.names.forEach((name, i) => values[name] = m[i + 1]);
    return i18n._(`server:${p.id}`, values);
  }
  return message;
}
