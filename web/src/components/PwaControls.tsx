// The install button and the update notice.

import { usePwa } from "../stores/pwa.ts";

/** 'Install app' while the browser offers it. */
export function InstallButton() {
  const canInstall = usePwa((s) => s.canInstall);
  const install = usePwa((s) => s.install);
  if (!canInstall) return null;
  return <button type="button" onClick={() => void install()}>Install app</button>;
}

/** A new version waits: reload when the user chooses. */
export function UpdateNotice() {
  const updateReady = usePwa((s) => s.updateReady);
  const applyUpdate = usePwa((s) => s.applyUpdate);
  if (!updateReady) return null;
  return (
    <div className="banner update" role="status">
      A new version of the portal is ready.{" "}
      <button type="button" onClick={applyUpdate}>Reload</button>
    </div>
  );
}
