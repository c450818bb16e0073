// What the admin screens' status lines hold. Its own module because the slices that keep a status
// and the bulk runner that fills one in both need it, and the slices call the runner.

/** A status line: its text, and for bulk actions the counts and one line per account. */
export interface Status {
  ok: boolean;
  text: string;
  counts?: { succeeded: number; failed: number };
  details?: string[];
}
