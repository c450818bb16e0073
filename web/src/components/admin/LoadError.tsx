// The box an admin screen shows when its data could not be read: the offline wording when the
// server was not reached, else the screen's title with the server's message; Retry loads again.

import type { ApiError } from "../../api/client.ts";

/** A screen's own words for a failed load. */
export interface LoadErrorTexts {
  /** The title when the server answered with an error ('Error Loading Settings'). */
  failed: string;
  /** The text when the server could not be reached. */
  offline: string;
}

/** A failed load with Retry. */
export function LoadError(props: { error: ApiError; texts: LoadErrorTexts; onRetry: () => void }) {
  const offline = props.error.status === 0;
  return (
    <div className="empty" role="alert">
      <strong>{offline ? "The server cannot be reached" : props.texts.failed}</strong>
      <p>{offline ? props.texts.offline : props.error.message}</p>
      <button type="button" onClick={props.onRetry}>Retry</button>
    </div>
  );
}
