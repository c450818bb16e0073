// The extractor's Settings tab: the fixed owner code and the rented codes, saved on this device.

import { useExtractor } from "../stores/extractor.ts";
import { DEFAULT_RENTED_CODES } from "../stores/extractor_settings.ts";

/** Owner Code (fixed), Rented Codes, Save and Reset. */
export function ExtractorSettings() {
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
      <h2 id="extractor-settings-title">Extractor settings</h2>
      <label>
        Owner Code
        <input value={ownerCode} disabled aria-describedby="extractor-owner-help" />
      </label>
      <p id="extractor-owner-help" className="notice">
        Fixed. A message with a flight number uses the flight's airline instead.
      </p>
      <label>
        Rented Codes
        <input
          value={rentedText}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="extractor-rented-help"
          onChange={(e) => setRentedText(e.target.value)}
        />
      </label>
      <p id="extractor-rented-help" className="notice">
        Owner codes of rented ULDs, separated by commas (default{" "}
        {DEFAULT_RENTED_CODES.join(",")}). In use: {inUse.join(", ")}.
      </p>
      <p className={message?.ok ? "success" : "error"} role="status" aria-live="polite">
        {message?.text}
      </p>
      <div className="actions">
        <button type="button" onClick={() => void reset()}>Reset</button>
        <button type="submit" className="primary">Save</button>
      </div>
    </form>
  );
}
