// The portal's texts in the user's language (issue 28), on Lingui's runtime: ICU MessageFormat
// messages (plurals by the language's own CLDR rules), compiled at build time (web/i18n_plugin.ts).
//
// Each area of the web app has a catalogue (beside the feature that shows it, or in i18n/ when
// several share it; catalogues.test.ts checks them all): its English texts, the spec's, are
// imported with the area's code, so a screen's English comes in the chunk that shows it and
// /login loads no other screen's texts. Another language's texts load only when that
// language is chosen: every catalogue of the language then, and a catalogue that comes later with
// a lazily loaded screen when the screen first renders (it waits, suspended, until they are in).

import { i18n, type Messages } from "@lingui/core";
import { use, useMemo, useSyncExternalStore } from "react";
import {
  currentLanguage,
  DIRECTION,
  INTL_LOCALE,
  type Language,
  onLanguage,
  setCurrentLanguage,
  textsArrived,
  textsShown,
} from "./language.ts";
import { loadServerTexts } from "./server_text.ts";

/** The texts of one area: its name and its English messages (ICU, compiled). */
export interface Catalogue<K extends string> {
  name: string;
  keys: readonly K[];
}

/** A message's values: the `{name}` placeholders and plural counts it reads. */
export type Values = Record<string, string | number | null | undefined>;

/** The translation of an area's key (the signature `useT` and `text` answer). */
export type Translate<K extends string> = (key: K, values?: Values) => string;

declare global {
  interface ImportMeta {
    /** Vite's import of the files a pattern names, each as its own lazily loaded chunk. */
    glob<T>(patterns: string[], options: { import: "default" }): Record<string, () => Promise<T>>;
    /** The same, imported at once (the catalogue check reads files as text with `?raw`, and as
     * the build compiles them). */
    glob<T>(
      patterns: string[],
      options: { import: "default"; eager: true; query?: "?raw" },
    ): Record<string, T>;
  }
}

const registered = new Map<string, Catalogue<string>>();
const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();

i18n.load("en", {});
i18n.activate("en", [INTL_LOCALE.en]);

/** The messages of a catalogue keyed as Lingui holds them ('area.key'). */
function prefixed(name: string, messages: Record<string, unknown>): Messages {
  const out: Messages = {};
  for (const [key, message] of Object.entries(messages)) {
    out[`${name}.${key}`] = message as Messages[string];
  }
  return out;
}

/** Loads a catalogue's texts in a language (once); English is always in. */
function load(name: string, language: Language): Promise<void> {
  const id = `${language}/${name}`;
  if (language === "en" || loaded.has(id)) return Promise.resolve();
  let pending = loads.get(id);
  if (pending === undefined) {
    pending = import("./loaders.ts")
      .then(({ CATALOGUE_LOADERS }) => CATALOGUE_LOADERS[id]?.() ?? {})
      .then((messages) => {
        i18n.load(language, prefixed(name, messages as Record<string, unknown>));
        loaded.add(id);
        // a screen may have read this area's texts through text() before they were in
        if (language === currentLanguage()) textsArrived();
      })
      .catch(() => {
        // offline before the catalogue was cached: the English texts stand in for it
        loads.delete(id);
        loaded.add(id);
      });
    loads.set(id, pending);
  }
  return pending;
}

/** Registers an area's catalogue with its English messages; answers its handle for `useT`. */
export function catalogue<K extends string>(
  name: string,
  english: Record<K, unknown>,
): Catalogue<K> {
  const c: Catalogue<K> = { name, keys: Object.keys(english) as K[] };
  if (!registered.has(name)) {
    registered.set(name, c);
    // the English texts are the fallback of every language: a missing one never shows a key
    // (each language its own copy: Lingui keeps the first object it is given and merges into it)
    for (const language of Object.keys(INTL_LOCALE) as Language[]) {
      i18n.load(language, prefixed(name, english));
    }
    if (currentLanguage() !== "en") void load(name, currentLanguage());
  }
  return c;
}

/** Shows `language`: loads its catalogues, then switches every text, the document's language and
 * its direction at once. */
export async function setLanguage(language: Language): Promise<void> {
  await Promise.all([
    ...[...registered.keys()].map((name) => load(name, language)),
    loadServerTexts(language),
  ]);
  i18n.activate(language, [INTL_LOCALE[language]]);
  const root = globalThis.document?.documentElement;
  if (root) {
    root.lang = language;
    root.dir = DIRECTION[language];
  }
  setCurrentLanguage(language);
}

/** An area's text in the language shown now (for stores and helpers outside React). */
export function text<K extends string>(c: Catalogue<K>, key: K, values?: Values): string {
  return i18n._(`${c.name}.${key}`, values);
}

/** The translate function of an area in a component: it renders again when the language changes,
 * and waits (suspends) while the area's texts in that language are still loading. */
export function useT<K extends string>(c: Catalogue<K>): Translate<K> {
  // rendered again when the language changes or late texts of it arrive
  const shown = useSyncExternalStore(onLanguage, textsShown, textsShown);
  const language = currentLanguage();
  if (language !== "en" && !loaded.has(`${language}/${c.name}`)) use(load(c.name, language));
  // the same function while the texts are the same: a screen's useMemo that names it (the
  // extractor's thousand message options) is not made again on every render
  return useMemo<Translate<K>>(() => (key, values) => text(c, key, values), [c, shown]);
}
