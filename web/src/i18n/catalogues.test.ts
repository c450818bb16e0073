// The catalogue check of issue 28, part of `npm test`: every language has every key of the English
// catalogues, each message is valid ICU MessageFormat with the English message's values, and no
// component shows a text of its own instead of a catalogue's.

import { describe, expect, it } from "vitest";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Catalogue } from "./i18n.ts";
import { LANGUAGES } from "./language.ts";
import { CATALOGUE_LOADERS } from "./loaders.ts";
import { untranslatedTexts } from "../test_support/source_texts.ts";
import { MESSAGES } from "../../../api/rules/messages.ts";

/** The server catalogue, by code (server.json). */
const SERVER_FILES = ["server.json"];

/** How many areas have a catalogue: a catalogue the globs below stop finding (moved where they do
 * not look) fails the check instead of leaving it unchecked. A new area adds one here. */
const AREA_COUNT = 39;

// the catalogues and the sources as text (Vite reads them; the web project runs in happy-dom,
// which has no file system): each feature's catalogues (features/<feature>/locales/<language>/),
// and the shared ones and the server's (i18n/locales/<language>/)
const CATALOGUES = import.meta.glob<string>(
  ["./locales/*/*.json", "../features/**/locales/*/*.json"],
  { import: "default", eager: true, query: "?raw" },
);
/** The catalogues as the code imports them, compiled by web/i18n_plugin.ts. */
const COMPILED = import.meta.glob<Record<string, unknown>>(
  ["./locales/*/*.json", "../features/**/locales/*/*.json"],
  { import: "default", eager: true },
);
const SOURCES = import.meta.glob<string>(
  ["../**/*.tsx", "!../**/*.test.tsx", "!../i18n/**", "!../test_support/**"],
  { import: "default", eager: true, query: "?raw" },
);
/** Every module that may register an area (`catalogue("<area>", en)`). */
const MODULES = import.meta.glob<string>(["../**/*.ts", "!../**/*.test.ts"], {
  import: "default",
  eager: true,
  query: "?raw",
});

/** Each catalogue's path by its language and file name ('ar/conv_page.json'). */
const PATHS = new Map<string, string>();
const duplicates: string[] = [];
for (const path of Object.keys(CATALOGUES)) {
  const [, id] = /\/locales\/([a-z]{2}\/[a-z_]+\.json)$/.exec(path) ?? [];
  if (PATHS.has(id)) duplicates.push(`${PATHS.get(id)} and ${path}`);
  PATHS.set(id, path);
}

const read = (language: string, file: string) =>
  JSON.parse(CATALOGUES[PATHS.get(`${language}/${file}`) ?? ""] ?? "{}") as Record<
    string,
    string
  >;
const areasOf = (language: string) =>
  [...PATHS.keys()].filter((k) => k.startsWith(`${language}/`))
    .map((k) => k.slice(`${language}/`.length)).sort();

/** A catalogue handle's type, named so that this check and the runtime share one definition. */
export type CheckedCatalogue = Catalogue<string>;

/** The names of the values a message reads ({name}, {count, plural, ...}). */
function valueNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === "string") names.add(token[0]);
      const branches = token[2];
      if (branches && typeof branches === "object" && !Array.isArray(branches)) {
        for (const branch of Object.values(branches)) walk(branch);
      }
    }
  };
  const compiled = compileMessage(message);
  walk(typeof compiled === "string" ? [] : compiled);
  return [...names].sort();
}

describe("message catalogues", () => {
  const english = areasOf("en");

  it("finds every area's catalogue, each once, named as its module registers it", () => {
    expect(duplicates, "a catalogue in two places").toEqual([]);
    // each area's module: catalogue("<area>", en), its English imported from <area>.json
    const registered = Object.entries(MODULES).flatMap(([file, source]) =>
      [...source.matchAll(/\bcatalogue\("([a-z_]+)", en\)/g)].map(([, area]) => {
        const json = /import en from "[./]*\/locales\/en\/([a-z_]+)\.json"/.exec(source)?.[1];
        expect(json, `${file}: the area's English is its own catalogue`).toBe(area);
        return `${area}.json`;
      })
    ).sort();
    expect(english).toEqual(registered);
    expect(english).toHaveLength(AREA_COUNT);
  });

  it("lets the build load every language's catalogue of every area", () => {
    const ids = LANGUAGES.filter((l) => l !== "en")
      .flatMap((l) => english.map((file) => `${l}/${file.slice(0, -".json".length)}`));
    expect(Object.keys(CATALOGUE_LOADERS).sort()).toEqual(ids.sort());
  });

  it("has every catalogue compiled as the code imports it", () => {
    for (const [path, text] of Object.entries(CATALOGUES)) {
      const compiled = Object.fromEntries(
        Object.entries(JSON.parse(text) as Record<string, string>)
          .map(([key, message]) => [key, compileMessage(message)]),
      );
      expect(COMPILED[path], path).toEqual(compiled);
    }
  });

  it("has an English catalogue for every area of every other language", () => {
    for (const language of LANGUAGES) {
      const areas = areasOf(language).filter((f) => !SERVER_FILES.includes(f));
      expect(areas, language).toEqual(english);
    }
  });

  for (const language of LANGUAGES.filter((l) => l !== "en")) {
    for (const file of english) {
      it(`${language}/${file} has exactly the English keys, each with the English values`, () => {
        const en = read("en", file);
        const other = read(language, file);
        expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
        for (const [key, message] of Object.entries(en)) {
          expect(valueNames(other[key]), `${file} ${key}`).toEqual(valueNames(message));
        }
      });
    }
    it(`${language}'s server catalogue translates every code of the API's, with its values`, () => {
      const translated = read(language, "server.json");
      expect(Object.keys(translated).sort(), "codes without a translation, or unknown")
        .toEqual(Object.keys(MESSAGES).sort());
      for (const [code, english] of Object.entries(MESSAGES)) {
        const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(valueNames(translated[code]), code).toEqual([...new Set(names)]);
        expect(() => compileMessage(translated[code]), code).not.toThrow();
      }
    });
  }

  it("has only valid ICU messages in English", () => {
    for (const file of english) {
      for (const [key, message] of Object.entries(read("en", file))) {
        expect(() => compileMessage(message), `${file} ${key}`).not.toThrow();
      }
    }
  });

  it("leaves no text in a component outside the catalogues", () => {
    const found = Object.entries(SOURCES).flatMap(([file, source]) =>
      untranslatedTexts(file, source).map((t) => `${file.slice(3)}:${t.line}: ${t.text}`)
    );
    expect(found).toEqual([]);
  });
});
