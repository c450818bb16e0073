// The spec's error screens: a routing error, and the crash screen of the whole app; and the
// screen of an address no route reads (a bad percent escape in a user's address, issue 52).

import { Link } from "@tanstack/react-router";
import { SHELL_FRAME } from "../../i18n/areas/shell_frame.ts";
import { useT } from "../../i18n/i18n.ts";

/** An error screen: its title, the way out (Refresh Page) and the details. */
function ErrorScreen(props: { title: string; error: unknown }) {
  const t = useT(SHELL_FRAME);
  const message = props.error instanceof Error ? props.error.message : String(props.error);
  return (
    <div className="crash" role="alert">
      <h1>{props.title}</h1>
      <p>{t("refreshHint")}</p>
      <button type="button" className="primary" onClick={() => globalThis.location.reload()}>
        {t("refreshPage")}
      </button>
      <details>
        <summary>{t("errorDetails")}</summary>
        <pre dir="ltr">{message}</pre>
      </details>
    </div>
  );
}

/** A routing error (a route failed to load or render). */
export function RouteError(props: { error: unknown }) {
  const t = useT(SHELL_FRAME);
  return <ErrorScreen title={t("routeError")} error={props.error} />;
}

/** The crash screen of the whole app. */
export function CrashScreen(props: { error: unknown }) {
  const t = useT(SHELL_FRAME);
  return <ErrorScreen title={t("crash")} error={props.error} />;
}

/** An address the router cannot read: said in the portal's own words, with the way home
 * (unknown paths go home by themselves; this is for one whose escapes cannot be decoded). */
export function NotFoundScreen() {
  const t = useT(SHELL_FRAME);
  return (
    <div className="crash" role="alert">
      <h1>{t("notFound")}</h1>
      <p>{t("notFoundText")}</p>
      <Link to="/" className="button-link">{t("goHome")}</Link>
    </div>
  );
}
