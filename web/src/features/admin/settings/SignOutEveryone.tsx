// System Settings' "Sign out everyone" (issue 48, item 14): every session of every user ends at
// once, the super admin's own session excepted; asked first, then the password confirmed again
// (features/two_factor/step_up.ts), then the server's answer under the button.

import { useState } from "react";
import { api, failureMessage, unwrap } from "../../../lib/api/client.ts";
import { TOOLS_SETTINGS } from "./texts/tools_settings.ts";
import { useT } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";
import { withStepUp } from "../../two_factor/step_up.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";

/** The section with its button, its confirmation and the outcome. */
export function SignOutEveryone() {
  const t = useT(TOOLS_SETTINGS);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    setAsking(false);
    setBusy(true);
    setOutcome(null);
    try {
      const call = () => unwrap(api.api.auth.sessions["sign-out-everyone"].$post({ json: {} }));
      const done = await withStepUp(call);
      setOutcome({ ok: true, text: serverText(done) });
    } catch (err) {
      const text = serverText(failureMessage(err, t("signOutOffline")));
      setOutcome({ ok: false, text: t("signOutFailed", { message: text }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="section" aria-labelledby="sign-out-everyone">
      <h2 id="sign-out-everyone">{t("signOutTitle")}</h2>
      <p className="notice">{t("signOutNotice")}</p>
      {/* a live region apart from the settings form's status line */}
      <p className={outcome?.ok === false ? "error" : "success"} aria-live="polite">
        {outcome?.text}
      </p>
      <div className="actions">
        <button type="button" className="danger" disabled={busy} onClick={() => setAsking(true)}>
          {t("signOutButton")}
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={t("signOutConfirmTitle")}
          text={t("signOutConfirmText")}
          confirmLabel={t("signOutButton")}
          onConfirm={() => void run()}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
