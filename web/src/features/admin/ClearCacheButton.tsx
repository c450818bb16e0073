// 'Clear Cache' of the admin dashboard and the CSV import page (spec 2.2): after a confirmation,
// sign out, clear local and session storage, the conversion history and the extractor's rented
// codes (features/shell/device_data.ts) and open /login afresh. The original kept its session
// in the storage it cleared, so clearing signed the user out; a full load leaves no store holding
// what was cleared.

import { useState } from "react";
import { clearDeviceData } from "../shell/device_data.ts";
import { useSession } from "../shell/session.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { ADM_FRAME } from "./texts/adm_frame.ts";
import { useT } from "../../i18n/i18n.ts";

/** The Clear Cache button with its confirmation and its failure line. */
export function ClearCacheButton() {
  const t = useT(ADM_FRAME);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setConfirming(true)}>{t("clearCache")}</button>
      {failed && <span className="error" role="alert">{t("clearFailed")}</span>}
      {confirming && (
        <ConfirmDialog
          title={t("clearCache")}
          text={t("clearText")}
          confirmLabel={t("clearCache")}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            setConfirming(false);
            try {
              await useSession.getState().logout();
              await clearDeviceData();
              globalThis.location.assign("/login");
            } catch {
              setFailed(true);
            }
          }}
        />
      )}
    </>
  );
}
