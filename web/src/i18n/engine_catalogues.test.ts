// The engine's texts in every language (issue 50), part of `npm test`: each code of every area's
// catalogue (engine/messages/catalogue.ts) has a translation in engine/<language>/<area>.json
// with the English template's values, and no translation is left for a code that is gone.

import { describe, expect, it } from "vitest";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LANGUAGES } from "./language.ts";
import { ENGINE_CATALOGUES } from "../../../engine/messages/catalogue.ts";

const FILES = import.meta.glob<string>(["./engine/*/*.json"], {
  import: "default",
  eager: true,
  query: "?raw",
});

/** The `{name}` values of a template or translation (simple arguments, as the engine writes). */
const names = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe("the engine's texts", () => {
  it("has one catalogue file per area in every language but English", () => {
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      const found = Object.keys(FILES).filter((p) => p.startsWith(`./engine/${language}/`)).sort();
      const expected = Object.keys(ENGINE_CATALOGUES).map((a) => `./engine/${language}/${a}.json`);
      expect(found, language).toEqual(expected.sort());
    }
  });

  it("gives every code a stable, area-prefixed name", () => {
    for (const [area, catalogue] of Object.entries(ENGINE_CATALOGUES)) {
      for (const code of Object.keys(catalogue)) {
        expect(code).toMatch(new RegExp(`^${area}:[a-z0-9_]+$`));
      }
    }
  });

  it("is compiled as the page imports it, so a text's values are put in (not shown as {uld})", () => {
    const loaded = import.meta.glob<Record<string, unknown>>(["./engine/ar/flight.json"], {
      import: "default",
      eager: true,
    });
    const position = loaded["./engine/ar/flight.json"]["flight:position"];
    expect(Array.isArray(position), "the compiled form is an array of text and values").toBe(true);
    expect(position).toContainEqual(["uld"]);
  });

  for (const language of LANGUAGES.filter((l) => l !== "en")) {
    for (const [area, catalogue] of Object.entries(ENGINE_CATALOGUES)) {
      it(`${language}/${area}.json translates every code of the area, with its values`, () => {
        const translated = JSON.parse(FILES[`./engine/${language}/${area}.json`] ?? "{}") as Record<
          string,
          string
        >;
        expect(Object.keys(translated).sort(), "codes without a translation, or unknown")
          .toEqual(Object.keys(catalogue).sort());
        for (const [code, english] of Object.entries(catalogue as Record<string, string>)) {
          expect(names(translated[code]), code).toEqual(names(english));
          expect(() => compileMessage(translated[code]), code).not.toThrow();
        }
      });
    }
  }
});
