// One live message line of the extractor, shown where the action that wrote it sits (next to Run,
// a list's Copy button or the export), so that on a phone the answer is in view; and the badge of
// results that no longer belong to the message shown (currency.ts).

import { type MessageSource, useExtractor } from "./extractor.ts";
import { EXT_PAGE } from "./texts/ext_page.ts";
import { useT } from "../../i18n/i18n.ts";

/** The live message of one part of the screen: green, red, or grey for out-of-date results. */
export function ExtractorMessage(props: { source: MessageSource }) {
  const message = useExtractor((s) => s.message);
  const mine = message?.source === props.source ? message : null;
  const tone = mine?.stale ? "stale" : mine?.ok ? "success" : "error";
  return (
    <p className={`extractor-message ${tone}`} role="status" aria-live="polite">
      {mine?.text}
    </p>
  );
}

/** 'Out of date' beside a heading while the results are not the message shown's; else nothing. */
export function StaleBadge() {
  const t = useT(EXT_PAGE);
  const stale = useExtractor((s) => s.stale);
  return stale ? <span className="stale-badge">{t("outOfDate")}</span> : null;
}
