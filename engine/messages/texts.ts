// The engine's texts by code (issue 50): every warning, error and finding the engine writes has a
// stable code and an English template (the spec's text, `{name}` where a value stands), kept in
// one catalogue per area (ffm/texts.ts, ntm/texts.ts, flight/texts.ts, uld/texts.ts, joined in
// messages/catalogue.ts). A result carries the code, the values and the English text, so the CLI
// and the tests read English while the web translates by the code
// (web/src/i18n/engine/<language>/<area>.json): a reworded English text leaves no translation
// behind. Pure data and string work, as the rest of the engine.

/** The values of a text, by name. */
export type TextParams = Record<string, string | number>;

/** A text of the engine: its code, its values (absent when it has none) and its English text. */
export interface EngineText {
  code: string;
  params?: TextParams;
  message: string;
}

/** The names of the values a template holds. */
type Names<T extends string> = T extends `${string}{${infer N}}${infer Rest}` ? N | Names<Rest>
  : never;

/** The arguments after a code: its values when its template names any, else none. */
type ParamArgs<T extends string> = [Names<T>] extends [never] ? []
  : [params: { [N in Names<T>]: string | number }];

/** The English text of a template with its values put in (a value it lacks stays `{name}`). */
export function renderText(template: string, params: TextParams = {}): string {
  return template.replace(
    /\{(\w+)\}/g,
    (all, name: string) => Object.hasOwn(params, name) ? String(params[name]) : all,
  );
}

/** The `say` of an area's catalogue: a code and its values make the text a result carries. */
export function sayerOf<T extends Record<string, string>>(catalogue: T) {
  return <C extends keyof T & string>(code: C, ...args: ParamArgs<T[C]>): EngineText => {
    const params = args[0] as TextParams | undefined;
    const message = renderText(catalogue[code], params);
    return params === undefined ? { code, message } : { code, params, message };
  };
}
