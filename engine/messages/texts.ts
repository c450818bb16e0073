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

/** A template split once: its fixed text at even places, the names of its values at odd ones. */
const splitTemplate = (template: string) => template.split(/\{(\w+)\}/);

/** The `say` of an area's catalogue: a code and its values make the text a result carries. A
 * paste of junk can give a warning a line (100,000 of them), so each template is split once, when
 * the sayer is made: the split templates are read, never written, by the calls after. */
export function sayerOf<T extends Record<string, string>>(catalogue: T) {
  const split: ReadonlyMap<string, readonly string[]> = new Map(
    Object.entries(catalogue).map(([code, template]) => [code, splitTemplate(template)]),
  );
  return <C extends keyof T & string>(code: C, ...args: ParamArgs<T[C]>): EngineText => {
    const params = args[0] as TextParams | undefined;
    if (params === undefined) return { code, message: catalogue[code] };
    const parts = split.get(code) ?? splitTemplate(catalogue[code]);
    let message = parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i];
      message += (Object.hasOwn(params, name) ? String(params[name]) : `{${name}}`) + parts[i + 1];
    }
    return { code, params, message };
  };
}

/** A refusal's fields of a result: the English `error`, its `errorCode` and its `errorParams`. */
export function errorFields(
  text: EngineText,
): { error: string; errorCode: string; errorParams?: TextParams } {
  const fields = { error: text.message, errorCode: text.code };
  return text.params === undefined ? fields : { ...fields, errorParams: text.params };
}
