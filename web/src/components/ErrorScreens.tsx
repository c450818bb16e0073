// The spec's error screens: a routing error, and the crash screen of the whole app.

/** A routing error (a route failed to load or render): the spec's text and the details. */
export function RouteError(props: { error: unknown }) {
  const message = props.error instanceof Error ? props.error.message : String(props.error);
  return (
    <div className="crash" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>Please refresh the page to try again.</p>
      <button type="button" className="primary" onClick={() => globalThis.location.reload()}>
        Refresh Page
      </button>
      <details>
        <summary>Error details</summary>
        <pre>{message}</pre>
      </details>
    </div>
  );
}

/** The crash screen of the whole app (spec: 'Something went wrong'). */
export function CrashScreen(props: { error: unknown }) {
  const message = props.error instanceof Error ? props.error.message : String(props.error);
  return (
    <div className="crash" role="alert">
      <h1>Something went wrong</h1>
      <p>Please refresh the page to try again.</p>
      <button type="button" className="primary" onClick={() => globalThis.location.reload()}>
        Refresh Page
      </button>
      <details>
        <summary>Error details</summary>
        <pre>{message}</pre>
      </details>
    </div>
  );
}
