// Where each language's catalogues are (every language but English, whose texts come with the
// code that shows them). A chunk of its own, loaded the first time another language is shown: the
// map grows with every area and language, and /login in English needs none of it.
//
// An area's catalogues are beside the code that shows it: in its feature's folder
// (features/<feature>/locales/<language>/<area>.json), or here (i18n/locales/) when several
// features share it. The area is the file's name, as its module registers it (catalogue("<area>")).

/** An area catalogue's language and area in its path ('../features/x/locales/ar/conv_page.json'
 * is 'ar/conv_page'). */
const AREA_FILE = /\/locales\/([a-z]{2})\/([a-z_]+)\.json$/;

/** Each area's catalogue of a language, by language and area ('ar/conv_page'). */
export const CATALOGUE_LOADERS: Record<string, () => Promise<unknown>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>(
      [
        "./locales/*/*.json",
        "../features/**/locales/*/*.json",
        "!./locales/en/*.json",
        "!../features/**/locales/en/*.json",
        "!./locales/*/server.json",
      ],
      { import: "default" },
    ),
  ).map(([path, load]) => {
    const [, language, area] = AREA_FILE.exec(path) ?? [];
    return [`${language}/${area}`, load];
  }),
);

/** Each language's server catalogue by code, by path ('./locales/ar/server.json'). */
export const SERVER_LOADERS = import.meta.glob<Record<string, unknown>>(
  ["./locales/*/server.json"],
  { import: "default" },
) as Record<string, () => Promise<unknown>>;

/** Each language's translations of the engine's texts by code, by path
 * ('./engine/ar/ffm.json'; the areas of engine/messages/catalogue.ts). */
export const ENGINE_LOADERS = import.meta.glob<Record<string, unknown>>(
  ["./engine/*/*.json"],
  { import: "default" },
) as Record<string, () => Promise<unknown>>;
