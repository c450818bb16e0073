// The 'Loading…' line of a screen whose route is still starting (checking the session, loading
// its data).

/** 'Loading…', announced as a status. */
export function Loading() {
  return <p className="loading" role="status">Loading…</p>;
}
