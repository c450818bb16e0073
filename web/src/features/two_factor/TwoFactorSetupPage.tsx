// The required two-factor setup (issue 26): why it is asked, until when it may wait, the
// two-factor section itself, and "Later" (only before the deadline) or "Continue" (once set up,
// after the recovery codes are saved), on to where the user was going; "Sign out" for one who
// cannot set it up now.

import { useNavigate } from "@tanstack/react-router";
import { EXT_TWOFACTOR } from "./texts/ext_twofactor.ts";
import { useT } from "../../i18n/i18n.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { needsTwoFactorSetup, twoFactorSetupOverdue, useSession } from "../shell/session.ts";
import { useTwoFactor } from "./two_factor.ts";
import { Frame } from "../shell/Frame.tsx";
import { When } from "../../ui/When.tsx";
import { TwoFactorSettings } from "./TwoFactorSettings.tsx";
import "./two_factor.css";

/** The setup screen; `redirect` is a path of this site (the route checks it). */
export function TwoFactorSetupPage(props: { redirect: string }) {
  const t = useT(EXT_TWOFACTOR);
  const user = useSession((s) => s.user);
  const codesShown = useTwoFactor((s) => s.recoveryCodes !== null);
  const requiredNow = useTwoFactor((s) => s.status?.required);
  const navigate = useNavigate();
  if (user === null) return null;
  const needed = needsTwoFactorSetup(user);
  const overdue = twoFactorSetupOverdue(user);
  const required = requiredNow ?? needed;

  function later() {
    useSession.getState().deferTwoFactor();
    void navigate({ href: props.redirect });
  }

  async function signOut() {
    await useSession.getState().logout();
    await navigate({ to: "/login" });
  }

  return (
    <Frame title={t("setupTitle")} subtitle={user.fullName}>
      <div className="section tf-intro">
        <p>
          {required ? t("requiredIntro") : t("optionalIntro")} {t("howIntro")}
        </p>
        {needed && !overdue && (
          <p>
            <Rich text={t("laterUntil")} parts={[<When key="0" at={user.twoFactorSetupBy} />]} />
          </p>
        )}
        {overdue && <p className="tf-warning">{t("overdue")}</p>}
      </div>
      <TwoFactorSettings requiredSaid={required} />
      <div className="actions tf-setup-actions">
        <button type="button" className="tf-sign-out" onClick={() => void signOut()}>
          {t("signOut")}
        </button>
        {needed && !overdue && <button type="button" onClick={later}>{t("later")}</button>}
        {!needed && (
          <button
            type="button"
            className="primary"
            disabled={codesShown}
            aria-describedby={codesShown ? "tf-continue-hint" : undefined}
            onClick={() => void navigate({ href: props.redirect })}
          >
            {t("continue")}
          </button>
        )}
      </div>
      {!needed && codesShown && <p id="tf-continue-hint" className="hint">{t("saveCodesFirst")}</p>}
    </Frame>
  );
}
