// The sign-in page's Clear Cache (spec 2 Login): after a confirmation it clears what the app keeps
// on this device (device_data.ts) and reloads.

import { useState } from "react";
import { clearDeviceData } from "../device_data.ts";

/** The Clear Cache link of the sign-in page with its failure line. */
export function LoginClearCache() {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button"
        onClick={async () => {
          const question = "Clear the cached data of this app (including the conversion history " +
            "and the extractor's rented codes) and reload?";
          if (!globalThis.confirm(question)) return;
          try {
            await clearDeviceData();
            globalThis.location.reload();
          } catch {
            setFailed(true);
          }
        }}
      >
        Clear Cache
      </button>
      {failed && <p className="error" role="alert">Failed to clear cache</p>}
    </>
  );
}
