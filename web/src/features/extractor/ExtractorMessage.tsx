// One live message line of the extractor, shown where the action that wrote it sits (next to Run,
// a list's Copy button or the export), so that on a phone the answer is in view.

import { type MessageSource, useExtractor } from "./extractor.ts";

/** The live message of one part of the screen. */
export function ExtractorMessage(props: { source: MessageSource }) {
  const message = useExtractor((s) => s.message);
  const mine = message?.source === props.source ? message : null;
  return (
    <p
      className={`extractor-message ${mine?.ok ? "success" : "error"}`}
      role="status"
      aria-live="polite"
    >
      {mine?.text}
    </p>
  );
}
