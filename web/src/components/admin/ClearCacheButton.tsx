// 'Clear Cache' of the admin dashboard and the CSV import page (spec 2.2): after a confirmation,
// sign out, clear local and session storage, the conversion history and the extractor's rented
// codes (device_data.ts) and open /login afresh. The original kept its session
// in the storage it cleared, so clearing signed the user out; a full load leaves no store holding
// what was cleared.

import { useState } from "react";
import { clearDeviceData } from "../../device_data.ts";
import { useSession } from "../../stores/session.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";

/** The Clear Cache button with its confirmation and its failure line. */
export function ClearCacheButton() {
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setConfirming(true)}>Clear Cache</button>
      {failed && <span className="error" role="alert">Failed to clear cache</span>}
      {confirming && (
        <ConfirmDialog
          title="Clear Cache"
          text="Clear this app's data on this device (local and session storage, every user's conversion history, the extractor's rented codes) and sign out? You will need to sign in again."
          confirmLabel="Clear Cache"
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
