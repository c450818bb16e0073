// The install button and the update notice.

import { SHELL_FRAME } from "../../i18n/areas/shell_frame.ts";
import { useT } from "../../i18n/i18n.ts";
import { usePwa } from "./pwa.ts";

/** 'Install app' while the browser offers it. */
export function InstallButton() {
  const t = useT(SHELL_FRAME);
  const canInstall = usePwa((s) => s.canInstall);
  const install = usePwa((s) => s.install);
  if (!canInstall) return null;
  return <button type="button" onClick={() => void install()}>{t("install")}</button>;
}

/** A new version waits: reload when the user chooses. */
export function UpdateNotice() {
  const t = useT(SHELL_FRAME);
  const updateReady = usePwa((s) => s.updateReady);
  const applyUpdate = usePwa((s) => s.applyUpdate);
  if (!updateReady) return null;
  return (
    <div className="banner update" role="status">
      {t("updateReady")} <button type="button" onClick={applyUpdate}>{t("reload")}</button>
    </div>
  );
}
