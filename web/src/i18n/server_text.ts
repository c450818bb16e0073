// The server's messages in the user's language (issues 28 and 50). The server and the shared rules
// (api/rules/) answer in English, the spec's texts, and each message of theirs carries a stable
// code (api/rules/messages.ts); the web translates by that code: locales/<language>/server.json
// maps each code to its translation, with the message's values by name. English needs no
// catalogue at all (the answer's `message` is the English text), so nothing of this is in the
// English screens' chunks; a message the catalogue lacks is shown as the server wrote it.
//
// The engine's texts carry codes the same way (engine/messages/texts.ts), translated in
// engine/<language>/<area>.json. No catalogue is keyed by English text: a text that comes without
// a code (an older server's answer, an error a screen holds only as text) is read back to its code
// through the English templates of api/rules/messages.ts, else shown as it came.

import { i18n } from "@lingui/core";
import { currentLanguage, type Language } from "./language.ts";

/** A message as the server answers it (or a shared rule makes it): its code, values and English
 * text. An answer of an older server may lack the code: its English text is shown. */
export interface ServerMessage {
  code?: string;
  params?: Record<string, string | number>;
  message: string;
}

/** One text with values: its pattern and the names of its values, in order. */
interface Pattern {
  id: string;
  match: RegExp;
  names: string[];
}

const codes = new Map<Language, Set<string>>();
const patterns = new Map<Language, Pattern[]>();
const loads = new Map<Language, Promise<void>>();

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The patterns of English texts with values, the most specific (the most fixed text) first. */
function patternsOf(entries: [id: string, english: string][]): Pattern[] {
  const found: Pattern[] = [];
  for (const [id, english] of entries) {
    const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1]);
    const source = english.split(PLACEHOLDER).map((part, i) => i % 2 ? "(.+?)" : escape(part));
    found.push({ id, match: new RegExp(`^${source.join("")}$`, "s"), names });
  }
  const fixed = (p: Pattern) => p.match.source.replaceAll("(.+?)", "").length;
  return found.sort((a, b) => fixed(b) - fixed(a));
}

/** Reads a language's catalogues into Lingui (ids 'code:<code>'), and the patterns that read a
 * text without its code back to it. */
function take(
  language: Language,
  byCode: Record<string, unknown>,
  templates: Record<string, string>,
) {
  const compiled: Record<string, never> = {};
  for (const [code, message] of Object.entries(byCode)) compiled[`code:${code}`] = message as never;
  i18n.load(language, compiled);
  codes.set(language, new Set(Object.keys(byCode)));
  const fromCodes = Object.entries(templates)
    .filter(([code]) => code !== "zod:other" && byCode[code] !== undefined)
    .map(([code, english]): [string, string] => [`code:${code}`, english]);
  patterns.set(language, patternsOf(fromCodes));
}

/** A language's translations of the engine's texts, every area's in one map by code. */
async function engineTexts(language: Language): Promise<Record<string, unknown>> {
  const { ENGINE_LOADERS } = await import("./loaders.ts");
  const areas = Object.entries(ENGINE_LOADERS)
    .filter(([path]) => path.startsWith(`./engine/${language}/`));
  const loaded = await Promise.all(areas.map(([, load]) => load()));
  return Object.assign({}, ...loaded);
}

/** Loads a language's server catalogues (once); i18n.ts calls it when the language is chosen. */
export function loadServerTexts(language: Language): Promise<void> {
  if (language === "en") return Promise.resolve();
  let pending = loads.get(language);
  if (pending === undefined) {
    const file = (name: string) =>
      import("./loaders.ts").then(({ SERVER_LOADERS }) =>
        SERVER_LOADERS[`./locales/${language}/${name}.json`]?.() ?? {}
      );
    pending = Promise.all([
      file("server"),
      engineTexts(language),
      import("../../../api/rules/messages.ts"),
    ]).then(
      ([byCode, engine, { MESSAGES }]) =>
        take(language, { ...engine, ...(byCode as Record<string, unknown>) }, MESSAGES),
      () => void loads.delete(language),
    );
    loads.set(language, pending);
  }
  return pending;
}

/** A text without a code in the language shown now: read back to its code by the catalogue's
 * templates, else as it came. */
function textOf(language: Language, message: string): string {
  for (const p of patterns.get(language) ?? []) {
    const m = p.match.exec(message);
    if (m === null) continue;
    const values: Record<string, string> = {};
    p.names.forEach((name, i) => values[name] = m[i + 1]);
    return i18n._(p.id, values);
  }
  return message;
}

/** A message of the server or of the shared rules in the language shown now: by its code when it
 * has one, else by its text (as it came when the language's catalogues do not know it). */
export function serverText(said: ServerMessage | string): string {
  const language = currentLanguage();
  const message = typeof said === "string" ? said : said.message;
  if (language === "en") return message;
  if (typeof said !== "string" && said.code !== undefined) {
    if (codes.get(language)?.has(said.code)) return i18n._(`code:${said.code}`, said.params ?? {});
  }
  return textOf(language, message);
}
