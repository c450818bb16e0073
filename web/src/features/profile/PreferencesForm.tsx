// The profile's preferences (issue 28): language, theme (light, dark or as the system), timezone
// (the IANA list the browser knows) and notifications. Each change shows at once and is saved to
// the account; offline it stays on this device.

import { useState } from "react";
import { type Theme, THEMES } from "../../../../api/rules/themes.ts";
import { PREFS } from "../../i18n/areas/prefs.ts";
import { useT } from "../../i18n/i18n.ts";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "../../i18n/language.ts";
import { serverText } from "../../i18n/server_text.ts";
import { mayNotify } from "../../lib/notify.ts";
import { useDisplay } from "../shell/display.ts";
import { savePreferences, usePreferences } from "./preferences.ts";

const THEME_KEYS = { light: "themeLight", dark: "themeDark", system: "themeSystem" } as const;

/** What the status line says: a key of the catalogue, with the server's message for a failure. */
interface Status {
  key: "saved" | "offline" | "failed" | "notificationsBlocked";
  message?: string;
}

/** The zones offered: every zone the browser knows, with the current one among them. */
function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function"
    ? Intl.supportedValuesOf("timeZone")
    : [];
  return known.includes(current) ? known : [current, ...known];
}

/** The preferences section of the profile. */
export function PreferencesForm() {
  const t = useT(PREFS);
  const display = useDisplay();
  const timeZone = usePreferences((s) => s.timeZone);
  // the status line's key, not its text: a change of language shows it in the new language
  const [status, setStatus] = useState<Status | null>(null);

  const blocked = status?.key === "notificationsBlocked";

  async function save(change: Parameters<typeof savePreferences>[0]) {
    setStatus(null);
    const problem = await savePreferences(change);
    if (problem === null) setStatus({ key: "saved" });
    else if (problem.offline) setStatus({ key: "offline" });
    else setStatus({ key: "failed", message: problem.message });
  }

  async function notifications(on: boolean) {
    if (on && !(await mayNotify(true))) {
      setStatus({ key: "notificationsBlocked" });
      return;
    }
    await save({ notifications: on });
  }

  return (
    <section className="section preferences" aria-labelledby="preferences-title">
      <h2 id="preferences-title">{t("title")}</h2>
      <p className="hint">{t("intro")}</p>
      <div className="form-row">
        <label htmlFor="pref-language">{t("language")}</label>
        <select
          id="pref-language"
          value={display.language}
          onChange={(e) => isLanguage(e.target.value) && void save({ language: e.target.value })}
        >
          {LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{LANGUAGE_NAMES[l]}</option>)}
        </select>
      </div>
      <ThemeChoices theme={display.theme} onPick={(theme) => void save({ theme })} />
      <div className="form-row">
        <label htmlFor="pref-timezone">{t("timezone")}</label>
        <select
          id="pref-timezone"
          dir="ltr"
          value={timeZone}
          aria-describedby="pref-timezone-hint"
          onChange={(e) => void save({ timezone: e.target.value })}
        >
          {zones(timeZone).map((z) => <option key={z} value={z}>{z}</option>)}
        </select>
        <p id="pref-timezone-hint" className="hint">{t("timezoneHint")}</p>
      </div>
      <div className="form-row">
        <label className="toggle choice">
          <input
            type="checkbox"
            checked={display.notifications}
            aria-describedby="pref-notifications-hint"
            onChange={(e) => void notifications(e.target.checked)}
          />{" "}
          {t("notifications")}
        </label>
        <p id="pref-notifications-hint" className="hint">{t("notificationsHint")}</p>
      </div>
      <p className={status?.message || blocked ? "error" : "success"} role="status">
        {status && t(status.key, { message: serverText(status.message ?? "") })}
      </p>
    </section>
  );
}

/** The theme's three choices, side by side. */
function ThemeChoices(props: { theme: Theme; onPick: (theme: Theme) => void }) {
  const t = useT(PREFS);
  return (
    <fieldset className="form-row">
      <legend>{t("theme")}</legend>
      {THEMES.map((theme: Theme) => (
        <label key={theme} className="toggle choice">
          <input
            type="radio"
            name="pref-theme"
            value={theme}
            checked={props.theme === theme}
            onChange={() => props.onPick(theme)}
          />{" "}
          {t(THEME_KEYS[theme])}
        </label>
      ))}
    </fieldset>
  );
}
