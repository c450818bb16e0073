// The sign-in page's Clear Cache (spec 2 Login): after a confirmation it clears what the app keeps
// on this device (features/shell/device_data.ts) and reloads.

import { useState } from "react";
import { clearDeviceData } from "../shell/device_data.ts";
import { SHELL_LOGIN } from "./texts/shell_login.ts";
import { useT } from "../../i18n/i18n.ts";

/** The Clear Cache link of the sign-in page with its failure line. */
export function LoginClearCache() {
  const t = useT(SHELL_LOGIN);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button"
        onClick={async () => {
          if (!globalThis.confirm(t("clearAsk"))) return;
          try {
            await clearDeviceData();
            globalThis.location.reload();
          } catch {
            setFailed(true);
          }
        }}
      >
        {t("clearCache")}
      </button>
      {failed && <p className="error" role="alert">{t("clearFailed")}</p>}
    </>
  );
}
