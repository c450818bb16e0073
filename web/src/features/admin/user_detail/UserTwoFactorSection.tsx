// The user detail's two-factor sign-in (issue 26): how the account's second factors stand (the
// authenticator app and since when, its passkeys with their use, the recovery codes left), and for
// a super admin on another account with a second factor, 'Reset two-factor sign-in' (the page
// asks first). The detail store reads the status with the account; no secret ever reaches it.

import { Link } from "@tanstack/react-router";
import type { TwoFactorStatus } from "../../../../../api/rules/two_factor.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { UDETAIL_PAGE } from "../texts/udetail_page.ts";
import { useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { useUserDetail } from "../admin_users.ts";
import { Item, type SectionProps, useWhen } from "./UserDetailSections.tsx";
import { TwoFactorState } from "../users/UserTable.tsx";
import "../admin_users.css";

/** The account's second factors, with the reset for a super admin. */
export function TwoFactorSection(props: SectionProps & { self: boolean }) {
  const status = useUserDetail((s) => s.twoFactor);
  const error = useUserDetail((s) => s.twoFactorError);
  const busy = useUserDetail((s) => s.busy);
  const t = useT(UDETAIL_PAGE);
  const common = useT(COMMON);
  return (
    <section className="section" aria-labelledby="two-factor-title" aria-busy={status === null}>
      <div className="section-head">
        <h2 id="two-factor-title">{t("twoFactor")}</h2>
        {status !== null && <TwoFactorState on={status.enabled} />}
      </div>
      {error !== null
        ? (
          <p className="error" role="alert">
            {error}{" "}
            <button
              type="button"
              className="link-button"
              onClick={() => void useUserDetail.getState().loadTwoFactor()}
            >
              {common("retry")}
            </button>
          </p>
        )
        : status === null
        ? <p className="loading" role="status">{t("loadingTwoFactor")}</p>
        : <TwoFactorFields status={status} />}
      {status !== null && status.required && !status.enabled && (
        <p className="notice">{t("twoFactorRequired")}</p>
      )}
      {status !== null && status.enabled && props.offers.resetTwoFactor && (
        <div className="actions start">
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              props.open("twoFactor")}
          >
            {t("resetTwoFactor")}
          </button>
        </div>
      )}
      {props.self && (
        <p className="notice">
          <Rich text={t("ownTwoFactor")} parts={[<Link key="profile" to="/profile" />]} />
        </p>
      )}
    </section>
  );
}

/** The authenticator app, the recovery codes left, whether the policy requires it, and the
 * passkeys ("None", or a table of them across the whole width). */
function TwoFactorFields(props: { status: TwoFactorStatus }) {
  const { status } = props;
  const when = useWhen();
  const t = useT(UDETAIL_PAGE);
  const common = useT(COMMON);
  return (
    <dl className="detail-fields">
      <Item label={t("authenticatorApp")}>
        {status.totp === null
          ? common("no")
          : t("totpSince", { time: when(status.totp.enrolledAt) })}
      </Item>
      <Item label={t("recoveryCodesLeft")}>{String(status.recoveryCodesLeft)}</Item>
      <Item label={t("requiredByPolicy")}>{common(status.required ? "yes" : "no")}</Item>
      {status.passkeys.length === 0
        ? <Item label={t("passkeys")}>{common("none")}</Item>
        : (
          <div className="detail-wide">
            <dt id="passkeys-label">{t("passkeys")}</dt>
            <dd className="passkey-table-wrap">
              <table className="passkey-table" aria-labelledby="passkeys-label">
                <thead>
                  <tr>
                    <th scope="col">{t("passkeyName")}</th>
                    <th scope="col">{t("passkeyCreated")}</th>
                    <th scope="col">{t("passkeyLastUsed")}</th>
                  </tr>
                </thead>
                <tbody>
                  {status.passkeys.map((p) => (
                    <tr key={p.id}>
                      <th scope="row">{p.name}</th>
                      <td>{when(p.createdAt)}</td>
                      <td>{p.lastUsedAt === null ? t("never") : when(p.lastUsedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </dd>
          </div>
        )}
    </dl>
  );
}
