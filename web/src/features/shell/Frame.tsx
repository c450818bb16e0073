// The shared frame of every signed-in screen: header (back, home, title, who is signed in, backend
// badge) and footer (version, year, credit).

import { Link, useLocation, useRouter } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { COMMON } from "../../i18n/areas/common.ts";
import { SHELL_FRAME } from "../../i18n/areas/shell_frame.ts";
import { useT } from "../../i18n/i18n.ts";
import { currentLanguage, DIRECTION } from "../../i18n/language.ts";
import { useBackend } from "./backend.ts";
import { useConnectivity } from "./connectivity.ts";
import { useLayout } from "./layout.ts";
import { useSession } from "./session.ts";
import { developerChatLink, useSharedSettings } from "./shared.ts";
import { InstallButton } from "./PwaControls.tsx";
import { useTimeZone } from "../../ui/When.tsx";

/** Version label of the portal (spec). */
export const VERSION = "2.0.0";

/** The build's name (PORTAL_BUILD at build time; empty by default). */
declare const __PORTAL_BUILD__: string;

/** Header, content and footer of a screen; the subtitle may hold isolated codes (<bdi>). */
export function Frame(
  props: { title: string; subtitle?: ReactNode; version?: string; children: ReactNode },
) {
  const t = useT(COMMON);
  const router = useRouter();
  const path = useLocation({ select: (l) => l.pathname });
  const atHome = path === "/" || path === "/home";
  return (
    <div className="frame">
      <header className="header">
        <div className="header-nav">
          {!atHome && (
            <>
              <button
                type="button"
                className="icon-button"
                aria-label={t("back")}
                onClick={() => router.history.back()}
              >
                {/* the back arrow points to where the text came from: right in Arabic */}
                {DIRECTION[currentLanguage()] === "rtl" ? "→" : "←"}
              </button>
              <Link to="/" className="icon-button" aria-label={t("home")}>
                ⌂
              </Link>
            </>
          )}
        </div>
        <div className="header-title">
          <h1>{props.title}</h1>
          {props.subtitle && <p className="subtitle">{props.subtitle}</p>}
        </div>
        <SignedInAs />
        <ConnectivityBadge />
        <BackendBadge />
        <InstallButton />
      </header>
      <main className="content">{props.children}</main>
      <Footer version={props.version} />
    </div>
  );
}

/** Who is signed in (name and employee code) on every screen, so that a shared PC shows whose
 * session it holds (issue 48, ASVS 5.0 session management). */
export function SignedInAs() {
  const t = useT(SHELL_FRAME);
  const user = useSession((s) => s.user);
  if (user === null) return null;
  const label = t("signedInAs", { name: user.fullName, code: user.employeeCode });
  return (
    <p className="signed-in" role="group" aria-label={label} title={label}>
      <bdi className="signed-in-name">{user.fullName}</bdi>
      <bdi className="signed-in-code">{user.employeeCode}</bdi>
    </p>
  );
}

/** Which backend the app talks to: public, local, localhost or offline. */
export function BackendBadge() {
  const t = useT(SHELL_FRAME);
  const location = useBackend((s) => s.location);
  return (
    <span className="badge" title={globalThis.location?.origin}>
      {t("backend", { location: location ?? t("checking") })}
    </span>
  );
}

/** Online or offline, re-checked every 30 s. */
export function ConnectivityBadge() {
  const t = useT(COMMON);
  const online = useConnectivity((s) => s.online);
  return (
    <span className={`badge ${online ? "online" : "offline"}`} aria-live="polite">
      {online ? t("online") : t("offline")}
    </span>
  );
}

/** Version (an app's own label when given), year, developer credit and compact mode. */
export function Footer(props: { version?: string }) {
  const t = useT(SHELL_FRAME);
  const compact = useLayout((s) => s.compact);
  const toggleCompact = useLayout((s) => s.toggleCompact);
  const user = useSession((s) => s.user);
  const chat = useSharedSettings((s) => s.developerChat);
  const loadFor = useSharedSettings((s) => s.loadFor);
  const zone = useTimeZone();
  useEffect(() => loadFor(user), [user, loadFor]);
  return (
    <footer className="footer">
      <span data-build={__PORTAL_BUILD__}>
        {props.version ?? t("version", { version: VERSION })}
        {__PORTAL_BUILD__ !== "" && ` (${__PORTAL_BUILD__})`}
        {user !== null && (
          <span className="footer-zone">{t("timesIn", { zone: zone.replace(/_/g, " ") })}</span>
        )}
      </span>
      <span>
        {t("credit", { year: new Date().getFullYear() })}
        {user !== null && chat !== "" && (
          <>
            {" · "}
            <a
              href={developerChatLink(
                chat,
                user.fullName,
                user.employeeCode,
                t("chatGreeting", { name: user.fullName, code: user.employeeCode }),
              )}
              target="_blank"
              rel="noreferrer"
            >
              {t("chat")}
            </a>
          </>
        )}
      </span>
      <label className="toggle">
        <input type="checkbox" checked={compact} onChange={toggleCompact} /> {t("compact")}
      </label>
    </footer>
  );
}
