// The sign-in page's own language switch (issue 28): before anyone signs in, the person at the PC
// picks the language, which this device keeps and the account that signs in next takes as its own.
// Each language is named in its own script, so that a reader of either finds theirs.

import { COMMON } from "../../i18n/areas/common.ts";
import { useT } from "../../i18n/i18n.ts";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "../../i18n/language.ts";
import { useDisplay } from "./display.ts";

/** A select of the portal's languages, each in its own script. */
export function LanguageSwitch() {
  // the common catalogue's word: it is in the first chunk already, /login loads no other
  const t = useT(COMMON);
  const language = useDisplay((s) => s.language);
  const pickLanguage = useDisplay((s) => s.pickLanguage);
  return (
    <div className="language-switch">
      <label htmlFor="language-switch">{t("language")}</label>
      <select
        id="language-switch"
        value={language}
        onChange={(e) => isLanguage(e.target.value) && pickLanguage(e.target.value)}
      >
        {LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>)}
      </select>
    </div>
  );
}
