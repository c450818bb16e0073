// Where each language's catalogues are (every language but English, whose texts come with the
// code that shows them). A chunk of its own, loaded the first time another language is shown: the
// map grows with every area and language, and /login in English needs none of it.

/** Each area's catalogue of a language, by path ('./locales/ar/conv_page.json'). */
export const CATALOGUE_LOADERS = import.meta.glob<Record<string, unknown>>(
  [
    "./locales/*/*.json",
    "!./locales/en/*.json",
    "!./locales/*/server.json",
    "!./locales/*/legacy_text.json",
  ],
  { import: "default" },
) as Record<string, () => Promise<unknown>>;

/** Each language's server catalogues, by path ('./locales/ar/server.json' by code,
 * './locales/ar/legacy_text.json' by English text). */
export const SERVER_LOADERS = import.meta.glob<Record<string, unknown>>(
  ["./locales/*/server.json", "./locales/*/legacy_text.json"],
  { import: "default" },
) as Record<string, () => Promise<unknown>>;

/** Each language's translations of the engine's texts by code, by path
 * ('./engine/ar/ffm.json'; the areas of engine/messages/catalogue.ts). */
export const ENGINE_LOADERS = import.meta.glob<Record<string, unknown>>(
  ["./engine/*/*.json"],
  { import: "default" },
) as Record<string, () => Promise<unknown>>;
