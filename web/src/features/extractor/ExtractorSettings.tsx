// The extractor's Settings tab: the fixed owner code and the rented codes, saved on this device.

import { COMMON } from "../../i18n/areas/common.ts";
import { EXT_PAGE } from "./texts/ext_page.ts";
import { useT } from "../../i18n/i18n.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { useExtractor } from "./extractor.ts";
import { DEFAULT_RENTED_CODES } from "./extractor_settings.ts";

/** Owner Code (fixed), Rented Codes, Save and Reset. */
export function ExtractorSettings() {
  const t = useT(EXT_PAGE);
  const common = useT(COMMON);
  const ownerCode = useExtractor((s) => s.settings.ownerCode);
  const inUse = useExtractor((s) => s.settings.rentedCodes);
  const rentedText = useExtractor((s) => s.rentedText);
  const setRentedText = useExtractor((s) => s.setRentedText);
  const save = useExtractor((s) => s.saveSettings);
  const reset = useExtractor((s) => s.resetSettings);
  const message = useExtractor((s) => s.settingsMessage);

  return (
    <form
      className="section extractor-settings"
      aria-labelledby="extractor-settings-title"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="extractor-settings-title">{t("settingsTitle")}</h2>
      <label>
        {t("ownerCode")}
        <input value={ownerCode} disabled dir="ltr" aria-describedby="extractor-owner-help" />
      </label>
      <p id="extractor-owner-help" className="notice">{t("ownerHelp")}</p>
      <label>
        {t("rentedCodes")}
        <input
          dir="ltr"
          value={rentedText}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="extractor-rented-help"
          onChange={(e) => setRentedText(e.target.value)}
        />
      </label>
      <p id="extractor-rented-help" className="notice">
        <Rich
          text={t("rentedHelp", {
            defaults: DEFAULT_RENTED_CODES.join(","),
            inUse: inUse.join(", "),
          })}
          parts={[<bdi key="0" />, <bdi key="1" />]}
        />
      </p>
      <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
        {message?.text}
      </p>
      <div className="actions">
        <button type="button" onClick={() => void reset()}>{t("resetButton")}</button>
        <button type="submit" className="primary">{common("save")}</button>
      </div>
    </form>
  );
}
