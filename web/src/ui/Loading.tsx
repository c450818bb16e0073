// The 'Loading…' line of a screen whose route is still starting (checking the session, loading
// its data).

import { COMMON } from "../i18n/areas/common.ts";
import { useT } from "../i18n/i18n.ts";

/** 'Loading…', announced as a status. */
export function Loading() {
  const t = useT(COMMON);
  return <p className="loading" role="status">{t("loading")}</p>;
}
